import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startServedSite, type ServedSite } from '../../helpers/served-site.js';
import { fixture } from '../../helpers/site.js';

describe('browser/search: results open through the router', () => {
  let site: ServedSite;
  beforeAll(async () => {
    site = await startServedSite(fixture('search'));
  });
  afterEach(() => site.closePages());
  afterAll(() => site?.close());

  it('lands on the section of the result without reloading the document', async () => {
    const page = await site.ready('/docs/');
    await page.evaluate('window.__marker = "kept"');
    await page.keyboard.press('/');
    await page.locator('dialog.search-dialog input[role="combobox"]').fill('retries');
    await page.locator('#docs-search-results [role="option"]').first().waitFor();
    const href = await page
      .locator('#docs-search-results [role="option"] a, #docs-search-results a[role="option"]')
      .first()
      .getAttribute('href');
    await page.keyboard.press('Enter');
    await page.waitForFunction(`location.pathname !== '/docs/'`);
    const url = new URL(page.url());
    expect(url.pathname + url.hash).toBe(href);
    await page.locator('h1', { hasText: 'Retries' }).waitFor();
    if (url.hash) expect(await page.locator(`[id="${decodeURIComponent(url.hash.slice(1))}"]`).count()).toBe(1);
    expect(await page.evaluate('window.__marker')).toBe('kept');
  });
});
