import { existsSync } from 'node:fs';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserServer,
  type LaunchOptions,
  type Page,
} from 'playwright-core';
import { inject } from 'vitest';

/** Flags for this machine's closed network and container (also given to the Chromium Lighthouse drives, bench/lighthouse.ts). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];

/**
 * The Chromium the tests drive: `CHROMIUM_PATH` when set, else Debian's headless shell (package
 * chromium-headless-shell, which `npm run setup` installs), else Debian's full browser. The headless shell is the
 * same Chromium source and version as the `chromium` package, the same Blink and V8, without the browser around them
 * (windows, profiles, extensions, the UI's processes): the build Playwright itself runs headless tests in. Measured
 * on this machine, CPU of every process (cgroup), one project at a time: the browser project 312 s with the full
 * browser, 166 s with the shell; the quality gates 421 and 354 s. `CHROMIUM_PATH=/usr/bin/chromium npm test` runs
 * the suite in the full browser, which `npm run lighthouse` uses for its timings.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const TEST_CHROMIUM =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/** playwright-core gives every launch a fresh, temporary user-data dir of its own. */
const LAUNCH: LaunchOptions = {
  executablePath: TEST_CHROMIUM,
  headless: true,
  args: CHROMIUM_ARGS,
};

/** The project's one Chromium, started by test/setup/browser.ts. */
export function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer(LAUNCH);
}

/**
 * A connection to the project's shared Chromium (or, outside the browser projects, a Chromium of its own);
 * `close` disconnects, or closes the one it launched. Each test opens its own contexts, so files never share state.
 */
export async function launchBrowser(): Promise<{ browser: Browser; close: () => Promise<void> }> {
  const endpoint = sharedEndpoint();
  const browser = endpoint ? await chromium.connect(endpoint) : await chromium.launch(LAUNCH);
  patientContexts(browser);
  return { browser, close: () => browser.close() };
}

/** Playwright's waits give up after 30 s by default; a loaded two-core machine may need longer. Tests wait for conditions, so a long ceiling costs nothing when things go right. */
const WAIT_CEILING_MS = 180_000;

function patientContexts(browser: Browser): void {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.setDefaultTimeout(WAIT_CEILING_MS);
    context.setDefaultNavigationTimeout(WAIT_CEILING_MS);
    return context;
  };
  browser.newPage = async (options) => {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    // As Browser.newPage does: the context goes with the page.
    page.once('close', () => void context.close().catch(() => {}));
    return page;
  };
}

function sharedEndpoint(): string | undefined {
  try {
    return inject('browserEndpoint');
  } catch {
    return undefined; // not under a project with the browser set-up
  }
}

/** How often `untilInPage` looks, and for how long at most (a loaded two-core machine may need long; a met condition returns at once). */
const LOOK_EVERY_MS = 20;

/**
 * Waits until `condition`, an expression, holds in the page: the page itself looks every 20 ms, in one call.
 * Playwright's waitForFunction first builds its injected script (its selector engine) in the document, anew in
 * each document: about 0.05 s of Chromium's CPU a load of the site's pages (a load and a wait for the runtime,
 * two runs of 40 pages each: 0.50 and 0.46 s with waitForFunction, 0.44 and 0.40 s with this). Where a test then
 * uses a locator it builds that script anyway. The condition is script source read once, as part of the
 * function (no eval on each look: the site's policy forbids eval).
 */
export async function untilInPage(page: Page, condition: string): Promise<void> {
  await page.evaluate(`new Promise((resolve, reject) => {
    const since = performance.now();
    const look = () => {
      if (${condition}) resolve(true);
      else if (performance.now() - since > ${WAIT_CEILING_MS}) reject(new Error(${JSON.stringify(`never true in the page: ${condition}`)}));
      else setTimeout(look, ${LOOK_EVERY_MS});
    };
    look();
  })`);
}

/**
 * Runs `visit` on every item, in `pages` pages of one context at once: a page waits on the network,
 * the test process and the browser's own processes in turn, and the others use the cores meanwhile.
 * Each page takes the next item when it is done; what `visit` collects is in no particular order.
 */
export async function inPages<T>(
  context: BrowserContext,
  items: readonly T[],
  pages: number,
  visit: (page: Page, item: T) => Promise<void>,
): Promise<void> {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: Math.min(pages, queue.length) }, async () => {
      const page = await context.newPage();
      while (queue.length) await visit(page, queue.shift()!);
    }),
  );
}

/** How a page in a right-to-left language is laid out: its `lang` and `dir`, and whether the sidebar is on the right of the content. */
export async function rtlLayout(page: Page): Promise<{ lang: string; dir: string; sidebarOnRight: boolean }> {
  const [[lang, dir], sidebar, main] = await Promise.all([
    page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]),
    page.locator('#sidebar').boundingBox(),
    page.locator('main').boundingBox(),
  ]);
  return { lang, dir, sidebarOnRight: sidebar!.x > main!.x };
}
