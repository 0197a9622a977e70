import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/browser.js';
import { buildToTemp, fixture, serveDir } from '../helpers/site.js';

describe('browser: the static pages with JavaScript off', () => {
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

  it('shows the sidebar after the content on a phone, with no dead menu button, and links still work', async () => {
    const context = await browser.browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 700 } });
    const page = await context.newPage();
    await page.goto(`${server.origin}/docs/guide/`);
    expect(await page.locator('.menu-button').isVisible()).toBe(false);
    const sidebar = page.locator('#sidebar');
    expect(await sidebar.isVisible()).toBe(true);
    const [mainBox, sidebarBox] = [await page.locator('main').boundingBox(), await sidebar.boundingBox()];
    expect(sidebarBox!.y).toBeGreaterThan(mainBox!.y);
    expect(await page.locator('.copy').first().isVisible()).toBe(false);
    // A collapsed group is a plain link to its first page.
    await page.locator('#sidebar a.nav-group-title', { hasText: 'Guide' }).click();
    await page.waitForURL('**/docs/guide/code/');
    expect(await page.locator('h1').textContent()).toBe('Code blocks');
    await context.close();
  });

  it('keeps the drawer for visitors with JavaScript: the sidebar is hidden until the menu opens it', async () => {
    const context = await browser.browser.newContext({ viewport: { width: 375, height: 700 } });
    const page = await context.newPage();
    await page.goto(`${server.origin}/docs/guide/`);
    expect(await page.locator('.menu-button').isVisible()).toBe(true);
    expect(await page.locator('#sidebar').isVisible()).toBe(false);
    await context.close();
  });
});
