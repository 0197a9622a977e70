import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runtimeReady } from '../../helpers/served-site.js';
import { documentKept, markDocument, startSite, type RuntimeSite } from './site.js';

/** What the tests compare between a page shown by the router and the same page loaded whole. */
const HEAD = `({
  title: document.title,
  lang: document.documentElement.lang,
  description: document.querySelector('meta[name="description"]')?.content,
  canonical: document.querySelector('link[rel="canonical"]')?.href,
  robots: document.querySelector('meta[name="robots"]')?.content ?? null,
  og: [...document.querySelectorAll('meta[property^="og:"]')].map((m) => m.getAttribute('property') + '=' + m.content).sort(),
  h1: [...document.querySelectorAll('h1')].map((h) => h.textContent),
  sidebar: document.querySelector('[data-region="sidebar"]').innerHTML,
  toc: document.querySelector('[data-region="toc"]').innerHTML,
  wide: document.querySelector('.layout').classList.contains('wide'),
  route: document.body.dataset.route,
})`;

const title = (page: Page, text: string) => page.locator('h1#page-title', { hasText: text }).waitFor();
/** `history.length` of a tab that has opened one page (after about:blank). */
const ONE_ENTRY = 2;
const path = (page: Page) => new URL(page.url()).pathname + new URL(page.url()).hash;

/** One served site and one kept tab for the file: each test visits its first page afresh (ServedSite.visit). */
let site: RuntimeSite;
beforeAll(async () => {
  site = await startSite();
});
afterEach(() => site.closePages());
afterAll(() => site?.close());

