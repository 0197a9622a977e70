/**
 * Page weight of a built site: per page, the gzip size of its HTML, of the JavaScript it runs
 * before any interaction (inline scripts, module scripts and their static imports) and of its
 * stylesheets, against the budgets below.
 *
 *   node --import tsx bench/weight-report.ts [distDir]     (default: dist)
 *
 * Exits non-zero when a page is over budget; test/quality/weight.test.ts runs the same check.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * Bytes, gzip. HTML: a typical page (the median) within 7 KB, and every page within 14 KB, what
 * arrives in the first round trip of a new connection (TCP's initial window, 10 x 1460 bytes):
 * a long reference page may be longer than a guide, never slower to start. JavaScript run before
 * interaction and CSS: every page, feature stylesheets included (math, diagrams, images: linked only
 * by pages that use them). Text uses the system font stack; only math has fonts (KaTeX's, WOFF2,
 * loaded by the browser for the glyphs a formula uses), which test/quality/weight.test.ts allows.
 */
export const BUDGETS = { html: 7 * 1024, htmlMax: 14 * 1024, js: 12 * 1024, css: 15 * 1024 };

export interface PageWeight {
  /** The HTML file under the dist folder ("guides/long/index.html"). */
  page: string;
  html: number;
  js: number;
  css: number;
  /** Every script and stylesheet counted, as dist-relative paths ("inline" for inline scripts). */
  files: string[];
}

export const gzipSize = (data: string | Uint8Array) => gzipSync(data).length;

/** Every page of the site: each `index.html` and `404.html`, not the redirect stubs (they hold no content). */
export async function sitePages(distDir: string): Promise<string[]> {
  const entries = await readdir(distDir, { recursive: true });
  const html = entries
    .map((e) => e.split(path.sep).join('/'))
    .filter((e) => e.endsWith('.html') && !e.startsWith('assets/'));
  const pages: string[] = [];
  for (const file of html.sort()) {
    const text = await readFile(path.join(distDir, file), 'utf8');
    if (!/<meta http-equiv="refresh"/i.test(text)) pages.push(file);
  }
  return pages;
}

/** The site's base path, as the pages declare it (`<meta name="docs:base">`), for mapping URLs to files. */
function baseOf(html: string): string {
  return /<meta name="docs:base" content="([^"]+)"/.exec(html)?.[1] ?? '/';
}

function toFile(distDir: string, base: string, url: string): string | null {
  if (/^[a-z]+:|^\/\//i.test(url) || !url.startsWith(base)) return null;
  return path.join(distDir, decodeURIComponent(url.slice(base.length).split(/[?#]/)[0]));
}

/** `import ... from "x"` and `import "x"` at the top level of an ES module; `import("x")` is on demand. */
function staticImports(code: string): string[] {
  const found: string[] = [];
  for (const m of code.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+)["']/g))
    found.push(m[1]);
  return found;
}

export async function measurePage(distDir: string, page: string): Promise<PageWeight> {
  const html = await readFile(path.join(distDir, page), 'utf8');
  const base = baseOf(html);
  const files: string[] = [];
  let js = 0;
  let css = 0;
  // Inline scripts run before interaction too; JSON-LD and other data blocks are not scripts.
  for (const m of html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/type="(?!module|text\/javascript)[^"]*"/.test(m[1]) || !m[2].trim()) continue;
    js += gzipSize(m[2]);
    files.push('inline');
  }
  const seen = new Set<string>();
  const queue: string[] = [];
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g)) {
    if (/\b(async|defer)\b/.test(m[0]) && !/type="module"/.test(m[0])) continue; // not before interaction
    const file = toFile(distDir, base, m[1]);
    if (file) queue.push(file);
  }
  while (queue.length) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = await readFile(file, 'utf8');
    js += gzipSize(code);
    files.push(path.relative(distDir, file));
    for (const spec of staticImports(code)) {
      const next = spec.startsWith('.') ? path.resolve(path.dirname(file), spec) : toFile(distDir, base, spec);
      if (next) queue.push(next);
    }
  }
  for (const m of html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)) {
    const href = /href="([^"]+)"/.exec(m[0])?.[1];
    const file = href && toFile(distDir, base, href);
    if (!file) continue;
    css += gzipSize(await readFile(file));
    files.push(path.relative(distDir, file));
  }
  return { page, html: gzipSize(html), js, css, files };
}

export async function measureSite(distDir: string): Promise<PageWeight[]> {
  return Promise.all((await sitePages(distDir)).map((page) => measurePage(distDir, page)));
}

/** "page: html 14.2 KB > 14.0 KB gzip" for every figure over its budget, and the median HTML's. */
export function overBudget(weights: PageWeight[], budgets = BUDGETS): string[] {
  const out: string[] = [];
  for (const w of weights) {
    const limits = { html: budgets.htmlMax, js: budgets.js, css: budgets.css };
    for (const kind of ['html', 'js', 'css'] as const) {
      if (w[kind] > limits[kind]) out.push(`${w.page}: ${kind} ${kb(w[kind])} > ${kb(limits[kind])} gzip`);
    }
  }
  const typical = median(weights.map((w) => w.html));
  if (weights.length && typical > budgets.html) out.push(`median page: html ${kb(typical)} > ${kb(budgets.html)} gzip`);
  return out;
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The table the script prints: one line a page, then the median and the largest of each column. */
export function formatReport(weights: PageWeight[]): string {
  const width = Math.max(4, ...weights.map((w) => w.page.length));
  const row = (name: string, html: string, js: string, css: string) =>
    `${name.padEnd(width)}  ${html.padStart(9)}  ${js.padStart(9)}  ${css.padStart(9)}`;
  const lines = [
    row('page', 'html', 'js', 'css'),
    row('budget', `<= ${kb(BUDGETS.htmlMax)}`, `<= ${kb(BUDGETS.js)}`, `<= ${kb(BUDGETS.css)}`),
  ];
  for (const w of [...weights].sort((a, b) => b.html - a.html))
    lines.push(row(w.page, kb(w.html), kb(w.js), kb(w.css)));
  const col = (kind: 'html' | 'js' | 'css') => weights.map((w) => w[kind]);
  lines.push(
    '',
    row(`median of ${weights.length} pages`, kb(median(col('html'))), kb(median(col('js'))), kb(median(col('css')))),
  );
  lines.push(row('median budget', `<= ${kb(BUDGETS.html)}`, '', ''));
  lines.push(row('largest', kb(Math.max(...col('html'))), kb(Math.max(...col('js'))), kb(Math.max(...col('css')))));
  return lines.join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dist = path.resolve(process.argv[2] ?? 'dist');
  const weights = await measureSite(dist);
  if (!weights.length) {
    console.error(`no pages in ${dist}: build the site first (npm run build)`);
    process.exit(1);
  }
  console.log(formatReport(weights));
  const over = overBudget(weights);
  if (over.length) {
    console.error(`\n${over.length} over budget:\n  ${over.join('\n  ')}`);
    process.exitCode = 1;
  }
}
