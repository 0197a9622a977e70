import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startServedSite, type ServedSite } from '../../helpers/served-site.js';
import { fixture } from '../../helpers/site.js';

const INPUT = 'dialog.search-dialog input[role="combobox"]';

describe('browser/search: keys typed right after the shortcut', () => {
  let site: ServedSite;
  beforeAll(async () => {
    site = await startServedSite(fixture('search'));
  });
  afterEach(() => site.closePages());
  afterAll(() => site?.close());

  it('are the query, though the search code arrives after them', async () => {
    const page = await site.ready('/docs/guide/retries/');
    // The search dialog's code is held back until every key is typed: the slowest network there is.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const scripts: string[] = [];
    await page.route(/\.js$/, async (route) => {
      scripts.push(route.request().url());
      await held;
      await route.continue();
    });
    await page.keyboard.press('/');
    await page.keyboard.type('webhookx');
    await page.keyboard.press('Backspace');
    await expect.poll(() => scripts.length).toBeGreaterThan(0); // the shortcut asked for the code
    release();
    await expect.poll(() => page.locator(INPUT).inputValue()).toBe('webhook');
    await page.locator('.search-status', { hasText: /result|No results/ }).waitFor();
  });
});
