/** One built and served site and one Chromium, per test file. */
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import type { UserConfig } from '../../src/config/index.js';
import { launchBrowser } from './browser.js';
import { serveDir, sharedBuild } from './site.js';

export interface OpenOptions {
  context?: BrowserContextOptions;
  /** Runs before the first request (routes, init scripts). */
  before?: (page: Page) => Promise<unknown>;
  /** What the first load waits for: `load` unless given (a test that holds back a script the page may ask for before its load event waits for less). */
  waitUntil?: 'load' | 'domcontentloaded' | 'commit';
}

export interface VisitOptions {
  /** prefers-color-scheme for this visit: light unless given (the context's own, when it sets one). */
  colorScheme?: 'light' | 'dark';
  /** The window for this visit: 1280 × 720 unless given (the context's own, when it sets one). */
  viewport?: { width: number; height: number };
  /** What the tab's context needs (permissions, JavaScript off): each set of options keeps a tab of its own. */
  context?: BrowserContextOptions;
  /** Runs before the request, on the kept page: routes (enabling them turns the HTTP cache off) and listeners, both removed after the test. */
  before?: (page: Page) => Promise<unknown>;
  /** A script run before the page's own in each document of the test (removed after it). */
  initScript?: Parameters<Page['addInitScript']>[0];
}

/** A visit's page, its console errors and uncaught errors, and the messages of the JavaScript dialogs it raised (dismissed). */
export interface Visit {
  page: Page;
  errors: string[];
  dialogs: string[];
}

export interface ServedSite {
  origin: string;
  browser: Browser;
  /** Opens a path in a fresh context; the page's console errors and uncaught errors land in `errors`. */
  open(path: string, options?: OpenOptions): Promise<{ page: Page; errors: string[] }>;
  /**
   * Opens a path in the file's kept tab (one a set of context options, made on first use) instead of a fresh
   * context: a new context is a new renderer process with cold caches, three times a visit's cost. What a test
   * may change is reset first (the site's local and session storage, the colour scheme, the window), and the
   * document is a new one; the history and the HTTP cache are the tab's. Routes and listeners a test adds are
   * removed after it (`closePages`), and so is its `initScript`. A test that counts requests a cache would
   * answer or reads `history.length` opens a fresh tab with `open`.
   */
  visit(path: string, options?: VisitOptions): Promise<Visit>;
  /** `visit`, then waits until the runtime says it is ready. */
  visitReady(path: string, options?: VisitOptions): Promise<Visit>;
  /** Opens a path and waits until the runtime says it is ready (its links are routed, its menus live). */
  ready(path: string, options?: OpenOptions): Promise<Page>;
  /** The console errors and uncaught errors of a page opened by `open` or `ready`. */
  errorsOf(page: Page): string[];
  /** The chunk URL of a route ("/guide/"), read from the built route table. */
  chunkUrlOf(route: string): Promise<string>;
  /** Closes the pages opened so far, and the pages a kept tab's page opened; removes the kept tabs' routes and the test's listeners (after each test). */
  closePages(): Promise<void>;
  close(): Promise<void>;
}

/** Waits until the page's runtime says it is ready (after a load, a reload or a `goto`). */
export async function runtimeReady(page: Page): Promise<void> {
  // Playwright's wait looks at each animation frame, so it returns once a frame has been made, as a visitor sees
  // the page. Looking by timers (`untilInPage`) could read the page before its first frame: one fresh-clone run
  // read scrollY 0 right after a reload whose runtime had just scrolled to 1234.
  await page.waitForFunction(`document.documentElement.dataset.runtime === 'ready'`);
}

const DEFAULT_VIEWPORT = { width: 1280, height: 720 }; // Playwright's

/** A tab kept open across the tests of a file (`visit`), and what it has been set to. */
interface KeptTab {
  context: BrowserContext;
  page: Page;
  errors: string[];
  dialogs: string[];
  initScripts: { dispose(): Promise<void> }[];
  scheme: string;
  viewport: { width: number; height: number } | null;
}

/** Records a kept tab's errors and dialogs (dismissed) for its current visit. */
function watch(tab: KeptTab): void {
  tab.page.on('console', (message) => message.type() === 'error' && tab.errors.push(message.text()));
  tab.page.on('pageerror', (error) => tab.errors.push(String(error)));
  tab.page.on('dialog', (dialog) => {
    tab.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
}

export async function startServedSite(root: string, overrides: Partial<UserConfig> = {}): Promise<ServedSite> {
  const site = await sharedBuild(root, overrides);
  const server = await serveDir(site.outDir);
  const { browser } = await launchBrowser();
  const contexts: { close(): Promise<void> }[] = [];
  const errorsByPage = new WeakMap<Page, string[]>();
  const tabs = new Map<string, KeptTab>();
  const closePages = async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
    for (const tab of tabs.values()) {
      await Promise.all(tab.context.pages().map((p) => (p === tab.page ? undefined : p.close())));
      await tab.page.unrouteAll({ behavior: 'ignoreErrors' });
      await Promise.all(tab.initScripts.splice(0).map((script) => script.dispose()));
      tab.page.removeAllListeners();
      watch(tab);
    }
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
    await page.goto(`${server.origin}${path}`, { waitUntil: options.waitUntil });
    return { page, errors };
  };
  const visit: ServedSite['visit'] = async (path, options = {}) => {
    const key = JSON.stringify(options.context ?? {});
    let tab = tabs.get(key);
    if (!tab) {
      const context = await browser.newContext({ bypassCSP: true, ...options.context });
      const page = await context.newPage();
      tab = { context, page, errors: [], dialogs: [], initScripts: [], scheme: 'light', viewport: DEFAULT_VIEWPORT };
      watch(tab);
      tabs.set(key, tab);
    }
    const { page } = tab;
    const url = new URL(`${server.origin}${path}`);
    const current = new URL(page.url());
    if (current.origin === server.origin) {
      await page.evaluate('localStorage.clear(); sessionStorage.clear()').catch(() => {});
      // The same address but for the hash would only scroll the document that is there.
      if (current.pathname + current.search === url.pathname + url.search) await page.goto('about:blank');
    }
    const scheme = options.colorScheme ?? options.context?.colorScheme ?? 'light';
    if (scheme !== tab.scheme) await page.emulateMedia({ colorScheme: (tab.scheme = scheme as 'light' | 'dark') });
    const viewport = options.viewport ?? options.context?.viewport ?? DEFAULT_VIEWPORT;
    if (JSON.stringify(viewport) !== JSON.stringify(tab.viewport))
      await page.setViewportSize((tab.viewport = viewport));
    if (options.initScript) tab.initScripts.push(await page.addInitScript(options.initScript));
    await options.before?.(page);
    await page.goto(url.href, { waitUntil: 'commit' });
    // What the document before this one said is not this visit's.
    tab.errors = [];
    tab.dialogs = [];
    errorsByPage.set(page, tab.errors);
    await page.waitForLoadState('load');
    return { page, errors: tab.errors, dialogs: tab.dialogs };
  };
  return {
    origin: server.origin,
    browser,
    open,
    visit,
    async visitReady(path, options) {
      const visited = await visit(path, options);
      await runtimeReady(visited.page);
      return visited;
    },
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
      await Promise.all([...tabs.values()].map((tab) => tab.context.close()));
      await browser.close();
      await server.close();
      await site.cleanup();
    },
  };
}
