import { axeViolations, describeViolations } from '../../helpers/axe.js';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startServedSite, type ServedSite } from '../../helpers/served-site.js';
import { fixture } from '../../helpers/site.js';

const INPUT = 'dialog.search-dialog input[role="combobox"]';
const OPTIONS = '#docs-search-results [role="option"]';

describe('browser/search: the search dialog', () => {
  let site: ServedSite;
  beforeAll(async () => {
    site = await startServedSite(fixture('search'));
  });
  afterEach(() => site.closePages());
  afterAll(() => site?.close());

  /**
   * Opens a page in a fresh tab, with a cold cache; records every request, every uncaught error and every
   * JavaScript dialog (alert) it raises. For the tests that count the requests of a first visit.
   */
  async function open(path: string, options: { colorScheme?: 'light' | 'dark' } = {}) {
    const requests: string[] = [];
    const alerts: string[] = [];
    const errors: string[] = [];
    const page = await site.ready(path, {
      context: options,
      before: async (page) => {
        page.on('request', (r) => requests.push(new URL(r.url()).pathname));
        page.on('dialog', (d) => {
          alerts.push(d.message());
          void d.dismiss();
        });
        page.on('pageerror', (e) => errors.push(String(e)));
      },
    });
    return { page, requests, alerts, errors };
  }

  /** Opens a page in the file's kept tab (ServedSite.visit), once the runtime is ready. */
  const visit = (path: string, colorScheme?: 'light' | 'dark') => site.visitReady(path, { colorScheme });

  async function search(page: Page, query: string) {
    await page.keyboard.press('/');
    await page.locator(INPUT).fill(query);
    await page.locator('.search-status', { hasText: /result|No results/ }).waitFor();
  }

  it('loads no search code or index before first use', async () => {
    const { page, requests } = await open('/docs/guide/retries/');
    await page.waitForLoadState('networkidle');
    expect(requests.filter((r) => /search/.test(r))).toEqual([]);
    expect(await page.locator('dialog').count()).toBe(0);
    await page.keyboard.press('/');
    await page.locator(INPUT).waitFor();
    await page.waitForLoadState('networkidle');
    expect(requests).toContain('/docs/search.json');
  });

  it('starts loading the search code when the search button gets focus, the index only when it opens', async () => {
    const { page, requests } = await open('/docs/');
    await page.waitForLoadState('networkidle');
    await page.locator('.search-button').focus();
    await page.waitForLoadState('networkidle');
    expect(requests.some((r) => /\/assets\/chunks\/search\.\w+\.js$/.test(r))).toBe(true);
    expect(requests.filter((r) => r.endsWith('search.json'))).toEqual([]);
    expect(await page.locator('dialog').count()).toBe(0);
    await page.keyboard.press('Enter');
    await page.locator(INPUT).waitFor();
    await expect.poll(() => requests.filter((r) => r.endsWith('/docs/search.json')).length).toBe(1);
  });

  it('opens with / and with Ctrl-K on a combobox that controls a listbox', async () => {
    const { page } = await visit('/docs/');
    await page.keyboard.press('/');
    const input = page.locator(INPUT);
    await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await input.getAttribute('aria-controls')).toBe('docs-search-results');
    expect(await page.locator('#docs-search-results').getAttribute('role')).toBe('listbox');
    expect(await page.locator('dialog.search-dialog').getAttribute('aria-label')).toBe('Search the documentation');
    await page.keyboard.press('Escape');
    await expect
      .poll(() => page.locator('dialog.search-dialog').evaluate((d: HTMLDialogElement) => d.open))
      .toBe(false);
    await page.keyboard.press('Control+k');
    await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.locator('dialog.search-dialog').evaluate((d: HTMLDialogElement) => d.open)).toBe(true);
  });

  it('shows links with the page title, the section heading and the matched words marked', async () => {
    const { page } = await visit('/docs/');
    await search(page, 'api key');
    const first = page.locator(OPTIONS).first();
    expect(await first.evaluate((el) => el.tagName)).toBe('A');
    expect(await first.getAttribute('href')).toBe('/docs/api/auth/#api-keys');
    expect(await first.locator('.search-result-title').textContent()).toBe('Authentication');
    expect(await first.locator('.search-result-heading').textContent()).toBe('API keys');
    expect(await first.locator('.search-result-snippet mark').allTextContents()).toEqual(
      expect.arrayContaining(['API', 'key']),
    );
    expect(await page.locator(INPUT).getAttribute('aria-expanded')).toBe('true');
  });

  it('moves with the arrow keys and opens the section with Enter, landing on its heading', async () => {
    const { page } = await visit('/docs/');
    await search(page, 'throttling');
    const input = page.locator(INPUT);
    const options = page.locator(OPTIONS);
    expect(await options.count()).toBeGreaterThan(1);
    expect(await input.getAttribute('aria-activedescendant')).toBe(await options.nth(0).getAttribute('id'));
    await page.keyboard.press('ArrowDown');
    expect(await input.getAttribute('aria-activedescendant')).toBe(await options.nth(1).getAttribute('id'));
    expect(await options.nth(1).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    const last = options.nth((await options.count()) - 1);
    expect(await last.getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const href = (await options.nth(1).getAttribute('href'))!;
    expect(href).toMatch(/#[\w-]+$/);
    await page.keyboard.press('Enter');
    await page.waitForURL(`**${href}`);
    const slug = href.split('#')[1];
    expect(await page.locator(`[id="${slug}"]`).count()).toBe(1);
  });

  it('opens a result with the mouse', async () => {
    const { page } = await visit('/docs/');
    await search(page, 'rotate keys');
    await page.locator(OPTIONS).first().click();
    await page.waitForURL('**/docs/api/auth/#rotate-keys');
    expect(await page.locator('#rotate-keys').count()).toBe(1);
  });

  it('hands a result to the router through docs:navigate when one listens, without reloading', async () => {
    const { page } = await visit('/docs/');
    await page.evaluate(`window.__routed = []; window.__marker = 'kept';
      document.addEventListener('docs:navigate', (e) => { e.preventDefault(); window.__routed.push(e.detail.href); });`);
    await search(page, 'disable retries');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate('window.__routed')).toEqual(['/docs/guide/retries/#disable-retries']);
    expect(await page.evaluate('window.__marker')).toBe('kept');
  });

  it('closes with Escape and gives focus back to the search button', async () => {
    const { page } = await visit('/docs/');
    await page.locator('.search-button').click();
    await page.locator(INPUT).fill('retries');
    await page.keyboard.press('Escape');
    await expect
      .poll(() => page.locator('dialog.search-dialog').evaluate((d: HTMLDialogElement) => d.open))
      .toBe(false);
    expect(await page.evaluate(`document.activeElement.classList.contains('search-button')`)).toBe(true);
  });

  it('says when nothing matches and suggests a shorter query', async () => {
    const { page } = await visit('/docs/');
    await search(page, 'xylophone orchestra');
    expect(await page.locator('.search-status').textContent()).toBe(
      'No results for “xylophone orchestra”. Try a shorter query or fewer words.',
    );
    expect(await page.locator(OPTIONS).count()).toBe(0);
    expect(await page.locator(INPUT).getAttribute('aria-expanded')).toBe('false');
  });

  it('shows a hostile query and hostile page text as text: no element injected, no alert', async () => {
    const { page, dialogs: alerts, errors } = await visit('/docs/');
    // The fixture's "Escaping markup" page mentions this very markup: it comes back as text, marked.
    const hostile = '<img src=x onerror=alert(1)>';
    await search(page, hostile);
    const snippet = page.locator(OPTIONS).first().locator('.search-result-snippet');
    expect(await snippet.textContent()).toContain(hostile);
    expect(await snippet.locator('mark').allTextContents()).toEqual(expect.arrayContaining(['img', 'onerror']));
    // Nothing matches this one: the message repeats it, as text.
    const unmatched = '"><svg onload=prompt(8)>';
    await page.locator(INPUT).fill(unmatched);
    await page.locator('.search-status', { hasText: 'No results' }).waitFor();
    expect(await page.locator('.search-status').textContent()).toContain(unmatched);
    expect(await page.locator('dialog img, dialog svg, dialog script').count()).toBe(0);
    await page.waitForLoadState('networkidle');
    expect(alerts).toEqual([]);
    expect(errors).toEqual([]);
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`passes axe's WCAG 2.1 A and AA rules with results open, in ${colorScheme} mode`, async () => {
      const { page } = await visit('/docs/', colorScheme);
      await search(page, 'retries');
      await page.keyboard.press('ArrowDown');
      const violations = describeViolations(
        `search (${colorScheme})`,
        await axeViolations(page, { within: 'dialog.search-dialog' }),
        false,
      );
      expect(violations).toEqual([]);
    });
  }
});
