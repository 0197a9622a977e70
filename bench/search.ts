/**
 * Search benchmark: what a reader's first query downloads, how long queries take in Chromium, and
 * what the index costs the build.
 *
 * - `benchSearch({ root })` builds a site root (the real site, or a corpus of bench/corpus.ts) into
 *   a temp folder and times the search stage inside that build;
 * - `benchSearch({ root, dir, buildMs })` measures a folder already built from that root, and
 *   times the search stage alone on the root's pages (set `buildMs` to get its share);
 * - `benchSearch({ dir })` measures a built folder only.
 *
 * CLI: `node --import tsx bench/search.ts <root> [--dir <built>] [--build-ms <ms>]`, prints JSON.
 */
import { readFile, rm, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { buildSite } from '../src/build/index.js';
import { loadConfig } from '../src/config/index.js';
import { loadContent } from '../src/content/index.js';
import { Problems } from '../src/model/errors.js';
import { renderMarkdown } from '../src/pages/index.js';
import { buildSearchIndex } from '../src/search/index.js';
import { createSite } from '../src/model/site.js';
import { createStaticServer, listen } from '../src/serve/index.js';
import { searchPageUrl, shardUrl, vocabUrl, type SearchManifest } from '../src/shared/search-format.js';
import { FsWriter } from '../src/write/index.js';
import { launchBrowser } from '../test/helpers/browser.js';

/** First queries measured, each as a new visitor would type it. */
const FIRST_QUERIES = 6;

export interface SearchBenchOptions {
  /** A site root (docs.config.ts + content/). */
  root?: string;
  /** The site built from it; without one, the root is built into a temp folder. */
  dir?: string;
  /** Wall time of the build of `dir`, when known: gives the search stage's share. */
  buildMs?: number;
  /** Base the site is served under. @default "/docs/" (or the root's configuration) */
  base?: string;
  /** Queries typed one after the other; by default made from the site's own titles and headings. */
  queries?: string[];
}

export interface Stats {
  median: number;
  p95: number;
  max: number;
  n: number;
}

export interface SearchBenchResult {
  pages: number;
  sections: number;
  /** The whole index on disk: every shard, vocabulary and page file, and the manifest. */
  index: { files: number; gzipBytes: number; manifestGzipBytes: number; largestShardGzipBytes: number };
  /**
   * The heaviest first query of a fresh visit (of FIRST_QUERIES spread over the list): search code
   * and index files fetched from the first keypress to the results.
   */
  firstQuery: { query: string; gzipBytes: number; files: { path: string; gzipBytes: number }[] };
  /** Every first query measured, heaviest first. */
  firstQueries: { query: string; gzipBytes: number }[];
  /** Chromium: MiniSearch query and ranking, the shards it needs already in memory (per keystroke cost). */
  queryMs: Stats;
  /** Chromium: from the input event to the results on screen, downloads included (local HTTP), first time each query is typed. */
  shownColdMs: Stats;
  /** The same, typed a second time (everything cached in memory). */
  shownWarmMs: Stats;
  /**
   * With a root: the search stage's time, and what it adds to the rest of the build, in percent
   * (when the build's time is known).
   */
  build?: { totalMs?: number; searchMs: number; addsPercent?: number };
}

export async function benchSearch(options: SearchBenchOptions): Promise<SearchBenchResult> {
  let dir = options.dir;
  let base = options.base ?? '/docs/';
  let build: SearchBenchResult['build'];
  let temp: string | undefined;
  if (dir && options.root) {
    build = await timeSearchStage(options.root, options.buildMs);
    base = options.base ?? (await loadConfig(options.root)).base;
  } else if (!dir) {
    if (!options.root) throw new Error('benchSearch needs a site root or a built folder');
    temp = await mkdtemp(path.join(os.tmpdir(), 'docs-search-bench-'));
    dir = temp;
    const config = await loadConfig(options.root, { outDir: temp });
    base = options.base ?? config.base;
    const stages = new Map<string, number>();
    const result = await buildSite(config, new FsWriter(temp), {
      stage: (label, ms) => stages.set(label, ms),
      info() {},
      error() {},
    });
    const searchMs = stages.get('search') ?? 0;
    build = {
      totalMs: Math.round(result.ms),
      searchMs: Math.round(searchMs),
      addsPercent: round((100 * searchMs) / (result.ms - searchMs)),
    };
  }
  try {
    const manifest = JSON.parse(await readFile(path.join(dir, 'search.json'), 'utf8')) as SearchManifest;
    const index = await indexSize(dir, base, manifest);
    const queries = options.queries ?? (await defaultQueries(dir));
    const browserResult = await measureInBrowser(dir, base, queries);
    return { pages: manifest.counts.length, sections: manifest.docs, index, ...browserResult, build };
  } finally {
    if (temp) await rm(temp, { recursive: true, force: true });
  }
}

/** The search stage alone, on the pages of a root (content and Markdown are not timed). */
async function timeSearchStage(root: string, buildMs?: number): Promise<NonNullable<SearchBenchResult['build']>> {
  const config = await loadConfig(root);
  const problems = new Problems();
  const site = createSite(config, await renderMarkdown(await loadContent(config, problems), config, problems));
  const started = performance.now();
  buildSearchIndex(site);
  const searchMs = performance.now() - started;
  return {
    totalMs: buildMs,
    searchMs: Math.round(searchMs),
    addsPercent: buildMs ? round((100 * searchMs) / (buildMs - searchMs)) : undefined,
  };
}

async function gzipSize(file: string): Promise<number> {
  return gzipSync(await readFile(file)).length;
}

async function indexSize(dir: string, base: string, manifest: SearchManifest): Promise<SearchBenchResult['index']> {
  const files = [
    ...manifest.shards.map((_, i) => shardUrl(manifest, i)),
    ...manifest.vocab.map((_, i) => vocabUrl(manifest, i)),
    ...manifest.counts.map((_, i) => searchPageUrl(manifest, i)),
  ];
  let gzipBytes = 0;
  let largest = 0;
  for (const f of files) {
    const size = await gzipSize(path.join(dir, f.slice(base.length)));
    gzipBytes += size;
    if (f.startsWith(`${manifest.dir}t/`)) largest = Math.max(largest, size);
  }
  const manifestGzipBytes = await gzipSize(path.join(dir, 'search.json'));
  return {
    files: files.length + 1,
    gzipBytes: gzipBytes + manifestGzipBytes,
    manifestGzipBytes,
    largestShardGzipBytes: largest,
  };
}

/** Titles, headings, two-word mixes, prefixes and one-letter typos, from the site's page list. */
async function defaultQueries(dir: string): Promise<string[]> {
  const pages = JSON.parse(await readFile(path.join(dir, 'pages.json'), 'utf8')) as {
    title: string;
    headers: { title: string }[];
  }[];
  const pick = <T>(list: T[], n: number) =>
    Array.from({ length: Math.min(n, list.length) }, (_, i) => list[Math.floor((i * list.length) / n)]);
  const titles = pick(pages, 8).map((p) => p.title);
  const headings = [...new Set(pages.flatMap((p) => p.headers.map((h) => h.title)))];
  const words = [
    ...new Set([...titles, ...headings].flatMap((t) => t.toLowerCase().split(/[^a-z]+/)).filter((w) => w.length >= 6)),
  ];
  const typo = (w: string) => `${w.slice(0, 3)}${w[4]}${w[3]}${w.slice(5)}`;
  return [
    ...titles,
    ...pick(headings, 6),
    ...pick(words, 6).map((w) => w.slice(0, 5)),
    ...pick(words, 5).map(typo),
    ...pick(words, 10).reduce<string[]>((acc, w, i, all) => (i % 2 ? [...acc, `${all[i - 1]} ${w}`] : acc), []),
  ];
}

async function measureInBrowser(dir: string, base: string, queries: string[]) {
  const server = createStaticServer({ dir, base });
  const port = await listen(server, 0, '127.0.0.1');
  const origin = `http://127.0.0.1:${port}`;
  const { browser, close } = await launchBrowser();
  try {
    // First queries: each in a fresh context (empty cache), as a new visitor's first query.
    const firsts: SearchBenchResult['firstQuery'][] = [];
    for (const q of spread(queries, FIRST_QUERIES)) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const fetched: string[] = [];
      page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
      await page.goto(`${origin}${base}`);
      await page.waitForLoadState('networkidle');
      fetched.length = 0;
      await page.keyboard.press('/');
      await typeQuery(page, q);
      await page.waitForLoadState('networkidle');
      const searchFiles = [...new Set(fetched)].filter(
        (p) =>
          p === `${base}search.json` || p.startsWith(`${base}assets/search/`) || p.startsWith(`${base}assets/chunks/`),
      );
      const files = await Promise.all(
        searchFiles.map(async (p) => ({ path: p, gzipBytes: await gzipSize(path.join(dir, p.slice(base.length))) })),
      );
      firsts.push({ query: q, gzipBytes: files.reduce((n, f) => n + f.gzipBytes, 0), files });
      await context.close();
    }
    firsts.sort((a, b) => b.gzipBytes - a.gzipBytes);

    // Then every query in one page, twice: first with downloads, then from memory.
    const page = await browser.newPage();
    await page.goto(`${origin}${base}`);
    await page.keyboard.press('/');
    const query: number[] = [];
    const cold: number[] = [];
    const warm: number[] = [];
    for (const shown of [cold, warm]) {
      for (const q of queries) {
        await page.evaluate('performance.clearMarks()');
        await typeQuery(page, q);
        const marks = (await page.evaluate(`[
          performance.getEntriesByName('docs-search-query').map((m) => m.detail),
          performance.getEntriesByName('docs-search-shown').map((m) => m.detail),
        ]`)) as [number[], number[]];
        query.push(...marks[0]);
        shown.push(...marks[1]);
      }
    }
    return {
      firstQuery: firsts[0],
      firstQueries: firsts.map(({ query: q, gzipBytes }) => ({ query: q, gzipBytes })),
      queryMs: stats(query),
      shownColdMs: stats(cold),
      shownWarmMs: stats(warm),
    };
  } finally {
    await close();
    await new Promise((resolve) => server.close(resolve));
  }
}