describe('browser/runtime: client-side navigation', () => {
  it('shows a page of the base without reloading the document', async () => {
    const { page, errors } = await site.visit('/docs/');
    await markDocument(page);
    await page.locator('main a', { hasText: /^Second page$/ }).click();
    await title(page, 'Second page');
    expect(path(page)).toBe('/docs/guide/second/');
    expect(await documentKept(page)).toBe(true);
    expect(errors).toEqual([]);
  });

  it('leaves the head, regions and layout as the static HTML of the page has them', async () => {
    for (const [from, link, to] of [
      ['/docs/', 'Second page', '/docs/guide/second/'],
      ['/docs/', 'About', '/docs/about/'],
      ['/docs/about/', 'Overview', '/docs/'],
    ]) {
      const { page: direct } = await site.visit(to);
      const expected = await direct.evaluate(HEAD);
      const { page } = await site.visit(from);
      await page
        .locator('main a, #sidebar a', { hasText: new RegExp(`^${link}$`) })
        .first()
        .click();
      await page.waitForURL(`**${to}`);
      await page.waitForFunction(`document.body.dataset.route === ${JSON.stringify(to.slice('/docs'.length))}`);
      expect(await page.evaluate(HEAD)).toEqual(expected);
    }
  });

  it('has one h1 and a title built from the page title and the site title', async () => {
    const { page } = await site.visit('/docs/guide/second/');
    expect(await page.locator('h1').allTextContents()).toEqual(['Second page']);
    expect(await page.title()).toBe('Second page | Runtime Docs');
  });

  it('moves focus to the new page title and announces it politely', async () => {
    const { page } = await site.visit('/docs/');
    await page.locator('main a', { hasText: /^About$/ }).click();
    await title(page, 'About');
    expect(await page.evaluate('document.activeElement.id')).toBe('page-title');
    expect(await page.getAttribute('#announcer', 'aria-live')).toBe('polite');
    expect(await page.textContent('#announcer')).toBe('About | Runtime Docs');
  });

  it('restores the page and its scroll position on back and forward', async () => {
    const { page } = await site.visit('/docs/guide/long/');
    await markDocument(page);
    await page.evaluate('scrollTo(0, 1500)');
    await page.waitForFunction('scrollY === 1500');
    await page.locator('#sidebar a', { hasText: 'Second page' }).click();
    await title(page, 'Second page');
    expect(await page.evaluate('scrollY')).toBe(0);
    await page.evaluate('scrollTo(0, 40)');

    await page.goBack();
    await title(page, 'Long page');
    await page.waitForFunction('scrollY === 1500');
    expect(new URL(page.url()).pathname).toBe('/docs/guide/long/');

    await page.goForward();
    await title(page, 'Second page');
    await page.waitForFunction('scrollY === 40');
    expect(await documentKept(page)).toBe(true);
  });

  it('keeps the scroll position of a page across a reload', async () => {
    const { page } = await site.visit('/docs/guide/long/');
    await page.evaluate('scrollTo(0, 1234)');
    await page.waitForFunction('scrollY === 1234');
    await page.reload();
    await runtimeReady(page);
    // Waited for, not read at once: a busy machine may lay the page out after the runtime starts.
    await page.waitForFunction('scrollY === 1234', undefined, { timeout: 30_000 });
  });

  it('scrolls to the heading a #hash link names, on another page and on the same one', async () => {
    const { page } = await site.visit('/docs/');
    await markDocument(page);
    await page.locator('main a', { hasText: 'details section' }).click();
    await title(page, 'Second page');
    expect(path(page)).toBe('/docs/guide/second/#details');
    const top = (id: string) =>
      page.evaluate(`Math.round(document.getElementById(${JSON.stringify(id)}).getBoundingClientRect().top)`);
    await expect.poll(() => top('details')).toBeLessThan(100);

    const entries = await page.evaluate('history.length');
    await page.locator('.toc a', { hasText: 'Overview of the second page' }).click();
    await page.waitForURL('**/docs/guide/second/#overview-of-the-second-page');
    expect(await page.evaluate('history.length')).toBe((entries as number) + 1);
    expect(await top('overview-of-the-second-page')).toBeLessThan(100);
    expect(await documentKept(page)).toBe(true);
  });

  it('leaves modified clicks, other targets, downloads and data-no-router links to the browser', async () => {
    const { page } = await site.visit('/docs/');
    await markDocument(page);
    const context = page.context();
    const clicks: [string, Parameters<Page['click']>[1]][] = [
      ['main a[href="/docs/guide/second/"]:not([id])', { modifiers: ['ControlOrMeta'] }],
      ['main a[href="/docs/guide/second/"]:not([id])', { modifiers: ['Shift'] }],
      ['main a[href="/docs/guide/second/"]:not([id])', { button: 'middle' }],
      ['#blank-link', {}],
    ];
    for (const [selector, options] of clicks) {
      const opened = context.waitForEvent('page');
      await page.click(selector, options);
      await (await opened).close();
      expect(path(page), selector).toBe('/docs/');
    }
    const download = page.waitForEvent('download');
    await page.click('#download-link');
    expect((await download).url()).toBe(`${site.origin}/docs/guide/second/`);
    expect(path(page)).toBe('/docs/');
    expect(await documentKept(page)).toBe(true);

    await page.click('#no-router-link');
    await title(page, 'Second page');
    expect(await documentKept(page)).toBe(false);
  });

  it('expands a collapsed sidebar group in place and keeps it open on the next page', async () => {
    const { page } = await site.visit('/docs/');
    await markDocument(page);
    const group = page.locator('#sidebar li.nav-group', { hasText: 'Reference' });
    expect(await group.getAttribute('data-expanded')).toBe('false');
    await group.locator('a.nav-group-title').click();
    await page.locator('#sidebar li.nav-group[data-expanded="true"]', { hasText: 'Reference' }).waitFor();
    expect(await group.locator('ul a').allTextContents()).toEqual(['Reference', 'API reference']);
    expect(path(page)).toBe('/docs/');
    expect(await page.evaluate('document.activeElement.textContent')).toBe('Reference');

    await page.locator('#sidebar a', { hasText: 'About' }).click();
    await title(page, 'About');
    await page.locator('#sidebar li.nav-group[data-expanded="true"]', { hasText: 'Reference' }).waitFor();
    expect(await documentKept(page)).toBe(true);
  });

  it('keeps code-block copy buttons and the theme toggle working after a navigation', async () => {
    const { page } = await site.visit('/docs/', { context: { permissions: ['clipboard-read', 'clipboard-write'] } });
    await page.locator('main a', { hasText: /^Second page$/ }).click();
    await title(page, 'Second page');
    await page.click('.code-block .copy');
    await page.locator('.code-block .copy', { hasText: 'Copied' }).waitFor();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe('const answer = 42;');
    const theme = await page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'");
    await page.click('.theme-toggle');
    expect(await page.evaluate('document.documentElement.dataset.theme')).toBe(theme === 'dark' ? 'light' : 'dark');
  });
});

