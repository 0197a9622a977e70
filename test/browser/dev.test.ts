import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/browser.js';
import { copyClient, copySite, startDev } from '../integration/dev/harness.js';
import { editFile } from '../helpers/tmp-site.js';

/** What the live-reload client does in a real tab: reload in place, swap styles, show problems. */
describe('dev server: the live-reload client in the browser', () => {
  let site: Awaited<ReturnType<typeof copySite>>;
  let client: Awaited<ReturnType<typeof copyClient>>;
  let dev: Awaited<ReturnType<typeof startDev>>;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;

  beforeAll(async () => {
    site = await copySite('dev');
    const paragraphs = Array.from(
      { length: 80 },
      (_, i) => `Paragraph ${i + 1} of a long page, long enough to scroll through.`,
    ).join('\n\n');
    await writeFile(
      site.file('content/guide/long.md'),
      `---\ntitle: Long\ndescription: A page to scroll.\n---\n\nFirst line.\n\n${paragraphs}\n`,
    );
    client = await copyClient();
    dev = await startDev(site.root, { clientDir: client.clientDir, watchLayout: false });
    browser = await launchBrowser();
  });
  afterEach(async () => {
    await page?.close();
  });
  afterAll(async () => {
    await browser?.close();
    await dev?.close();
    await site?.cleanup();
    await client?.cleanup();
  });

  const open = async (route: string) => {
    page = await browser.browser.newPage({ viewport: { width: 1000, height: 600 } });
    await page.goto(`${dev.origin}/docs${route}`);
    // Wait until the live-reload channel is open, then mark this document: a reload loses the mark.
    await expect.poll(() => dev.events.size).toBeGreaterThan(0);
    await page.evaluate(() => ((window as unknown as { mark: number }).mark = 1));
  };
  const reloaded = () => page.waitForFunction(() => !(window as unknown as { mark?: number }).mark);
  const edit = editFile;

  it('reloads the tab after an edit and keeps its scroll position', async () => {
    await open('/guide/long/');
    await page.evaluate(() => scrollTo(0, 1500));
    await edit(site.file('content/guide/long.md'), (t) => t.replace('First line.', 'First line, edited.'));
    await reloaded();
    await page.waitForSelector('text=First line, edited.', { state: 'attached' });
    await page.waitForFunction(() => scrollY > 1000);
    expect(Math.abs((await page.evaluate(() => scrollY)) - 1500)).toBeLessThan(40);
  });

  it('swaps the stylesheet of the open tab without reloading it when only CSS changed', async () => {
    await open('/guide/');
    const css = path.join(client.clientDir, 'styles/index.css');
    await edit(css, (t) => `${t}\nbody { outline: 3px solid rgb(1, 2, 3); }\n`);
    await page.waitForFunction(() => getComputedStyle(document.body).outlineColor === 'rgb(1, 2, 3)');
    expect(await page.evaluate(() => (window as unknown as { mark?: number }).mark)).toBe(1);
    expect(await page.locator('link[rel="stylesheet"]').count()).toBe(1);
  });

  it('shows the problems over the page, and removes them with a reload once the file is fixed', async () => {
    await open('/guide/install/');
    const file = site.file('content/guide/install.md');
    await edit(file, (t) =>
      t.replace('description: Getting the tool onto your machine.', 'description: Getting: the tool'),
    );
    const overlay = page.locator('docs-dev-overlay');
    await overlay.waitFor();
    const text = await overlay.locator('section').innerText();
    expect(text).toContain('The site has 1 problem');
    expect(text).toMatch(/guide\/install\.md:\d+:\d+/);
    expect(text).toContain('malformed YAML frontmatter');
    expect(text).toContain('Fix: fix the YAML');
    // Escape hides it for a look at the page; the problem stays until fixed.
    await page.keyboard.press('Escape');
    await overlay.waitFor({ state: 'detached' });

    await page.evaluate(() => ((window as unknown as { mark: number }).mark = 1));
    await edit(file, (t) => t.replace('description: Getting: the tool', 'description: "Getting: the tool"'));
    await reloaded();
    await page.waitForSelector('meta[name="description"][content="Getting: the tool"]', { state: 'attached' });
    expect(await overlay.count()).toBe(0);
  });

  it('follows its page to the address a new `slug` gives it, keeping the part it was reading', async () => {
    await open('/guide/long/#top');
    await edit(site.file('content/guide/long.md'), (t) => t.replace('title: Long', 'slug: /long-read\ntitle: Long'));
    await page.waitForURL(`${dev.origin}/docs/long-read/#top`);
    await page.waitForSelector('text=First line', { state: 'attached' });
    expect(await page.title()).toContain('Long');
  });
});
