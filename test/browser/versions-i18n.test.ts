import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { stringsFor } from '../../src/i18n/strings.js';
import { fill } from '../../src/shared/ui-strings.js';
import { axeViolations, describeViolations } from '../helpers/axe.js';
import { rtlLayout } from '../helpers/browser.js';
import { startServedSite, type ServedSite } from '../helpers/served-site.js';
import { fixture } from '../helpers/site.js';

/** test/fixtures/versions-i18n in Chromium: 2.0 and 1.0, each in English and Arabic (right to left). */
describe('browser: versions and languages together', () => {
  let site: ServedSite;
  beforeAll(async () => {
    site = await startServedSite(fixture('versions-i18n'));
  });
  afterEach(() => site.closePages());
  afterAll(() => site?.close());

  /** A page in the file's kept tab (ServedSite.visit), once the runtime is ready. */
  const ready = async (path: string) => (await site.visitReady(path)).page;

  it('keeps the reader on the same page: the version menu in the language, the language menu in the version', async () => {
    const page = await ready('/docs/1.0/ar/guide/setup/');
    await page.locator('.version-menu summary').click();
    await page.locator('.version-menu a', { hasText: 'v2.0 (latest)' }).click();
    await page.waitForFunction(`location.pathname === '/docs/ar/guide/setup/'`);
    await page.locator('.content', { hasText: 'الجديد' }).waitFor();

    const old = await ready('/docs/1.0/ar/guide/setup/');
    await old.locator('.language-menu:not(.version-menu) summary').click();
    await old.locator('.language-menu a[hreflang="en"]').click();
    await old.waitForFunction(`location.pathname === '/docs/1.0/guide/setup/'`);
    await old.locator('.content', { hasText: 'Install Node.js 18, then run the old zephyrine installer.' }).waitFor();
    expect(await old.evaluate(() => document.documentElement.dir)).not.toBe('rtl');
  });

  it('prints neither the version menu nor the language menu, and keeps the version banner', async () => {
    const page = await ready('/docs/1.0/ar/guide/setup/');
    const visible = () =>
      page.evaluate(() =>
        ['.version-menu', '.language-menu:not(.version-menu)', '.version-banner', 'main h1'].map((selector) =>
          [...document.querySelectorAll<HTMLElement>(selector)].some((el) =>
            el.checkVisibility({ visibilityProperty: true }),
          ),
        ),
      );
    expect(await visible()).toEqual([true, true, true, true]); // on screen: all of them
    await page.emulateMedia({ media: 'print' });
    try {
      expect(await visible()).toEqual([false, false, true, true]);
    } finally {
      await page.emulateMedia({ media: null });
    }
  });

  it('lays out an old version in Arabic right to left, with its banner, and passes axe', async () => {
    const page = await ready('/docs/1.0/ar/guide/setup/');
    expect(await rtlLayout(page)).toEqual({ lang: 'ar', dir: 'rtl', sidebarOnRight: true });
    await page.locator('.version-banner').waitFor();
    expect(describeViolations('/docs/1.0/ar/guide/setup/:', await axeViolations(page), false)).toEqual([]);
  });

  it("expands a closed sidebar group of an old version's locale in that locale", async () => {
    const page = await ready('/docs/1.0/ar/guide/setup/');
    await page.locator('li.nav-group[data-expanded="false"] > a.nav-group-title').click();
    await page.locator('#sidebar details summary', { hasText: 'المزيد' }).waitFor();
    expect(await page.locator('#sidebar a[href="/docs/1.0/ar/guide/jobs/"]').count()).toBe(1);
    expect(await page.locator('#sidebar a[href="/docs/1.0/guide/jobs/"]').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/docs/1.0/ar/guide/setup/'); // expanded in place
  });

  it('searches only the pages of the version and language being read', async () => {
    const none = (word: string) => fill(stringsFor('ar')['search.none'], { query: word });
    const page = await ready('/docs/1.0/ar/');
    await page.keyboard.press('/');
    const input = page.locator('dialog.search-dialog input[role="combobox"]');
    await input.fill('zephyrine'); // in every version and language
    const results = page.locator('#docs-search-results a');
    await results.first().waitFor({ timeout: 20000 });
    const found = await results.evaluateAll((links) =>
      links.map((a) => new URL((a as HTMLAnchorElement).href).pathname),
    );
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((p) => p.startsWith('/docs/1.0/ar/'))).toBe(true);
    await input.fill('orchestration'); // only in 2.0
    await page.locator('dialog.search-dialog', { hasText: none('orchestration') }).waitFor({ timeout: 20000 });
  });
});
