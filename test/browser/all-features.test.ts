import type { BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runtimeReady, startServedSite, type ServedSite } from '../helpers/served-site.js';
import { rtlLayout } from '../helpers/browser.js';
import { fixture } from '../helpers/site.js';
import { watchCsp } from '../quality/site.js';

/**
 * test/fixtures/all-features served by the project's own server (with its `_headers`, so the site's
 * Content-Security-Policy applies) to Chromium: pages from each combination of version, language and
 * feature, every one without a console error or a CSP violation.
 */
describe('browser: every feature at once', () => {
  let site: ServedSite;
  /** What every page of the file logged: console errors and uncaught errors, and CSP violations. */
  const errors: string[] = [];
  const violations: string[] = [];
  const closers: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    site = await startServedSite(fixture('all-features'));
  });
  afterEach(async () => {
    await Promise.all(closers.splice(0).map((close) => close()));
    expect(errors.splice(0)).toEqual([]);
    expect(violations.splice(0)).toEqual([]);
  });
  afterAll(() => site?.close());

  /** A page under the site's own CSP (the helper's tabs bypass it to run their probes), once its runtime is ready. */
  async function open(path: string, options: BrowserContextOptions = {}): Promise<Page> {
    const context = await site.browser.newContext(options);
    closers.push(() => context.close());
    const seen = await watchCsp(context);
    closers.push(async () => void violations.push(...seen));
    const page = await context.newPage();
    page.setDefaultTimeout(30_000); // a step that cannot happen says which one
    page.on('console', (message) => {
      if (message.type() === 'error' && !/Content Security Policy/i.test(message.text()))
        errors.push(`${page.url()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => errors.push(`${page.url()}: ${String(error)}`));
    await page.goto(`${site.origin}${path}`, { waitUntil: 'load' });
    await runtimeReady(page);
    return page;
  }

  /** The source the browser chose for each visible image of the content: light and dark variants show one each. */
  const shownImages = (page: Page) =>
    page
      .locator('main .content img')
      .evaluateAll((images) =>
        (images as HTMLImageElement[])
          .filter((img) => img.checkVisibility() && img.complete && img.naturalWidth > 0)
          .map((img) => new URL(img.currentSrc).pathname),
      );

  it('lays out an old version in Hebrew right to left, with its own raster images in each theme', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await open('/docs/1.0/he/guide/setup/', { colorScheme });
      expect(await rtlLayout(page)).toEqual({ lang: 'he', dir: 'rtl', sidebarOnRight: true });
      await page.locator('.version-banner').waitFor();
      // 1.0's own editor.png (560 px wide, 2.0's is 640): a rendition of it, not of the current version's.
      await expect.poll(() => shownImages(page)).toHaveLength(1);
      const [shown] = await shownImages(page);
      expect(shown).toMatch(
        colorScheme === 'light'
          ? /\/docs\/assets\/img\/editor\.\w+\.(480|560)\.avif$/
          : /\/docs\/assets\/img\/editor-dark\.\w+\.\d+\.avif$/,
      );
      if (colorScheme === 'light') expect(shown).not.toBe((await shownImagesOf('/docs/he/guide/setup/'))[0]);
      expect(await page.locator('main .katex').count()).toBeGreaterThan(0); // math
      await page.locator('main .callout', { hasText: 'thirty days' }).waitFor(); // the partial
    }
  });

  /** The images an English or Hebrew page of the current version shows in the light theme. */
  async function shownImagesOf(path: string): Promise<string[]> {
    const page = await open(path, { colorScheme: 'light' });
    await expect.poll(() => shownImages(page)).toHaveLength(1);
    return shownImages(page);
  }

  it("renders an old version's MDX page with its component from outside content/, the custom CSS and the footer override", async () => {
    const page = await open('/docs/1.0/guide/widgets/');
    const callout = page.locator('main aside.everything-callout');
    await callout.waitFor();
    expect(await callout.textContent()).toContain('Widget tip');
    await page.locator('main', { hasText: "Widgets of 1.0 show a flow's last run." }).waitFor();
    // styles/brand.css, linked as the site's custom stylesheet.
    expect(await callout.evaluate((el) => getComputedStyle(el).borderInlineStartColor)).toBe('rgb(11, 110, 79)');
    await page.locator('footer', { hasText: 'Made by the Everything docs team.' }).waitFor();
    await page.locator('main pre code', { hasText: "widget('runs')" }).waitFor();
  });

  it('serves each version and language its changelog feed, linked from the page', async () => {
    for (const prefix of ['/docs/', '/docs/1.0/', '/docs/he/']) {
      const page = await open(`${prefix}changelog/`);
      const href = await page
        .locator('link[rel="alternate"][type="application/atom+xml"]')
        .first()
        .getAttribute('href');
      expect(href).toBe(`${prefix}changelog/feed.xml`);
      const response = await fetch(`${site.origin}${href}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/xml/);
      const xml = await response.text();
      expect(xml).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
      expect(xml).toContain(`https://everything.example${prefix}changelog/#2026-03-01`);
    }
  });

  it('finds a page of the old version in Hebrew from its search, and only there', async () => {
    const page = await open('/docs/1.0/he/');
    for (const word of ['quillwort', 'צבעוני']) {
      await page.keyboard.press('/');
      const input = page.locator('dialog.search-dialog input[role="combobox"]');
      await input.fill(word);
      const results = page.locator('#docs-search-results a');
      await results.first().waitFor();
      const found = await results.evaluateAll((links) =>
        links.map((a) => new URL((a as HTMLAnchorElement).href).pathname),
      );
      expect(found).toEqual(['/docs/1.0/he/guide/setup/']);
      await page.keyboard.press('Escape');
      // As a reader would: the next `/` once the dialog is closed and the focus has left it.
      await page.waitForFunction(
        () =>
          !document.querySelector<HTMLDialogElement>('dialog.search-dialog')?.open &&
          !document.activeElement?.closest('dialog'),
      );
    }
  });

  it('moves between versions, languages, MDX, the API reference, the glossary and the blog without a full load', async () => {
    const page = await open('/docs/1.0/guide/setup/');
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    const follow = async (link: ReturnType<Page['locator']>, route: string) => {
      await link.first().click({ timeout: 20_000 });
      await page.waitForFunction((r) => document.body.dataset.route === r, route, { timeout: 20_000 });
    };
    await follow(page.locator('#sidebar a[href="/docs/1.0/guide/widgets/"]'), '/1.0/guide/widgets/');
    await page.locator('main aside.everything-callout').waitFor();
    // A nested group, closed: its summary opens it.
    await page.locator('#sidebar details summary', { hasText: 'Advanced' }).click();
    await follow(page.locator('#sidebar a[href="/docs/1.0/guide/advanced/"]'), '/1.0/guide/advanced/');
    await follow(page.locator('main a[href="/docs/1.0/guide/advanced/tuning/"]'), '/1.0/guide/advanced/tuning/');
    await page.locator('#sidebar a[href="/docs/1.0/guide/advanced/tuning/"][aria-current="page"]').waitFor();
    // A closed group's title opens it in place; its links then lead on.
    await page.locator('#sidebar a.nav-group-title[href="/docs/1.0/api/"]').click();
    await follow(page.locator('#sidebar li:not(.nav-group) > a[href="/docs/1.0/api/"]'), '/1.0/api/');
    await page.locator('main .api-try').first().waitFor(); // the try-it panel
    // The build plugin's page is made for the current version: 1.0's sidebar leads there.
    await follow(page.locator('#sidebar a[href="/docs/glossary/"]'), '/glossary/');
    await page.locator('main h2', { hasText: 'Flow' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

    // The language menu: the same page in Hebrew; then the blog, from the top bar.
    await page.locator('.language-menu:not(.version-menu) summary').click();
    await page.locator('.language-menu a[hreflang="he"]').click();
    await page.waitForFunction(`location.pathname === '/docs/he/glossary/'`, undefined, { timeout: 20_000 });
    await runtimeReady(page);
    await page.locator('header a', { hasText: 'Blog' }).first().click();
    await page.waitForFunction(`location.pathname.endsWith('/blog/')`, undefined, { timeout: 20_000 });
    await page.locator('main', { hasText: 'Everything 2.0 is out' }).waitFor();
  });

  it('shows the home layout in both languages of the current version', async () => {
    const page = await open('/docs/');
    await page.locator('main .hero', { hasText: 'Flows that run on every event' }).waitFor();
    const hebrew = await open('/docs/he/');
    await hebrew.locator('main .hero', { hasText: 'זרימות שרצות על כל אירוע' }).waitFor();
    expect(await hebrew.evaluate(() => document.documentElement.dir)).toBe('rtl');
  });
});
