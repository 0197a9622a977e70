import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startServedSite, type ServedSite } from '../helpers/served-site.js';
import { fixture } from '../helpers/site.js';

/** test/fixtures/plugins in Chromium, under the site's own CSP: a plugin's inline script and its client module. */
describe('browser: plugins', () => {
  let site: ServedSite;
  beforeAll(async () => {
    site = await startServedSite(fixture('plugins'));
  });
  afterEach(() => site.closePages());
  afterAll(() => site?.close());

  const dataset = (page: import('playwright-core').Page) =>
    page.evaluate(() => ({ ...document.documentElement.dataset }));

  it("runs the plugin's inline head script under the CSP of _headers, and its module only on the page that needs it, also after the router's navigation", async () => {
    const { page, errors } = await site.open('/docs/', { context: { bypassCSP: false } });
    await expect.poll(async () => (await dataset(page)).runtime).toBe('ready');
    expect((await dataset(page)).releases).toBe('on');
    expect((await dataset(page)).releasesClient).toBeUndefined();
    await page.locator('main p a[href="/docs/releases/"]').click();
    await page.waitForURL('**/docs/releases/');
    await expect.poll(async () => (await dataset(page)).releasesClient).toBe('loaded');
    // Loaded by the router (no reload): the page's document is the first one.
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
    expect(await page.locator('main h2.release-latest').count()).toBe(1);
    expect(errors).toEqual([]);
  });
});
