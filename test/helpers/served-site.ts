/** One built and served site and one Chromium, per test file. */
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import type { UserConfig } from '../../src/config.js';
import { launchBrowser } from './browser.js';
import { serveDir, sharedBuild } from './site.js';

export interface OpenOptions {
  context?: BrowserContextOptions;
  /** Runs before the first request (routes, init scripts). */
  before?: (page: Page) => Promise<unknown>;
}

export interface ServedSite {
  origin: string;
  browser: Browser;
  /** Opens a path in a fresh context; the page's console errors and uncaught errors land in `errors`. */
  open(path: string, options?: OpenOptions): Promise<{ page: Page; errors: string[] }>;
  /** Opens a path and waits until the runtime says it is ready (its links are routed, its menus live). */
  ready(path: string, options?: OpenOptions): Promise<Page>;
  /** The console errors and uncaught errors of a page opened by `open` or `ready`. */
  errorsOf(page: Page): string[];
  /** The chunk URL of a route ("/guide/"), read from the built route table. */
  chunkUrlOf(route: string): Promise<string>;
  /** Closes the pages opened so far (after each test). */
  closePages(): Promise<void>;
  close(): Promise<void>;
}

/** Waits until the page's runtime says it is ready (after a load, a reload or a `goto`). */
export async function runtimeReady(page: Page): Promise<void> {
  await page.waitForFunction(`document.documentElement.dataset.runtime === 'ready'`);
}

export async function startServedSite(root: string, overrides: Partial<UserConfig> = {}): Promise<ServedSite> {
  const site = await sharedBuild(root, overrides);
  const server = await serveDir(site.outDir);
  const { browser } = await launchBrowser();
  const contexts: { close(): Promise<void> }[] = [];
  const errorsByPage = new WeakMap<Page, string[]>();
  const closePages = async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
  };
  const open: ServedSite['open'] = async (path, options = {}) => {
    // The tests drive the page with injected code (string predicates, axe), which the site's own CSP (served since
    // `serve` sends `_headers`) refuses: the CSP itself is judged by test/quality/csp.test.ts.
    const context = await browser.newContext({ bypassCSP: true, ...options.context });
    contexts.push(context);
    const page = await context.newPage();
    const errors: string[] = [];
    errorsByPage.set(page, errors);
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('pageerror', (error) => errors.push(String(error)));
    await options.before?.(page);
    await page.goto(`${server.origin}${path}`);
    return { page, errors };
  };
  return {
    origin: server.origin,
    browser,
    open,
    async ready(path, options) {
      const { page } = await open(path, options);
      await runtimeReady(page);
      return page;
    },
    errorsOf: (page) => errorsByPage.get(page) ?? [],
    async chunkUrlOf(route) {
      const json = async (url: string) => (await fetch(`${server.origin}${url}`)).json();
      const home = await (await fetch(`${server.origin}/docs/`)).text();
      const index = await json(/<meta name="docs:routes" content="([^"]+)"/.exec(home)![1]);
      const shard = await json(index.shards[route.split('/')[1] || '_root']);
      return `${server.origin}${shard[route]}`;
    },
    closePages,
    async close() {
      await closePages();
      await browser.close();
      await server.close();
      await site.cleanup();
    },
  };
}
