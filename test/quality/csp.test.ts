import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/browser.js';
import { sharedBuild, fixture } from '../helpers/site.js';
import { buildGateSites, serveWithHeaders, watchCsp, type BuiltSite } from './site.js';

type Served = Awaited<ReturnType<typeof serveWithHeaders>>;

/** A page of the context, and every CSP violation there. */
async function watchViolations(context: BrowserContext): Promise<{ page: Page; violations: string[] }> {
  const violations = await watchCsp(context);
  return { page: await context.newPage(), violations };
}

/**
 * Follows a link the router handles and waits until the page is in place: the router names the new
 * route on the body after swapping the sidebar and content. Until then the previous page's sidebar is
 * still there, and a busy machine used to let the next step pick a link from it.
 */
async function navigate(page: Page, link: Locator, base: string): Promise<void> {
  const pathname = new URL((await link.getAttribute('href'))!, page.url()).pathname;
  await link.click();
  await page.waitForFunction((route) => document.body.dataset.route === route, pathname.slice(base.length - 1));
}

/**
 * The CSP gate: the site, served with the headers of its own `_headers` file, runs without a
 * single Content-Security-Policy violation; the policy does block what it should.
 */
describe('quality/csp', () => {
  let sites: BuiltSite[];
  let servers: Served[] = [];
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  beforeAll(async () => {
    sites = await buildGateSites();
    servers = await Promise.all(sites.map((s) => serveWithHeaders(s.outDir, s.base)));
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    for (const s of servers) await s.close();
    for (const s of sites ?? []) await s.cleanup();
  });

  it('serves the Content-Security-Policy header from _headers', async () => {
    const response = await fetch(`${servers[0].origin}${sites[0].base}`);
    expect(response.headers.get('content-security-policy')).toMatch(/^default-src 'self'; script-src 'self' 'sha256-/);
  });

  for (const width of [375, 1280]) {
    it(`navigates, toggles the theme and opens the menu at ${width} px without a CSP violation`, async () => {
      const context = await browser.browser.newContext({ viewport: { width, height: 900 } });
      const { page, violations } = await watchViolations(context);
      try {
        await page.goto(`${servers[0].origin}${sites[0].base}`, { waitUntil: 'load' });
        await navigate(page, page.locator('main .content a[href^="/"]').first(), sites[0].base);
        await page.locator('.theme-toggle').click();
        if (width < 769) {
          await page.locator('.menu-button').click();
          await page.locator('.menu-button[aria-expanded="true"]').waitFor();
        } else {
          await navigate(page, page.locator('#sidebar a').last(), sites[0].base);
        }
        // Whatever the clicks started (chunks, route tables, the sidebar) has finished loading.
        await page.waitForLoadState('networkidle');
      } finally {
        await context.close();
      }
      expect(violations).toEqual([]);
    });
  }

  it('blocks an injected inline script (the policy is really applied)', async () => {
    const context = await browser.browser.newContext();
    const { page, violations } = await watchViolations(context);
    try {
      await page.goto(`${servers[0].origin}${sites[0].base}`, { waitUntil: 'load' });
      const ran = await page.evaluate(async () => {
        const script = document.createElement('script');
        script.textContent = 'window.__injected = true';
        document.head.append(script); // an inline script runs as it is inserted, unless the policy refuses it
        return (window as unknown as { __injected?: boolean }).__injected === true;
      });
      expect(ran).toBe(false);
      await expect.poll(() => violations.some((v) => /script-src/.test(v)), { timeout: 60_000 }).toBe(true);
    } finally {
      await context.close();
    }
  });
});

/**
 * The runtime fixture without and with a container, as the browser tests of analytics build it
 * (test/browser/runtime/analytics.test.ts): the run builds each once for both files.
 */
const CONTAINER = 'GTM-TEST1';

describe('quality/csp with analytics', () => {
  it('lets the tag manager load only when analytics is configured', async () => {
    const off = await sharedBuild(fixture('runtime'));
    const on = await sharedBuild(fixture('runtime'), { analytics: { containerId: CONTAINER } });
    const servers = [await serveWithHeaders(off.outDir, off.base), await serveWithHeaders(on.outDir, on.base)];
    const { browser, close } = await launchBrowser();
    const loaded: boolean[] = [];
    const violations: string[][] = [];
    try {
      for (const server of servers) {
        const context = await browser.newContext();
        const watched = await watchViolations(context);
        // No network here: the tag manager's script is answered locally, as the real one would be.
        await watched.page.route('https://www.googletagmanager.com/**', (route) =>
          route.fulfill({ contentType: 'text/javascript', body: 'window.__gtmLoaded = true;' }),
        );
        await watched.page.goto(`${server.origin}${off.base}`, { waitUntil: 'load' });
        // Without a container the runtime adds no script; add the same one by hand to see the policy refuse it.
        // Waits until the tag manager's script has loaded or been refused.
        await watched.page.evaluate(
          (id) =>
            new Promise<void>((resolve) => {
              if ((window as unknown as { __gtmLoaded?: boolean }).__gtmLoaded) return resolve();
              let script = document.querySelector<HTMLScriptElement>('script[src*="googletagmanager"]');
              if (!script) {
                script = document.createElement('script');
                script.src = `https://www.googletagmanager.com/gtm.js?id=${id}`;
                document.head.append(script);
              }
              script.addEventListener('load', () => resolve());
              script.addEventListener('error', () => resolve());
            }),
          CONTAINER,
        );
        loaded.push(
          await watched.page.evaluate(() => (window as unknown as { __gtmLoaded?: boolean }).__gtmLoaded === true),
        );
        violations.push(watched.violations);
        await context.close();
      }
    } finally {
      await close();
      for (const s of servers) await s.close();
      await off.cleanup();
      await on.cleanup();
    }
    expect(loaded).toEqual([false, true]);
    expect(violations[0].some((v) => /googletagmanager/.test(v))).toBe(true);
    expect(violations[1]).toEqual([]);
  });
});
