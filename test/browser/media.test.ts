import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startServedSite, type ServedSite } from '../helpers/served-site.js';
import { page, tmpSite } from '../helpers/tmp-site.js';

const png = (background: string) =>
  sharp({ create: { width: 1000, height: 500, channels: 3, background } })
    .png()
    .toBuffer();

/** Diagrams, math and images as a reader sees them, in Chromium. */
describe('browser: diagrams, math and images', () => {
  let site: ServedSite;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    const s = await tmpSite({
      'content/index.md': page('Home', 'See [the media page](media.md).'),
      'content/media.md': page(
        'Media',
        '![The editor](editor.png#light)\n![The editor](editor-dark.png#dark)\n\nArea $\\pi r^2$.\n\n```mermaid\nflowchart LR\n  A[Trigger] --> B[Step]\n```\n\n## More\n\nText after.',
      ),
    });
    cleanup = s.cleanup;
    await writeFile(path.join(s.root, 'content/editor.png'), await png('#f0f0f0'));
    await writeFile(path.join(s.root, 'content/editor-dark.png'), await png('#101010'));
    site = await startServedSite(s.root, { base: '/docs/' }); // the paths below are under /docs/
  });
  afterEach(() => site.closePages());
  afterAll(async () => {
    await site?.close();
    await cleanup?.();
  });

  it('colours a diagram from the theme: dark text on light, light text on dark', async () => {
    const fills: string[][] = [];
    for (const colorScheme of ['light', 'dark'] as const) {
      const { page, errors } = await site.visit('/docs/media/', { colorScheme });
      const text = await page
        .locator('.diagram-svg text', { hasText: 'Trigger' })
        .evaluate((el) => getComputedStyle(el).fill);
      const box = await page
        .locator('.diagram-svg g.node rect')
        .first()
        .evaluate((el) => getComputedStyle(el).fill);
      fills.push([text, box]);
      expect(errors).toEqual([]);
    }
    // The theme tokens --text and --bg-soft of each theme (client/styles/index.css).
    expect(fills).toEqual([
      ['rgb(27, 31, 36)', 'rgb(246, 247, 249)'],
      ['rgb(230, 233, 238)', 'rgb(27, 31, 38)'],
    ]);
  });

  it('shows the #light image in the light theme and the #dark one in the dark theme, following the toggle', async () => {
    const { page } = await site.visit('/docs/media/', { colorScheme: 'light' });
    const light = page.locator('.only-light');
    const dark = page.locator('.only-dark');
    expect([await light.isVisible(), await dark.isVisible()]).toEqual([true, false]);
    await page.locator('.theme-toggle').click();
    await expect.poll(() => dark.isVisible()).toBe(true);
    expect(await light.isVisible()).toBe(false);
  });

  it('enlarges an image from the keyboard and closes it with Escape, focus back on the image', async () => {
    const { page } = await site.visit('/docs/media/', { colorScheme: 'light' });
    const open = page.locator('.only-light .zoom-open');
    // Tab from the top of the page until the image's button has focus.
    for (let i = 0; i < 40 && !(await open.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press('Tab');
    expect(await open.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    const view = page.locator('.only-light .zoom-view');
    await expect.poll(() => view.evaluate((el) => el.matches(':popover-open'))).toBe(true);
    const large = view.locator('img');
    await expect
      .poll(() => large.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    const box = (await large.boundingBox())!;
    expect(box.width).toBeGreaterThan((await open.boundingBox())!.width);
    await page.keyboard.press('Escape');
    await expect.poll(() => view.evaluate((el) => el.matches(':popover-open'))).toBe(false);
    expect(await open.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('loads the math stylesheet and fonts only on the page with math, also after navigating there', async () => {
    // A fresh tab: the kept one has the math files in its caches, and a cached file is no request.
    const page = await site.ready('/docs/', { context: { colorScheme: 'light' } });
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    expect(await page.locator('link[href*="/assets/math."]').count()).toBe(0);
    await page.locator('a', { hasText: 'the media page' }).click();
    await page.waitForURL('**/docs/media/');
    await expect.poll(() => requested.some((p) => /\/assets\/math\.\w+\.css$/.test(p))).toBe(true);
    await expect.poll(() => requested.some((p) => /\/assets\/KaTeX_[\w-]+\.\w+\.woff2$/.test(p))).toBe(true);
    // KaTeX's own styles apply: the MathML copy is visually hidden.
    await expect
      .poll(() =>
        page
          .locator('.katex-mathml')
          .first()
          .evaluate((el) => getComputedStyle(el).position),
      )
      .toBe('absolute');
  });
});
