import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startServedSite, type ServedSite } from '../helpers/served-site.js';
import { fixture } from '../helpers/site.js';

describe('browser: the static pages with JavaScript off', () => {
  let site: ServedSite;
  beforeAll(async () => {
    site = await startServedSite(fixture('basic'));
  });
  afterEach(() => site.closePages());
  afterAll(() => site?.close());

  it('shows the sidebar after the content on a phone, with no dead menu button, and links still work', async () => {
    const { page } = await site.open('/docs/guide/', {
      context: { javaScriptEnabled: false, viewport: { width: 375, height: 700 } },
    });
    expect(await page.locator('.menu-button').isVisible()).toBe(false);
    const sidebar = page.locator('#sidebar');
    expect(await sidebar.isVisible()).toBe(true);
    const [mainBox, sidebarBox] = [await page.locator('main').boundingBox(), await sidebar.boundingBox()];
    expect(sidebarBox!.y).toBeGreaterThan(mainBox!.y);
    expect(await page.locator('.copy').first().isVisible()).toBe(false);
    // A collapsed group is a plain link to its first page.
    await page.locator('#sidebar a.nav-group-title', { hasText: 'Guide' }).click();
    await page.waitForURL('**/docs/guide/code/');
    expect(await page.locator('h1').textContent()).toBe('Code blocks');
  });

  it('keeps the drawer for visitors with JavaScript: the sidebar is hidden until the menu opens it', async () => {
    const { page } = await site.open('/docs/guide/', { context: { viewport: { width: 375, height: 700 } } });
    expect(await page.locator('.menu-button').isVisible()).toBe(true);
    expect(await page.locator('#sidebar').isVisible()).toBe(false);
  });
});