/** `n` queries spread over the list (titles, headings, prefixes, typos and pairs by default). */
function spread<T>(list: T[], n: number): T[] {
  return [
    ...new Set(Array.from({ length: Math.min(n, list.length) }, (_, i) => list[Math.floor((i * list.length) / n)])),
  ];
}

/** Types the whole query at once (one search) and waits until its results are on screen. */
async function typeQuery(page: Page, query: string): Promise<void> {
  const input = page.locator('dialog.search-dialog input[role="combobox"]');
  await input.fill('');
  await input.fill(query);
  await page.waitForFunction((q) => document.querySelector<HTMLElement>('.search-status')?.dataset.query === q, query);
}

function stats(values: number[]): Stats {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : 0);
  return { median: round(at(0.5)), p95: round(at(0.95)), max: round(sorted[sorted.length - 1] ?? 0), n: sorted.length };
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const args = process.argv.slice(2);
  const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  const dir = option('--dir');
  const buildMs = option('--build-ms');
  const root = args[0] && !args[0].startsWith('--') ? path.resolve(args[0]) : undefined;
  const result = await benchSearch({
    root,
    dir: dir && path.resolve(dir),
    buildMs: buildMs ? Number(buildMs) : undefined,
  });
  console.log(JSON.stringify(result, null, 2));
}