describe('browser/runtime: addresses, redirects and not found', () => {
  it('replaces a page opened at index.html with its slash form, without a new history entry', async () => {
    const { page } = await site.open('/docs/guide/second/index.html#details');
    await title(page, 'Second page');
    expect(path(page)).toBe('/docs/guide/second/#details');
    expect(await page.evaluate('history.length')).toBe(ONE_ENTRY);
  });

  /** Follows a link of the home page and lands on /docs/guide/second/ in the same document. */
  async function expectSecondPageWithoutReload(link: string): Promise<void> {
    const { page } = await site.visit('/docs/');
    await markDocument(page);
    await page.click(link);
    await title(page, 'Second page');
    expect(path(page), link).toBe('/docs/guide/second/');
    expect(await documentKept(page), link).toBe(true);
  }

  it('shows the slash form of a link to index.html, a path without a slash or with .html', async () => {
    for (const link of ['#index-html-link', '#no-slash-link', '#html-link']) await expectSecondPageWithoutReload(link);
  });

  it('lands on the page when 404.html is served for its .html form', async () => {
    const { page } = await site.open('/docs/guide/second.html');
    await title(page, 'Second page');
    await page.waitForURL('**/docs/guide/second/');
    expect(await page.title()).toBe('Second page | Runtime Docs');
    expect(await page.evaluate('history.length')).toBe(ONE_ENTRY);
  });

  it('follows redirects on the client, a two-hop chain included', async () => {
    for (const link of ['#redirect-link', '#chain-link']) await expectSecondPageWithoutReload(link);
  });

  it('follows a redirect when 404.html is served for its old address', async () => {
    const { page } = await site.visit('/docs/old-second.html');
    await title(page, 'Second page');
    await page.waitForURL('**/docs/guide/second/');
  });

  it('leaves the site for an exact redirect to an external address', async () => {
    const { page } = await site.open('/docs/', {
      before: (p) =>
        p.route('https://apps.acme.example/**', (route) =>
          route.fulfill({ contentType: 'text/html', body: '<title>App directory</title>' }),
        ),
    });
    const request = page.waitForRequest('https://apps.acme.example/directory');
    await page.click('#external-redirect-link');
    await request;
    await page.waitForURL('https://apps.acme.example/directory');
    expect(await page.title()).toBe('App directory');
  });

  it('shows the not-found page for an unknown address and keeps the address as typed', async () => {
    const { page, errors } = await site.visit('/docs/');
    await markDocument(page);
    await page.click('#missing-link');
    await title(page, 'Page not found');
    expect(path(page)).toBe('/docs/no/such/page');
    expect(await page.title()).toBe('Page not found | Runtime Docs');
    expect(await page.getAttribute('meta[name="robots"]', 'content')).toBe('noindex');
    expect(await page.evaluate('document.body.dataset.notFound')).toBe('true');
    expect(await documentKept(page)).toBe(true);

    await page.goBack();
    await title(page, 'Overview');
    expect(await page.locator('meta[name="robots"]').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('keeps the not-found page and the address when 404.html is served for an unknown address', async () => {
    const { page } = await site.visit('/docs/no/such/page');
    await page.waitForLoadState('networkidle');
    expect(path(page)).toBe('/docs/no/such/page');
    expect(await page.locator('h1').allTextContents()).toEqual(['Page not found']);
  });
});
