/**
 * Screenshots for review: five representative pages at 375, 768 and 1280 px, light and dark,
 * written to screenshots/ (git-ignored) as `<page>-<width>-<theme>.png`.
 *
 *   node --import tsx bench/screenshots.ts [root|distDir]
 *
 * A root (a folder with content/) is built first; a built folder (with pages.json) is used as is.
 * Default: the repository's site, or the quality fixture before the site exists.
 *
 * Pages: overview, a long guide, the REST reference, the errors page and not-found; a page of the
 * fixture stands in where the site has no such page.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { launchBrowser } from '../test/helpers/browser.js';
import { buildToTemp, fixture, REPO, serveDir } from '../test/helpers/site.js';

const WIDTHS = [375, 768, 1280];
const baseOf = (html: string) => /<meta name="docs:base" content="([^"]+)"/.exec(html)?.[1] ?? '/docs/';
const THEMES = ['light', 'dark'] as const;
const OUT = path.join(REPO, 'screenshots');

const root = path.resolve(
  process.argv[2] ?? (existsSync(path.join(REPO, 'content/index.md')) ? REPO : fixture('quality')),
);
const prebuilt = existsSync(path.join(root, 'pages.json'));
const site = prebuilt
  ? { outDir: root, base: baseOf(await readFile(path.join(root, '404.html'), 'utf8')), cleanup: async () => {} }
  : await buildToTemp(root);
const server = await serveDir(site.outDir, site.base);
const { browser, close } = await launchBrowser();
try {
  const records = JSON.parse(await readFile(path.join(site.outDir, 'pages.json'), 'utf8')) as {
    path: string;
    regularPath: string;
  }[];
  let longest = { path: site.base, size: -1 };
  for (const r of records) {
    if (/\/(api|reference|errors)\//.test(r.regularPath) || r.regularPath === '/') continue; // references, not guides
    const { size } = await stat(path.join(site.outDir, r.regularPath, 'index.html'));
    if (size > longest.size) longest = { path: r.path, size };
  }
  const has = (p: string) => records.some((r) => r.path === p);
  const pages = [
    { name: 'overview', path: site.base },
    { name: 'guide', path: longest.path },
    { name: 'rest', path: has(`${site.base}api/rest/`) ? `${site.base}api/rest/` : longest.path },
    { name: 'errors', path: has(`${site.base}errors/`) ? `${site.base}errors/` : site.base },
    { name: 'not-found', path: `${site.base}this-page-does-not-exist/` },
  ];
  await rm(OUT, { recursive: true, force: true });
  await mkdir(OUT, { recursive: true });
  for (const theme of THEMES) {
    for (const width of WIDTHS) {
      const context = await browser.newContext({
        colorScheme: theme,
        viewport: { width, height: 900 },
        reducedMotion: 'reduce',
      });
      const page = await context.newPage();
      for (const p of pages) {
        await page.goto(`${server.origin}${p.path}`, { waitUntil: 'load' });
        const file = path.join(OUT, `${p.name}-${width}-${theme}.png`);
        await page.screenshot({ path: file, fullPage: true });
        console.log(path.relative(REPO, file));
      }
      await context.close();
    }
  }
  // How the long guide prints: the print stylesheet, as a PDF of its own.
  const page = await browser.newPage();
  await page.goto(`${server.origin}${longest.path}`, { waitUntil: 'load' });
  await page.emulateMedia({ media: 'print' });
  await page.pdf({ path: path.join(OUT, 'guide-print.pdf'), format: 'A4' });
  console.log('screenshots/guide-print.pdf');
} finally {
  await close();
  await server.close();
  await site.cleanup();
}
