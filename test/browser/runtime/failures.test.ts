import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { documentKept, markDocument, startSite, type RuntimeSite } from './site.js';

const CHUNKS = '**/docs/assets/js/**';

/** Clicks the home page's link to the second page and waits for that page, however it arrives. */
async function followSecondPage(page: Page): Promise<void> {
  await markDocument(page);
  await page.locator('main a', { hasText: /^Second page$/ }).click();
  await page.locator('h1', { hasText: 'Second page' }).waitFor();
  await page.waitForLoadState('load');
}

/** Main-frame document requests, to count full page loads. */
function documentRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on(
    'request',
    (request) =>
      request.isNavigationRequest() &&
      request.frame() === page.mainFrame() &&
      urls.push(new URL(request.url()).pathname),
  );
  return urls;
}

describe('browser/runtime: chunk load failures', () => {
  let site: RuntimeSite;
  beforeAll(async () => {
    site = await startSite();
  });
  afterEach(() => site.closePages());
  afterAll(() => site?.close());

  it('reports a blocked chunk as a ChunkLoadError of type error and falls back to a full page load', async () => {
    const chunk = await site.chunkUrlOf('/guide/second/');
    let loads: string[] = [];
    const { page, errors } = await site.visit('/docs/', {
      before: async (p) => {
        loads = documentRequests(p);
        await p.route(CHUNKS, (route) => route.abort());
      },
    });
    await followSecondPage(page);
    expect(await documentKept(page)).toBe(false);
    expect(new URL(page.url()).pathname).toBe('/docs/guide/second/');
    const id = new URL(chunk).pathname.split('/').pop()!.split('.')[0];
    expect(errors).toContainEqual(
      expect.stringContaining(
        `Failed to resolve async component ChunkLoadError: Loading chunk ${id} failed. (error: ${chunk})`,
      ),
    );
    await page.waitForLoadState('networkidle');
    expect(loads).toEqual(['/docs/', '/docs/guide/second/']);
  });

  it('reports a chunk that registers nothing as type missing', async () => {
    const { page, errors } = await site.visit('/docs/', {
      before: (p) =>
        p.route(CHUNKS, (route) =>
          route.fulfill({ contentType: 'text/javascript', body: '/* a script of another build */' }),
        ),
    });
    await followSecondPage(page);
    expect(await documentKept(page)).toBe(false);
    expect(errors).toContainEqual(
      expect.stringMatching(
        /^Failed to resolve async component ChunkLoadError: Loading chunk v-\w+ failed\. \(missing: /,
      ),
    );
  });

  it('reaches the new page from a tab opened before a deploy, when the old route table is gone', async () => {
    const { page, errors } = await site.visit('/docs/', {
      // After a deploy the old hashed files answer 404.
      before: (p) =>
        p.route('**/docs/assets/{routes,js}/**', (route) => route.fulfill({ status: 404, body: 'Not found' })),
    });
    await followSecondPage(page);
    expect(await documentKept(page)).toBe(false);
    expect(errors).toContainEqual(expect.stringMatching(/^Failed to resolve async component .*HTTP 404/));
  });

  it('falls back once, without a loop, when 404.html cannot load the page it resolved', async () => {
    let loads: string[] = [];
    const { page } = await site.visit('/docs/guide/second.html', {
      before: async (p) => {
        loads = documentRequests(p);
        await p.route(CHUNKS, (route) => route.abort());
      },
    });
    await page.waitForURL('**/docs/guide/second/');
    await page.locator('h1', { hasText: 'Second page' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(loads).toEqual(['/docs/guide/second.html', '/docs/guide/second/']);
  });
});

/** How long the runtime waits for a chunk unless the site says otherwise (`runtime.pageTimeoutMs`, src/config/index.ts). */
const PAGE_TIMEOUT_MS = 120_000;

describe('browser/runtime: chunk load timeout', () => {
  let site: RuntimeSite;
  beforeAll(async () => {
    // The fixture as the other runtime tests build it: the page's clock, not a shorter timeout, skips the wait.
    site = await startSite();
  });
  afterEach(() => site.closePages());
  afterAll(() => site?.close());

  it('reports a chunk that never arrives as type timeout and falls back to a full page load', async () => {
    const { page, errors } = await site.visit('/docs/', {
      before: async (p) => {
        // Timers of the page (and of the pages after it in this tab) run on a clock the test can move forward.
        await p.clock.install();
        // Never answered: the request hangs until the page goes away.
        await p.route(CHUNKS, () => undefined);
      },
    });
    await markDocument(page);
    await page.locator('main a', { hasText: /^Second page$/ }).click();
    // The chunk is on its way (the bar says so) and never comes: the timeout's time passes on the page's clock.
    await page.locator('[role="progressbar"]').waitFor();
    await page.clock.fastForward(PAGE_TIMEOUT_MS + 1_000);
    await page.locator('h1', { hasText: 'Second page' }).waitFor();
    await page.waitForLoadState('load');
    expect(await documentKept(page)).toBe(false);
    expect(errors).toContainEqual(
      expect.stringMatching(
        /^Failed to resolve async component ChunkLoadError: Loading chunk v-\w+ failed\. \(timeout: http:\/\/.*\/docs\/assets\/js\/v-\w+\.\w+\.js\)/,
      ),
    );
  });
});
