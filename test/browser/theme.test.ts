import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, describeViolations } from '../helpers/axe.js';
import { runtimeReady, startServedSite, type ServedSite } from '../helpers/served-site.js';
import { fixture } from '../helpers/site.js';

/** The theme in Chromium on test/fixtures/theme: the banner's dismissal, the logo of each theme, the policy, axe. */
describe('browser: theme', () => {
  let site: ServedSite;
  beforeAll(async () => {
    site = await startServedSite(fixture('theme'));
  });
  afterEach(() => site.closePages());
  afterAll(() => site?.close());

  /**
   * Records, from the first frame the banner exists in, whether it was displayed: a dismissed banner
   * must be hidden before the page first paints, not hidden later by the runtime.
   */
  const watchFirstFrame = () => {
    const look = () => {
      const banner = document.querySelector('.banner');
      if (banner)
        (window as unknown as { firstFrameBanner: string }).firstFrameBanner = getComputedStyle(banner).display;
      else requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  };
  const firstFrameBanner = (page: Page) =>
    page
      .waitForFunction(() => (window as unknown as { firstFrameBanner?: string }).firstFrameBanner)
      .then((h) => h.jsonValue());

  it('remembers a dismissed banner across pages and visits, with no flash, until another announcement', async () => {
    const { page, errors } = await site.visitReady('/docs/', { initScript: watchFirstFrame });
    expect(await firstFrameBanner(page)).not.toBe('none');
    await page.locator('.banner-close').click();
    await expect.poll(() => page.locator('.banner').isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('site-title');
    // Another page, through the runtime's navigation: the banner stays away.
    await page.locator('#sidebar a[href="/docs/guide/"]').click();
    await page.waitForURL('**/docs/guide/');
    expect(await page.locator('.banner').isVisible()).toBe(false);
    // A new visit, to any page: hidden before the first paint.
    for (const path of ['/docs/', '/docs/guide/']) {
      await page.goto(`${site.origin}${path}`);
      expect(await firstFrameBanner(page)).toBe('none');
    }
    // A new announcement (another id) shows again.
    await page.evaluate(() => localStorage.setItem('docs-banner', 'acme-1'));
    await page.reload();
    expect(await firstFrameBanner(page)).not.toBe('none');
    expect(errors).toEqual([]);
  });

  it("shows the logo of the theme in use: the system's, then the toggle's", async () => {
    const shown = (page: Page) =>
      page
        .locator('.site-title img:visible')
        .evaluateAll((imgs) => imgs.map((img) => [img.className, (img as HTMLImageElement).naturalWidth > 0]));
    const { page: light } = await site.visitReady('/docs/', { colorScheme: 'light' });
    await expect.poll(() => shown(light)).toEqual([['logo logo-light', true]]);
    await light.locator('.theme-toggle').click();
    await expect.poll(() => shown(light)).toEqual([['logo logo-dark', true]]);
    await light.reload();
    await expect.poll(() => shown(light)).toEqual([['logo logo-dark', true]]);
    // The toggle's choice is the site's storage, which a visit clears: the system's scheme again.
    const { page: dark } = await site.visit('/docs/', { colorScheme: 'dark' });
    await expect.poll(() => shown(dark)).toEqual([['logo logo-dark', true]]);
    await runtimeReady(dark);
    await dark.locator('.theme-toggle').click();
    await expect.poll(() => shown(dark)).toEqual([['logo logo-light', true]]);
  });

  it("runs the project's inline head script under the site's own Content-Security-Policy, with no violation", async () => {
    const context = await site.browser.newContext();
    try {
      const page = await context.newPage();
      const violations: string[] = [];
      page.on(
        'console',
        (m) => m.type() === 'error' && /Content Security Policy|^CSP:/.test(m.text()) && violations.push(m.text()),
      );
      await page.addInitScript(() =>
        document.addEventListener('securitypolicyviolation', (e) =>
          console.error(`CSP: ${e.violatedDirective} ${e.blockedURI}`),
        ),
      );
      for (const path of ['/docs/', '/docs/guide/', '/docs/missing/']) {
        await page.goto(`${site.origin}${path}`, { waitUntil: 'load' });
        expect(await page.evaluate(() => document.documentElement.dataset.acme)).toBe('ready');
      }
      await page.locator('.banner-close').click();
      expect(violations).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('passes axe with the banner, logo, social links and footer, light and dark', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { page } = await site.visitReady('/docs/', { colorScheme });
      expect(describeViolations(`${colorScheme}:`, await axeViolations(page))).toEqual([]);
    }
  });
});
