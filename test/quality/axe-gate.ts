import type { IncomingMessage, Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeInSchemes, axeViolations, describeViolations, injectAxe, serveAxeFrom } from '../helpers/axe.js';
import { inPages, launchBrowser } from '../helpers/browser.js';
import { serveDir } from '../helpers/site.js';
import { buildGateSites, pagePaths, pageSettled, watchCsp, type BuiltSite } from './site.js';

/** The widths of a phone and of a laptop: the drawer layout and the three-column one. */
const WIDTHS = [1280, 375];
const HEIGHT = 900;
/** Pages checked at once in each file (test/helpers/browser.ts, inPages). */
const PAGES_AT_ONCE = 3;

/**
 * The pages are those of a visitor who saves data: the runtime prefetches no other page's chunk
 * (client/prefetch.ts), which leaves the document axe judges as it is and took a quarter of the
 * gate's CPU (30-odd chunks fetched, served and run a page).
 */
const SAVES_DATA = `Object.defineProperty(Navigator.prototype, 'connection', { get: () => ({ saveData: true }) })`;

/**
 * The site's server answers the gate's pages uncompressed: compressing each page once with brotli at its highest
 * quality (src/serve/index.ts, as `docs serve` does) cost the test process 30 to 110 ms of CPU a page, for bytes that
 * nothing here judges. The server reads the request's Accept-Encoding after this listener has removed it.
 */
function uncompressed(server: Server): void {
  server.prependListener('request', (request: IncomingMessage) => delete request.headers['accept-encoding']);
}

/**
 * The accessibility gate: axe-core in real Chromium on every page of the built site, at each width,
 * light and dark, and with the search dialog open. The pages are dealt between the gate's files
 * (`part` of `parts`: every `parts`-th page), so that the files run side by side.
 *
 * One load a page serves every width and scheme: axe runs every rule in light, the colour scheme
 * flips (the page reacts as it would for a visitor whose system switches) and axe runs the rules that
 * depend on colour again, and the others where the page showed something else than in light (axeInSchemes in
 * test/helpers/axe.ts compares the two: elements, boxes, visibility, attributes); then the viewport takes the other
 * width (narrower, or wider for a page that a tab loaded at the phone's width) and the same runs follow. The page
 * reacts to the new width as a phone's or a laptop's would: the CSS is in media queries, and the client reads no
 * width when it starts (client/drawer.ts follows width changes, and its drawer is closed at load), so a page resized
 * after its load shows what the same page loaded at that width shows. A load and axe's injection were half of a
 * width's cost.
 *
 * The pages are served as the site's host would serve them, with the Content-Security-Policy of its `_headers`, and
 * axe-core from the same origin (the policy allows it, and axe runs under it without a violation): any CSP
 * violation while a page loads, narrows or changes scheme fails the gate, as csp.test.ts's own load of every page
 * did (csp.test.ts keeps the navigation, the theme, the menu, and a script injected to see one caught).
 *
 * Text contrast and links in running text are judged first in one pass over computed styles, and axe's
 * color-contrast and link-in-text-block rules then run on what that pass cannot settle (test/helpers/axe.ts,
 * test/helpers/contrast.ts; test/quality/contrast-proof.ts compares the two on every page, width and scheme).
 */
export function axeGate(part: number, parts: number, options: { searchDialog: boolean }): void {
  describe(`quality/axe, pages ${part} of every ${parts}`, () => {
    let sites: BuiltSite[];
    let urls: string[];
    let closers: (() => Promise<void>)[] = [];
    let browser: Awaited<ReturnType<typeof launchBrowser>>;
    beforeAll(async () => {
      sites = await buildGateSites();
      const all: string[] = [];
      for (const site of sites) {
        const server = await serveDir(site.outDir, site.base);
        serveAxeFrom(server.server);
        uncompressed(server.server);
        closers.push(server.close, site.cleanup);
        all.push(...(await pagePaths(site.outDir, site.base)).map((p) => `${server.origin}${p}`));
      }
      urls = all.filter((_, i) => i % parts === part - 1);
      browser = await launchBrowser();
    });
    afterAll(async () => {
      await browser?.close();
      for (const close of closers) await close();
      closers = [];
    });

    it(
      `finds no WCAG 2.1 A or AA violation on its pages at ${WIDTHS.join(' and ')} px, in light and in dark mode, and no CSP violation`,
      { timeout: 20 * 60_000 },
      async () => {
        expect(urls.length).toBeGreaterThan(0);
        const context = await browser.browser.newContext({
          viewport: { width: WIDTHS[0], height: HEIGHT },
          reducedMotion: 'reduce',
        });
        await context.addInitScript(SAVES_DATA);
        const csp = await watchCsp(context);
        const problems: string[] = [];
        try {
          await inPages(context, urls, PAGES_AT_ONCE, async (page, url) => {
            // A page starts at the width the tab's last page ended at, in light, and takes the widths from there:
            // the finished page is not laid out again at the first width before the tab leaves it (0.08-0.14 s of
            // Chromium's CPU a page).
            const widths = page.viewportSize()?.width === WIDTHS[1] ? [...WIDTHS].reverse() : WIDTHS;
            await page.goto(url, { waitUntil: 'load' });
            await pageSettled(page);
            await injectAxe(page, { sameOrigin: true });
            for (const [i, width] of widths.entries()) {
              if (i > 0) await page.setViewportSize({ width, height: HEIGHT });
              const where = (scheme: string) => `${new URL(url).pathname} (${width} px, ${scheme})`;
              // Light then dark at the first width, dark then light at the next: one scheme flip fewer.
              problems.push(...(await axeInSchemes(page, i % 2 ? ['dark', 'light'] : ['light', 'dark'], where)));
            }
          });
        } finally {
          await context.close();
        }
        expect(problems.sort()).toEqual([]);
        expect(csp.sort(), 'Content-Security-Policy violations').toEqual([]);
      },
    );

    it.runIf(options.searchDialog)(
      'finds no WCAG 2.1 A or AA violation with the search dialog open on results, in light and in dark mode',
      async () => {
        const context = await browser.browser.newContext({
          viewport: { width: 1280, height: HEIGHT },
          reducedMotion: 'reduce',
        });
        const page = await context.newPage();
        const problems: string[] = [];
        try {
          await page.goto(urls[0], { waitUntil: 'load' });
          await pageSettled(page);
          await injectAxe(page, { sameOrigin: true });
          await page.locator('.search-button').click();
          await page.locator('.search-input').fill('workflow');
          await page.locator('.search-result').first().waitFor();
          for (const colorScheme of ['light', 'dark'] as const) {
            await page.emulateMedia({ colorScheme });
            problems.push(...describeViolations(`search (${colorScheme})`, await axeViolations(page), false));
          }
        } finally {
          await context.close();
        }
        expect(problems).toEqual([]);
      },
    );
  });
}
