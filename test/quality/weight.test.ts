import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BUDGETS,
  formatReport,
  gzipSize,
  measurePage,
  measureSite,
  overBudget,
  type PageWeight,
} from '../../bench/weight-report.js';
import { REPO } from '../helpers/site.js';
import { buildGateSites, GATE_ROOTS, type BuiltSite } from './site.js';

/**
 * The weight gate: per page, gzip HTML, the JavaScript run before interaction (entry module and
 * its static imports, inline scripts) and CSS within the budgets of bench/weight-report.ts.
 */
describe.each(GATE_ROOTS.map((root) => ({ root, name: path.relative(REPO, root) || 'the site' })))(
  'quality/weight: $name',
  ({ root }) => {
    let site: BuiltSite;
    let weights: PageWeight[];
    beforeAll(async () => {
      [site] = await buildGateSites([root]);
      weights = await measureSite(site.outDir);
    });
    afterAll(async () => site?.cleanup());

    it('measures every page with its entry script and stylesheet', () => {
      expect(weights.length).toBeGreaterThan(3);
      for (const w of weights) {
        expect(
          w.files.some((f) => /^assets\/client\.\w+\.js$/.test(f)),
          w.page,
        ).toBe(true);
        expect(
          w.files.some((f) => /^assets\/style\.\w+\.css$/.test(f)),
          w.page,
        ).toBe(true);
      }
    });

    it(`keeps a typical page within ${BUDGETS.html / 1024} KB of HTML, every page within ${BUDGETS.htmlMax / 1024} KB of HTML, ${BUDGETS.js / 1024} KB of JavaScript and ${BUDGETS.css / 1024} KB of CSS (gzip)`, () => {
      expect(overBudget(weights), formatReport(weights)).toEqual([]);
    });

    it('loads no web fonts for text (the system font stack); only math has fonts, and only pages with math link them', async () => {
      const files = (await readdir(site.outDir, { recursive: true })).map((f) => f.split(path.sep).join('/'));
      const fonts = files.filter((f) => /\.(woff2?|ttf|otf|eot)$/i.test(f));
      // The one exception: KaTeX's WOFF2 fonts, named by the math stylesheet alone.
      expect(fonts.filter((f) => !/^assets\/KaTeX_[\w-]+\.\w+\.woff2$/.test(f))).toEqual([]);
      const css = await Promise.all(
        files
          .filter((f) => /^assets\/[^/]+\.css$/.test(f))
          .map(async (f) => ({ f, text: await readFile(path.join(site.outDir, f), 'utf8') })),
      );
      for (const { f, text } of css)
        if (!/^assets\/math\.\w+\.css$/.test(f)) expect(text, f).not.toMatch(/@font-face|\.woff2/);
      for (const w of weights) {
        const html = await readFile(path.join(site.outDir, w.page), 'utf8');
        const math = w.files.some((f) => /^assets\/math\.\w+\.css$/.test(f));
        expect(math, w.page).toBe(html.includes('class="katex'));
      }
    });
  },
);

describe('bench/weight-report', () => {
  it('fails a page over the per-page limits and a median page over the typical-page budget', () => {
    const page = (name: string, html: number, js = 1000, css = 1000): PageWeight => ({
      page: name,
      html,
      js,
      css,
      files: [],
    });
    expect(overBudget([page('a', 6000), page('b', 7000), page('c', 14000)])).toEqual([]);
    expect(overBudget([page('a', 6000), page('b', 15000, 13000), page('c', 1000, 1000, 16000)])).toEqual([
      'b: html 14.6 KB > 14.0 KB gzip',
      'b: js 12.7 KB > 12.0 KB gzip',
      'c: css 15.6 KB > 15.0 KB gzip',
    ]);
    expect(overBudget([page('a', 7000), page('b', 7500), page('c', 8000)])).toEqual([
      'median page: html 7.3 KB > 7.0 KB gzip',
    ]);
  });

  it('counts inline scripts, the entry module and its static imports, but not dynamic imports or JSON-LD', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'weight-'));
    try {
      await mkdir(path.join(dir, 'assets/chunks'), { recursive: true });
      const entry = 'import{a as b}from"./chunks/shared.js";b();import("./chunks/search.js");';
      const shared = `export function a(){return ${JSON.stringify('x'.repeat(300))}}`;
      await writeFile(path.join(dir, 'assets/client.js'), entry);
      await writeFile(path.join(dir, 'assets/chunks/shared.js'), shared);
      await writeFile(path.join(dir, 'assets/chunks/search.js'), 'y'.repeat(5000));
      await writeFile(path.join(dir, 'assets/style.css'), 'body{color:red}');
      const html =
        '<!doctype html><html><head><meta name="docs:base" content="/docs/"><link rel="stylesheet" href="/docs/assets/style.css"><script>var t=1</script><script type="application/ld+json">{"a":1}</script><script type="module" src="/docs/assets/client.js"></script></head><body></body></html>';
      await writeFile(path.join(dir, 'index.html'), html);
      const w = await measurePage(dir, 'index.html');
      expect(w.files.sort()).toEqual(['assets/chunks/shared.js', 'assets/client.js', 'assets/style.css', 'inline']);
      expect(w.js).toBe(gzipSize('var t=1') + gzipSize(entry) + gzipSize(shared));
      expect(w.css).toBe(gzipSize('body{color:red}'));
      expect(w.html).toBe(gzipSize(html));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
