import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/browser.js';
import { buildToTemp, fixture, serveDir } from '../helpers/site.js';

describe('browser: static pages', () => {
  let site: Awaited<ReturnType<typeof buildToTemp>>;
  let server: Awaited<ReturnType<typeof serveDir>>;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  beforeAll(async () => {
    site = await buildToTemp(fixture('basic'));
    server = await serveDir(site.outDir);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await site?.cleanup();
  });

  it('shows the page title as the one h1 and sets the document title from the page', async () => {
    const page = await browser.browser.newPage();
    await page.goto(`${server.origin}/docs/guide/code/`);
    expect(await page.locator('h1').allTextContents()).toEqual(['Code blocks']);
    expect(await page.title()).toBe('Code blocks | Fixture Docs');
    await page.close();
  });
});
