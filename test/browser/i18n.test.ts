import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, describeViolations } from '../helpers/axe.js';
import { startServedSite, type ServedSite } from '../helpers/served-site.js';
import { fixture } from '../helpers/site.js';
import { stringsFor } from '../../src/i18n/strings.js';

/** test/fixtures/i18n in Chromium: English at the root, Arabic (right to left) and Simplified Chinese. */
describe('browser: a site in several languages', () => {
  let site: ServedSite;
  beforeAll(async () => {
    site = await startServedSite(fixture('i18n'));
  });
  afterEach(() => site.closePages());
  afterAll(() => site?.close());

  /** A page in the file's kept tab (ServedSite.visit), once the runtime is ready. */
  const ready = async (path: string) => (await site.visitReady(path)).page;

  it("shows an unknown address in a language with that language's not-found page, and the root's in the root", async () => {
    const page = await ready('/docs/ar/guide/');
    const arabic = stringsFor('ar')['notFound.title'];
    // A link the router follows: no page at that address in Arabic.
    await page.evaluate(() => {
      const a = Object.assign(document.createElement('a'), { href: '/docs/ar/no-such-page/', id: 'gone' });
      a.textContent = 'gone';
      document.querySelector('main')!.append(a);
    });
    await page.locator('#gone').click();
    await page.waitForFunction(`location.pathname === '/docs/ar/no-such-page/'`);
    await page.locator('h1', { hasText: arabic }).waitFor();
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
      'ar',
      'rtl',
    ]);
    const english = await ready('/docs/guide/');
    await english.evaluate(() => {
      const a = Object.assign(document.createElement('a'), { href: '/docs/no-such-page/', id: 'gone' });
      a.textContent = 'gone';
      document.querySelector('main')!.append(a);
    });
    await english.locator('#gone').click();
    await english.locator('h1', { hasText: 'Page not found' }).waitFor();
  });

  it('keeps the reader on the same page when the language menu changes the language', async () => {
    const page = await ready('/docs/guide/');
    await page.locator('.language-menu summary').click();
    await page.locator('.language-menu a[hreflang="ar"]').click();
    await page.waitForFunction(`location.pathname === '/docs/ar/guide/'`);
    await page.locator('h1', { hasText: 'الدليل' }).waitFor();
    // A full load: the document's language, direction and top bar are the new language's.
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
      'ar',
      'rtl',
    ]);
    expect(await page.locator('.search-label').textContent()).toBe('بحث');
  });

  it('shows an untranslated page from the original, with a notice, in the locale layout', async () => {
    const page = await ready('/docs/ar/guide/setup/');
    await expect(page.locator('.fallback-notice').textContent()).resolves.toContain('العربية');
    expect(await page.locator('main .content').getAttribute('lang')).toBe('en');
    expect(await page.locator('.nav-group-title').first().textContent()).toBe('البداية');
    // Its copy button is in the page's language.
    expect(await page.locator('.code-block .copy').textContent()).toBe('نسخ');
  });

  it('names each translation of a page in its head, and none for a fallback', async () => {
    const page = await ready('/docs/zh-cn/guide/');
    const alternates = await page
      .locator('link[rel="alternate"][hreflang]')
      .evaluateAll((links) => links.map((l) => `${l.getAttribute('hreflang')} ${l.getAttribute('href')}`));
    expect(alternates).toEqual([
      'en https://acme.example/docs/guide/',
      'ar https://acme.example/docs/ar/guide/',
      'zh-CN https://acme.example/docs/zh-cn/guide/',
      'x-default https://acme.example/docs/guide/',
    ]);
    const fallback = await ready('/docs/zh-cn/guide/setup/');
    expect(await fallback.locator('link[rel="alternate"][hreflang]').count()).toBe(0);
  });

  it('lays out the Arabic pages right to left and passes axe', async () => {
    for (const path of ['/docs/ar/', '/docs/ar/guide/setup/']) {
      const page = await ready(path);
      const [sidebar, main] = await Promise.all([
        page.locator('#sidebar').boundingBox(),
        page.locator('main').boundingBox(),
      ]);
      expect(sidebar!.x).toBeGreaterThan(main!.x); // the sidebar is on the right
      expect(describeViolations(`${path}:`, await axeViolations(page), false)).toEqual([]);
    }
  });

  it('finds a Chinese word inside a sentence, in the Chinese index only', async () => {
    const page = await ready('/docs/zh-cn/');
    await page.keyboard.press('/');
    const input = page.locator('dialog.search-dialog input[role="combobox"]');
    expect(await input.getAttribute('placeholder')).toBe('搜索文档');
    await input.fill('平台');
    const first = page.locator('#docs-search-results [role="option"]').first();
    await first.waitFor();
    expect(await first.textContent()).toContain('触发器');
    expect(
      await page
        .locator('#docs-search-results a')
        .evaluateAll((links) =>
          links.every((a) => new URL((a as HTMLAnchorElement).href).pathname.startsWith('/docs/zh-cn/')),
        ),
    ).toBe(true);
  });
});
