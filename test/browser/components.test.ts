import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, describeViolations } from '../helpers/axe.js';
import { runtimeReady, startServedSite, type ServedSite, type VisitOptions } from '../helpers/served-site.js';
import { fixture } from '../helpers/site.js';

/** Tabs in Chromium on test/fixtures/components: keyboard, synchronisation, memory, no-JS reading, axe. */
describe('browser: built-in components', () => {
  let site: ServedSite;
  beforeAll(async () => {
    site = await startServedSite(fixture('components'));
  });
  afterEach(() => site.closePages());
  afterAll(() => site?.close());

  /** A page in the file's kept tab (ServedSite.visit), once the runtime is ready. */
  const ready = (path: string, options: VisitOptions = {}) => site.visitReady(path, options);
  const visiblePanels = (page: import('playwright-core').Page, group: number) =>
    page
      .locator(`.tabs >> nth=${group}`)
      .locator(':scope > .tab-panel:visible > .tab-label, :scope > .code-block:visible .code-title')
      .allTextContents();

  it('moves between tabs with the arrow keys, Home and End, and follows the ARIA tabs pattern', async () => {
    const { page, errors } = await ready('/docs/guide/markdown/');
    const first = page.locator('#tab-1-1');
    await first.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('tab-1-2');
    expect(await page.locator('#tab-1-2').getAttribute('aria-selected')).toBe('true');
    expect(await first.getAttribute('aria-selected')).toBe('false');
    expect(await first.getAttribute('tabindex')).toBe('-1');
    expect(await page.locator('#tab-1-2-panel').isVisible()).toBe(true);
    expect(await page.locator('#tab-1-1-panel').isVisible()).toBe(false);
    await page.keyboard.press('End');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('tab-1-3');
    await page.keyboard.press('ArrowRight'); // wraps around
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('tab-1-1');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('tab-1-3');
    await page.keyboard.press('Home');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('tab-1-1');
    // Tab leaves the tab list for the panel (one tab stop a list).
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('tab-1-1-panel');
    expect(errors).toEqual([]);
  });

  it('keeps groups with the same key in step on the page and remembers the choice on the next page', async () => {
    const { page } = await ready('/docs/guide/markdown/');
    expect(await visiblePanels(page, 2)).toEqual(['macOS']);
    await page.locator('#tab-1-2').click();
    expect(await visiblePanels(page, 0)).toEqual(['Linux']);
    expect(await visiblePanels(page, 2)).toEqual(['Linux']); // the group at the end of the page, same key
    expect(await visiblePanels(page, 1)).toEqual(['curl']); // a group without the key stays
    // Another page through the router, then a fresh load: the choice holds on both.
    await page.locator('a.next').click();
    await page.waitForURL('**/guide/mdx/');
    await expect.poll(() => visiblePanels(page, 0)).toEqual(['Linux']);
    await page.reload();
    await runtimeReady(page);
    await expect.poll(() => visiblePanels(page, 0)).toEqual(['Linux']);
  });

  it('switches a code group by its titles', async () => {
    const { page } = await ready('/docs/guide/markdown/');
    await page.getByRole('tab', { name: 'Node.js' }).click();
    expect(await page.locator('#tab-2-2-panel pre').textContent()).toContain('fetch(');
    expect(await page.locator('#tab-2-2-panel').getAttribute('role')).toBe('tabpanel');
    expect(await page.locator('#tab-2-1-panel').isVisible()).toBe(false);
  });

  it('shows every panel, each under its label, without JavaScript (and no tab controls that would do nothing)', async () => {
    const { page } = await site.open('/docs/guide/markdown/', { context: { javaScriptEnabled: false } });
    expect(await page.locator('[role="tab"], [role="tablist"]').count()).toBe(0);
    expect(await visiblePanels(page, 0)).toEqual(['macOS', 'Linux', 'Windows']);
    expect(await page.getByText('Use the MSI installer.').isVisible()).toBe(true);
    expect(await visiblePanels(page, 1)).toEqual(['curl', 'Node.js']);
  });

  it('loads the tabs code only on pages with tabs', async () => {
    const scripts = async (path: string) => {
      const { page } = await ready(path);
      const loaded: string[] = [];
      page.on('request', (r) => r.resourceType() === 'script' && loaded.push(r.url()));
      await page.reload();
      await runtimeReady(page);
      await page.waitForLoadState('networkidle');
      page.removeAllListeners('request'); // the next call reloads the same (kept) tab
      return loaded;
    };
    const withTabs = await scripts('/docs/guide/markdown/');
    const without = await scripts('/docs/guide/rules/');
    const extra = withTabs.filter((u) => !without.includes(u));
    expect(extra.length).toBeGreaterThan(0);
    expect(without.some((u) => extra.includes(u))).toBe(false);
  });

  it('passes axe on the pages that use every component, light and dark', async () => {
    for (const path of ['/docs/guide/markdown/', '/docs/guide/mdx/', '/docs/']) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const { page } = await ready(path, { colorScheme });
        expect(describeViolations(`${path} ${colorScheme}:`, await axeViolations(page), false)).toEqual([]);
      }
    }
  });
});
