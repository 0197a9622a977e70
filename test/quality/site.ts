import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { createStaticServer, listen } from '../../src/serve/index.js';
import { launchBrowser, untilInPage } from '../helpers/browser.js';
import { fixture, REPO, serveDir, sharedBuild } from '../helpers/site.js';

/**
 * The quality gates run on the real documentation once `content/index.md` exists, and on the
 * fixtures until then (the quality fixture has the long page, tables, callouts and code).
 * `QUALITY_SITE=fixtures` or `QUALITY_SITE=site` picks one explicitly.
 */
export const REAL_SITE = process.env.QUALITY_SITE
  ? process.env.QUALITY_SITE === 'site'
  : existsSync(path.join(REPO, 'content/index.md'));
/** `QUALITY_DIST=dist`: judge a site already built (the one about to be deployed) instead of building. */
const PREBUILT = process.env.QUALITY_DIST ? path.resolve(process.env.QUALITY_DIST) : undefined;
export const GATE_ROOTS = REAL_SITE || PREBUILT ? [REPO] : [fixture('quality'), fixture('basic')];

export interface BuiltSite {
  name: string;
  outDir: string;
  base: string;
  cleanup: () => Promise<void>;
}

/** Builds the gate sites once, each into its own temp folder. */
export async function buildGateSites(roots: string[] = GATE_ROOTS): Promise<BuiltSite[]> {
  const sites: BuiltSite[] = [];
  if (PREBUILT) {
    const html = await readFile(path.join(PREBUILT, '404.html'), 'utf8');
    const base = /<meta name="docs:base" content="([^"]+)"/.exec(html)?.[1] ?? '/docs/';
    return [{ name: 'prebuilt', outDir: PREBUILT, base, cleanup: async () => {} }];
  }
  for (const root of roots)
    sites.push({ name: root === REPO ? 'site' : path.basename(root), ...(await sharedBuild(root)) });
  return sites;
}

/** A long page with tables, code and callouts: the most kinds of content and focus stops. */
export const LONG_PAGE = REAL_SITE ? 'workflows/steps/code/' : 'guides/long/';

/**
 * The first gate site built, served over HTTP, and a browser, for the tests of a describe block
 * that look at the long page (built before them, closed after them).
 */
export function servedLongPage(): { url: () => string; browser: () => Browser } {
  let site: BuiltSite | undefined;
  let server: Awaited<ReturnType<typeof serveDir>> | undefined;
  let launched: Awaited<ReturnType<typeof launchBrowser>> | undefined;
  beforeAll(async () => {
    [site] = await buildGateSites();
    server = await serveDir(site.outDir, site.base);
    launched = await launchBrowser();
  });
  afterAll(async () => {
    await launched?.close();
    await server?.close();
    await site?.cleanup();
  });
  return { url: () => `${server!.origin}${site!.base}${LONG_PAGE}`, browser: () => launched!.browser };
}

/** URL paths of every page (from the page manifest) and the not-found page. */
export async function pagePaths(outDir: string, base: string): Promise<string[]> {
  const records = JSON.parse(await readFile(path.join(outDir, 'pages.json'), 'utf8')) as { path: string }[];
  return [...records.map((r) => r.path).sort(), `${base}404.html`];
}

/**
 * Serves a built folder the way Netlify or Cloudflare Pages would with its `_headers`: the
 * project's static server sends every matching rule's headers (src/serve/index.ts).
 */
export async function serveWithHeaders(
  dir: string,
  base: string,
): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = createStaticServer({ dir, base });
  const port = await listen(server, 0, '127.0.0.1');
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/**
 * Records every Content-Security-Policy violation in the context's pages: the DOM event, and Chromium's console
 * message about it. The CSP gate (csp.test.ts) and the accessibility gate, which loads every page under the policy
 * as served, use it.
 */
export async function watchCsp(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.exposeFunction('__reportViolation', (text: string) => violations.push(text));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __reportViolation: (t: string) => void }).__reportViolation(
        `${location.pathname}: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'}`,
      );
    });
  });
  context.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
      violations.push(`${message.page()?.url()}: ${message.text()}`);
  });
  return violations;
}

/**
 * Waits until the page is whole: the runtime says it is ready, and the components it loads on demand are in place (a
 * tab group gets its tab list once its chunk has loaded, after the page's load). A check that looks before then
 * misses what comes later: the proof once found a page's tabs judged by axe that the fast contrast check, run a
 * moment earlier, had never seen.
 */
export async function pageSettled(page: Page): Promise<void> {
  await untilInPage(
    page,
    `document.documentElement.dataset.runtime === 'ready' && !document.querySelector('.tabs:not(.tabs-ready)')`,
  );
}
