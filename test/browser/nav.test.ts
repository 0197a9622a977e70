import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, describeViolations } from '../helpers/axe.js';
import { startServedSite, type ServedSite } from '../helpers/served-site.js';
import { fixture } from '../helpers/site.js';

/** A group of the sidebar by its title: its <details> (closed top-level groups have none). */
const group = (page: Page, title: string) =>
  page
    .locator('#sidebar li.nav-group', { has: page.locator(`> details > summary:text-is("${title}")`) })
    .first()
    .locator('> details');
const isOpen = (page: Page, title: string) => group(page, title).evaluate((d) => (d as HTMLDetailsElement).open);
const current = (page: Page) => page.locator('#sidebar ul.nav a[aria-current="page"]').allTextContents();
const heading = (page: Page, text: string) => page.locator('h1#page-title', { hasText: text }).waitFor();
/** Marks the document, so a test can tell the router's swap (mark kept) from a full load. */
const mark = (page: Page) => page.evaluate('window.__kept = true');
const kept = (page: Page) => page.evaluate('window.__kept === true');

describe('browser: nested sidebar groups, several sidebars, top links', () => {
  let site: ServedSite;
  beforeAll(async () => {
    site = await startServedSite(fixture('nav'));
  });
  afterEach(() => site.closePages());
  afterAll(() => site?.close());

  it('opens and closes a group with the mouse and with the keyboard', async () => {
    const { page, errors } = await site.visit('/docs/guides/install/');
    expect(await isOpen(page, 'The basics')).toBe(false);
    expect(await page.locator('#sidebar a', { hasText: 'First steps' }).isVisible()).toBe(false);
    await group(page, 'The basics').locator('summary').click();
    expect(await isOpen(page, 'The basics')).toBe(true);
    expect(await page.locator('#sidebar a', { hasText: 'First steps' }).isVisible()).toBe(true);
    // Tab from the link before it reaches the group's title; Enter closes it, Space opens it again.
    await page.locator('#sidebar a', { hasText: /^Install$/ }).focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate('document.activeElement.textContent')).toBe('The basics');
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      () => !document.querySelector<HTMLDetailsElement>('li[data-group="3.2"] > details')!.open,
    );
    await page.keyboard.press('Space');
    await page.waitForFunction(
      () => document.querySelector<HTMLDetailsElement>('li[data-group="3.2"] > details')!.open,
    );
    expect(errors).toEqual([]);
  });

  it('opens and closes groups without JavaScript too, and their links are plain links', async () => {
    const { page } = await site.open('/docs/guides/install/', { context: { javaScriptEnabled: false } });
    expect(await isOpen(page, 'The basics')).toBe(false);
    await group(page, 'The basics').locator('summary').click();
    expect(await isOpen(page, 'The basics')).toBe(true);
    await page.locator('#sidebar a', { hasText: 'First steps' }).click();
    await page.waitForURL('**/docs/guides/basics/first/');
    expect(await isOpen(page, 'The basics')).toBe(true);
    expect(await current(page)).toEqual(['First steps']);
  });

  it('after a client-side navigation into another group, opens the groups holding the new page and marks it', async () => {
    const { page, errors } = await site.visit('/docs/guides/basics/first/');
    await mark(page);
    expect(await isOpen(page, 'The basics')).toBe(true);
    await page.locator('main a', { hasText: 'Tuning' }).click();
    await heading(page, 'Tuning');
    expect(await kept(page)).toBe(true);
    expect(await isOpen(page, 'Advanced')).toBe(true);
    expect(await isOpen(page, 'Deep')).toBe(false);
    expect(await isOpen(page, 'The basics')).toBe(false);
    expect(await current(page)).toEqual(['Tuning']);
    expect(errors).toEqual([]);
  });

  it('after a client-side navigation into another sidebar, shows that sidebar and marks the page and the top link', async () => {
    const { page, errors } = await site.visit('/docs/guides/advanced/deep/level/');
    await mark(page);
    expect(await page.locator('.top-nav a[aria-current]').count()).toBe(0);
    await page.locator('main a', { hasText: 'orders API' }).click();
    await heading(page, 'Create an order');
    expect(await kept(page)).toBe(true);
    expect(await page.getAttribute('#sidebar ul.nav', 'data-sidebar')).toBe('/api/');
    expect(await isOpen(page, 'Orders')).toBe(true);
    expect(await current(page)).toEqual(['Create an order']);
    expect(await page.locator('.top-nav a[aria-current="true"]').allTextContents()).toEqual(['API']);

    await page.locator('.top-nav a', { hasText: 'Changelog' }).click();
    await heading(page, 'Changelog');
    expect(await kept(page)).toBe(true);
    expect(await page.getAttribute('#sidebar ul.nav', 'data-sidebar')).toBe('/');
    expect(await current(page)).toEqual(['Changelog', 'Changelog']); // in Start and in the group that is always open
    expect(await page.locator('.top-nav a[aria-current="page"]').allTextContents()).toEqual(['Changelog']);
    expect(await page.locator('.top-nav a[aria-current="true"]').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('keeps the groups the reader opened or closed so on the next pages, but always opens the groups holding the page', async () => {
    const { page } = await site.visit('/docs/guides/install/');
    await mark(page);
    await group(page, 'The basics').locator('summary').click();
    await group(page, 'Always open').locator('summary').click();
    expect([await isOpen(page, 'The basics'), await isOpen(page, 'Always open')]).toEqual([true, false]);
    await page.locator('main a', { hasText: 'Deep level' }).click();
    await heading(page, 'Deep level');
    expect(await kept(page)).toBe(true);
    await page.waitForFunction(
      () => document.querySelector<HTMLDetailsElement>('li[data-group="3.2"] > details')!.open,
    );
    expect([
      await isOpen(page, 'The basics'),
      await isOpen(page, 'Always open'),
      await isOpen(page, 'Advanced'),
      await isOpen(page, 'Deep'),
    ]).toEqual([true, false, true, true]);
    // Closing the group of the current page holds only until the next page of it.
    await group(page, 'Deep').locator('summary').click();
    await page.locator('main a', { hasText: 'orders API' }).click();
    await heading(page, 'Create an order');
    await page.locator('main a', { hasText: 'Deep level' }).click();
    await heading(page, 'Deep level');
    expect(await isOpen(page, 'Deep')).toBe(true);
  });

  it('on a phone, shows the top links at the top of the drawer instead of the top bar', async () => {
    const { page } = await site.visitReady('/docs/guides/install/', { viewport: { width: 375, height: 700 } });
    expect(await page.locator('.top-nav').isVisible()).toBe(false);
    await page.locator('.menu-button').click();
    const drawerLink = page.locator('#sidebar .nav-top a', { hasText: 'API' });
    await drawerLink.waitFor({ state: 'visible' });
    await drawerLink.click();
    await heading(page, 'API');
    await page.waitForFunction(() => !document.getElementById('sidebar')!.classList.contains('open'));
    await page.locator('.menu-button').click();
    expect(await page.locator('#sidebar .nav-top a[aria-current="page"]').allTextContents()).toEqual(['API']);
  });

  it('passes axe in light and dark with every group open, badges of each variant and the current links marked', async () => {
    for (const [path, colorScheme] of [
      ['/docs/guides/basics/second/', 'light'],
      ['/docs/guides/basics/second/', 'dark'],
      ['/docs/api/orders/cancel/', 'dark'],
    ] as const) {
      const { page } = await site.visitReady(path, { colorScheme });
      await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
      const violations = describeViolations('', await axeViolations(page), false);
      expect(violations, `${path} ${colorScheme}`).toEqual([]);
    }
    expect(
      await site
        .visit('/docs/guides/basics/second/')
        .then(({ page }) => page.locator('#sidebar .badge').evaluateAll((b) => b.map((e) => e.className))),
    ).toEqual(expect.arrayContaining(['badge badge-new', 'badge badge-beta', 'badge badge-note']));
  });
});
