import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSite, type RuntimeSite } from './site.js';

/** Scrolls so a heading sits where a `#hash` jump puts it (the CSS scroll-padding below the top bar). */
async function scrollToHeading(page: Page, id: string): Promise<number> {
  return page.evaluate(`(() => {
    const padding = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop);
    scrollTo(0, Math.round(document.getElementById(${JSON.stringify(id)}).getBoundingClientRect().top + scrollY - padding));
    return scrollY;
  })()`);
}

const activeLinks = (page: Page) =>
  page
    .locator('.toc a.active')
    .evaluateAll((links) => links.map((a) => [a.getAttribute('href'), a.getAttribute('aria-current')]));

describe('browser/runtime: scroll-spy', () => {
  let site: RuntimeSite;
  beforeAll(async () => {
    site = await startSite();
  });
  afterEach(() => site.closePages());
  afterAll(() => site?.close());

  it('marks the heading in view in the outline and follows it with the URL hash, without history entries or jumps', async () => {
    const { page } = await site.visit('/docs/guide/long/');
    const entries = await page.evaluate('history.length');
    expect(await activeLinks(page)).toEqual([]);

    const y = await scrollToHeading(page, 'step-five');
    await page.waitForFunction(`location.hash === '#step-five'`);
    expect(await activeLinks(page)).toEqual([['#step-five', 'location']]);
    expect(await page.evaluate('scrollY')).toBe(y);

    // A level-3 heading counts too.
    await scrollToHeading(page, 'step-six');
    await page.waitForFunction(`location.hash === '#step-six'`);
    expect(await activeLinks(page)).toEqual([['#step-six', 'location']]);

    // Just above a heading, the one before it is still current.
    await page.evaluate(`scrollBy(0, -40)`);
    await page.waitForFunction(`location.hash === '#step-five'`);

    await page.evaluate('scrollTo(0, 0)');
    await page.waitForFunction(`location.hash === ''`);
    expect(await activeLinks(page)).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/docs/guide/long/');
    expect(await page.evaluate('history.length')).toBe(entries);
  });

  it('follows the headings of a page the router showed', async () => {
    const { page } = await site.visit('/docs/guide/second/');
    await page.click('main a[href="/docs/guide/long/#step-five"]');
    await page.waitForURL('**/docs/guide/long/#step-five');
    expect(await activeLinks(page)).toEqual([['#step-five', 'location']]);
    await scrollToHeading(page, 'step-eight');
    await page.waitForFunction(`location.hash === '#step-eight'`);
    expect(await activeLinks(page)).toEqual([['#step-eight', 'location']]);
  });
});
