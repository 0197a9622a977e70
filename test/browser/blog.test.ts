import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startServedSite, type ServedSite } from '../helpers/served-site.js';
import { fixture } from '../helpers/site.js';

/** The posts a blog list shows, by title, in order. */
const titles = (page: Page) => page.locator('main h2 a[href^="/"]').allTextContents();

/** test/fixtures/blog in Chromium: a reader pages through the blog with the links and the router. */
describe('browser: blog pagination', () => {
  let site: ServedSite;
  beforeAll(async () => {
    site = await startServedSite(fixture('blog'));
  });
  afterEach(() => site.closePages());
  afterAll(() => site?.close());

  it('pages from the newest posts to the oldest and back, without a reload, the address following', async () => {
    const { page, errors } = await site.open('/docs/blog/', { context: { bypassCSP: false } });
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.runtime)).toBe('ready');
    expect(await titles(page)).toEqual(['Retries with backoff', 'Docs search is faster']);
    await expect.poll(() => page.locator('main').innerText()).toContain('Page 1 of 3');

    await page.getByRole('link', { name: 'Older posts →' }).click();
    await page.waitForURL('**/docs/blog/page/2/');
    await expect.poll(() => titles(page)).toEqual(['A new scheduler', 'Welcome to the blog']);
    expect(await page.locator('main').innerText()).toContain('Page 2 of 3');

    await page.getByRole('link', { name: 'Older posts →' }).click();
    await page.waitForURL('**/docs/blog/page/3/');
    await expect.poll(() => titles(page)).toEqual(['The year in review']);
    expect(await page.getByRole('link', { name: 'Older posts →' }).count()).toBe(0);

    await page.getByRole('link', { name: '← Newer posts' }).click();
    await page.waitForURL('**/docs/blog/page/2/');
    await expect.poll(() => titles(page)).toEqual(['A new scheduler', 'Welcome to the blog']);
    await page.goBack();
    await page.waitForURL('**/docs/blog/page/3/');
    await expect.poll(() => titles(page)).toEqual(['The year in review']);

    // One document all along: the router showed every list.
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
    expect(errors).toEqual([]);
  });

  it("follows a tag from a post to the tag's list", async () => {
    const { page, errors } = await site.open('/docs/blog/2026-02-01-scheduler/', { context: { bypassCSP: false } });
    await page.locator('main a', { hasText: 'runtime' }).first().click();
    await page.waitForURL('**/docs/blog/tags/runtime/');
    await expect.poll(() => titles(page)).toEqual(['Retries with backoff', 'A new scheduler']);
    expect(errors).toEqual([]);
  });
});
