import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runtimeReady } from '../../helpers/served-site.js';
import { documentKept, markDocument, startSite, type RuntimeSite } from './site.js';

/** Records whether a progress bar was ever in the page (set before any script of the page runs). */
const WATCH_PROGRESS = `window.__progressSeen = false;
new MutationObserver(() => { if (document.querySelector('[role="progressbar"]')) window.__progressSeen = true; })
  .observe(document, { childList: true, subtree: true });`;

/**
 * A browser whose IntersectionObserver never reports: the links in view are not loaded ahead, so a chunk requested
 * after a hover was asked for by the hover. Without it, the page's prefetch of the links in view (when idle, within
 * 2 s) could fetch the chunk before the test listens, and the hover then asks for nothing: on a loaded machine it did.
 */
const NO_VIEW_PREFETCH = `window.IntersectionObserver = class { observe() {} unobserve() {} disconnect() {} takeRecords() { return []; } };`;

describe('browser/runtime: progress bar and prefetching', () => {
  let site: RuntimeSite;
  beforeAll(async () => {
    site = await startSite();
  });
  afterEach(() => site.closePages());
  afterAll(() => site?.close());

  it('shows an accessible progress bar while the chunk of the next page is on its way', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const { page } = await site.open('/docs/', {
      before: (p) =>
        p.route('**/docs/assets/js/**', async (route) => {
          await released;
          await route.continue();
        }),
      // Prefetching may ask for a chunk before the load event (when idle, or after 2 s on a busy machine): held
      // back, it would hold the load event back until the test releases it, which it does only after the click.
      waitUntil: 'domcontentloaded',
    });
    await runtimeReady(page);
    await markDocument(page);
    await page.locator('main a', { hasText: /^Second page$/ }).click();
    const bar = page.locator('[role="progressbar"]');
    await bar.waitFor();
    expect(await bar.getAttribute('aria-valuemin')).toBe('0');
    expect(await bar.getAttribute('aria-valuemax')).toBe('100');
    expect(Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(8);
    expect(await bar.getAttribute('aria-label')).toBe('Loading page');
    expect(await page.locator('h1').textContent()).toBe('Overview');

    release();
    await page.locator('h1', { hasText: 'Second page' }).waitFor();
    await bar.waitFor({ state: 'detached' });
    expect(await documentKept(page)).toBe(true);
  });

  it('loads the chunks of links in view ahead, so following one needs no request and no progress bar', async () => {
    const chunk = await site.chunkUrlOf('/guide/second/');
    const requests: string[] = [];
    const { page } = await site.open('/docs/', {
      before: async (p) => {
        p.on('request', (request) => requests.push(request.url()));
        await p.addInitScript(WATCH_PROGRESS);
      },
    });
    // The loader removes its script tag once the chunk has run.
    await page.waitForFunction(
      `performance.getEntriesByName(${JSON.stringify(chunk)}).length > 0 && !document.querySelector('script[src="${new URL(chunk).pathname}"]')`,
    );
    await page.locator('main a', { hasText: /^Second page$/ }).click();
    await page.locator('h1', { hasText: 'Second page' }).waitFor();
    // Asked for once, ahead; the new page may prefetch its own links meanwhile.
    expect(requests.filter((url) => url === chunk)).toHaveLength(1);
    expect(await page.evaluate('window.__progressSeen')).toBe(false);
  });

  it('prefetches the chunk of a link the visitor points at', async () => {
    const chunk = await site.chunkUrlOf('/reference/api/');
    const requests: string[] = [];
    const { page } = await site.open('/docs/reference/', {
      before: async (p) => {
        p.on('request', (request) => requests.push(request.url()));
        await p.addInitScript(NO_VIEW_PREFETCH);
      },
    });
    expect(requests).not.toContain(chunk);
    const requested = page.waitForRequest(chunk);
    await page.hover('main a[href="/docs/reference/api/"]');
    await requested;
  });

  it('never shows the progress bar for a page already loaded', async () => {
    const { page } = await site.open('/docs/guide/long/', { before: (p) => p.addInitScript(WATCH_PROGRESS) });
    await page.locator('#sidebar a', { hasText: 'Second page' }).click();
    await page.locator('h1', { hasText: 'Second page' }).waitFor();
    // On a slow machine the first navigation may have needed a bar: let it finish fading out first.
    await page.waitForFunction(`!document.querySelector('[role="progressbar"]')`);
    await page.evaluate('window.__progressSeen = false');
    await page.goBack();
    await page.locator('h1', { hasText: 'Long page' }).waitFor();
    await page.goForward();
    await page.locator('h1', { hasText: 'Second page' }).waitFor();
    expect(await page.evaluate('window.__progressSeen')).toBe(false);
  });
});
