import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSite, type RuntimeSite } from './site.js';

const PHONE = { viewport: { width: 375, height: 740 } };

const expanded = (page: Page) => page.getAttribute('.menu-button', 'aria-expanded');
const focused = (page: Page) =>
  page.evaluate(
    `document.activeElement.matches('.menu-button') ? 'menu button' : document.activeElement.closest('#sidebar') ? 'sidebar' : document.activeElement.id || document.activeElement.tagName`,
  );

describe('browser/runtime: the sidebar drawer on small screens', () => {
  let site: RuntimeSite;
  beforeAll(async () => {
    site = await startSite();
  });
  afterEach(() => site.closePages());
  afterAll(() => site?.close());

  it('opens from the menu button and closes on Escape, returning focus to the button', async () => {
    const { page } = await site.visit('/docs/guide/long/', PHONE);
    expect(await page.isVisible('#sidebar a.active')).toBe(false);
    expect(await expanded(page)).toBe('false');

    await page.click('.menu-button');
    expect(await expanded(page)).toBe('true');
    await page.locator('#sidebar a.active').waitFor({ state: 'visible' });
    expect(await focused(page)).toBe('sidebar');

    await page.keyboard.press('Escape');
    expect(await expanded(page)).toBe('false');
    expect(await focused(page)).toBe('menu button');
    await page.locator('#sidebar a.active').waitFor({ state: 'hidden' });
  });

  it('keeps keyboard focus in the open drawer and the menu button: the page behind it is inert', async () => {
    const { page } = await site.visit('/docs/guide/long/', PHONE);
    await page.click('.menu-button');
    await page.locator('#sidebar a.active').waitFor({ state: 'visible' });
    const links = await page.locator('#sidebar a').count();
    const seen = new Set<string>();
    for (let i = 0; i < links + 3; i++) {
      await page.keyboard.press('Tab');
      seen.add(String(await focused(page)));
    }
    // BODY: focus passing through the browser's own controls after the last link.
    expect([...seen].filter((f) => !['sidebar', 'menu button', 'BODY'].includes(f))).toEqual([]);
    expect(seen.has('sidebar')).toBe(true);
    await page.keyboard.press('Escape');
    expect(await page.evaluate(`document.querySelector('main').inert`)).toBe(false);
  });

  it('closes on a click outside it', async () => {
    const { page } = await site.visit('/docs/guide/long/', PHONE);
    await page.click('.menu-button');
    await page.locator('#sidebar a.active').waitFor({ state: 'visible' });
    // The drawer is at most 85% of the width: the right edge is outside it.
    await page.mouse.click(365, 400);
    expect(await expanded(page)).toBe('false');
    expect(await page.evaluate(`document.getElementById('sidebar').classList.contains('open')`)).toBe(false);
    expect(await focused(page)).toBe('menu button');
  });

  it('closes after a navigation and leaves focus on the new page title', async () => {
    const { page } = await site.visit('/docs/guide/long/', PHONE);
    await page.click('.menu-button');
    await page.locator('#sidebar a', { hasText: 'Second page' }).click();
    await page.locator('h1', { hasText: 'Second page' }).waitFor();
    expect(await expanded(page)).toBe('false');
    expect(await focused(page)).toBe('page-title');
    await page.locator('#sidebar a.active').waitFor({ state: 'hidden' });
  });

  it('stays open while a collapsed group expands inside it', async () => {
    const { page } = await site.visit('/docs/', PHONE);
    await page.click('.menu-button');
    await page.locator('#sidebar a.nav-group-title', { hasText: 'Reference' }).click();
    await page.locator('#sidebar a', { hasText: 'API reference' }).waitFor({ state: 'visible' });
    expect(await expanded(page)).toBe('true');
  });
});
