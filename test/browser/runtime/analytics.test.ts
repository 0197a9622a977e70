import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSite, type RuntimeSite } from './site.js';

const GTM = 'https://www.googletagmanager.com/gtm.js?id=GTM-TEST1';

/** Answers the tag manager locally (the machine has no network) and records what was asked for. */
function fakeTagManager(requests: string[]) {
  return (page: Page) =>
    page.route('https://www.googletagmanager.com/**', (route) => {
      requests.push(route.request().url());
      return route.fulfill({ contentType: 'text/javascript', body: 'window.__gtmLoaded = true;' });
    });
}

const tagScripts = (page: Page) => page.locator('script[src*="googletagmanager.com"]').count();

describe('browser/runtime: analytics off by default', () => {
  let site: RuntimeSite;
  beforeAll(async () => {
    site = await startSite();
  });
  afterEach(() => site.closePages());
  afterAll(() => site?.close());

  it('loads no tag manager when no container is configured', async () => {
    const requests: string[] = [];
    // The runtime is ready (html[data-runtime=ready]) once it has set up analytics, in the same task.
    const page = await site.ready('/docs/', { before: fakeTagManager(requests) });
    await page.waitForLoadState('networkidle');
    expect(await page.locator('meta[name="docs:analytics"]').count()).toBe(0);
    expect(await tagScripts(page)).toBe(0);
    expect(requests).toEqual([]);
  });
});

describe('browser/runtime: analytics with a container', () => {
  let site: RuntimeSite;
  beforeAll(async () => {
    site = await startSite({ analytics: { containerId: 'GTM-TEST1' } });
  });
  afterEach(() => site.closePages());
  afterAll(() => site?.close());

  it('loads the tag manager with the configured container and reports router page views', async () => {
    const requests: string[] = [];
    const { page } = await site.visit('/docs/', { before: fakeTagManager(requests) });
    await page.waitForFunction('window.__gtmLoaded === true');
    expect(requests).toEqual([GTM]);
    await page.locator('main a', { hasText: /^About$/ }).click();
    await page.locator('h1', { hasText: 'About' }).waitFor();
    expect(await page.evaluate('window.dataLayer.map((e) => e.event)')).toEqual(['gtm.js', 'docs.pageview']);
  });

  for (const [name, script] of [
    ['Do Not Track', `Object.defineProperty(Navigator.prototype, 'doNotTrack', { get: () => '1' })`],
    [
      'Global Privacy Control',
      `Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true })`,
    ],
  ]) {
    it(`loads no tag manager for a visitor who sends ${name}`, async () => {
      const requests: string[] = [];
      const { page } = await site.visitReady('/docs/', { initScript: script, before: fakeTagManager(requests) });
      await page.waitForLoadState('networkidle');
      expect(await page.locator('meta[name="docs:analytics"]').getAttribute('content')).toBe('GTM-TEST1');
      expect(await tagScripts(page)).toBe(0);
      expect(requests).toEqual([]);
    });
  }
});
