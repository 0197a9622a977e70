import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import * as esbuild from 'esbuild';
import type { BuiltAssets } from './assets.js';
import type { ResolvedConfig } from './config.js';
import { BuildError, Problems } from './errors.js';
import { MarkdownCache } from './markdown/cache.js';
import { createProcessor, renderPage } from './markdown/index.js';
import { createRenderer, pageFiles } from './output.js';
import type { Templates } from './render/index.js';
import { createSite } from './site.js';
import type { OutputFile, PageRecord, PageSource } from './types.js';

/**
 * The pages stage: each page's Markdown (unless the cache has its record) and, in a build, its
 * layout and files, written as soon as they are rendered so no page's HTML is held for long. Large
 * sites use one worker a core.
 */

export interface PageJob {
  source: PageSource;
  /** The page's record from the Markdown cache: only its layout is rendered again. */
  cached?: PageRecord;
}

/** What rendering layouts needs besides the pages themselves. */
export interface LayoutContext {
  /** Every page's outline (src/markdown/index.ts `pageOutline`): the sidebar, reading order and links come from these. */
  outlines: PageRecord[];
  staticFiles: string[];
  assets: Pick<BuiltAssets, 'css' | 'js' | 'redirectScript'>;
  /** Read by the main thread (src/render/index.tsx `readTemplates`): workers run from a bundle elsewhere. */
  templates: Templates;
  /** Where to write the files, or null to hand their contents back (builds in memory). */
  outDir: string | null;
}

export interface PagesContext {
  config: ResolvedConfig;
  /** Absent: Markdown only (`check`, `dev`). */
  layout?: LayoutContext;
}

export interface PageResult {
  record: PageRecord;
  /** Present when layouts were rendered. */
  files?: RenderedFiles;
}

export interface RenderedFiles {
  /** Path of the page's chunk, for the route table. */
  chunk: string;
  /** Every file of the page, relative to the output folder. */
  paths: string[];
  /** The files' contents when there is no output folder to write to. */
  contents?: OutputFile[];
}

/** Runs jobs in this thread. */
export function runPagesHere(jobs: PageJob[], context: PagesContext, problems: Problems): PageResult[] {
  const processor = createProcessor(context.config);
  const layout = context.layout && pageWriter(context.config, context.layout);
  return jobs.map(({ source, cached }) => {
    const record = cached ?? renderPage(source, context.config, processor, problems);
    return { record, files: layout?.(record) };
  });
}

/** Renders a record's layout into its files, and writes them (or hands them back). */
function pageWriter(config: ResolvedConfig, layout: LayoutContext): (record: PageRecord) => RenderedFiles {
  const site = createSite(config, layout.outlines, layout.staticFiles);
  const renderer = createRenderer(site, layout.assets, layout.templates);
  const made = new Set<string>();
  return (record) => {
    const { chunk, html, markdown } = pageFiles(site, renderer, record);
    const files = [chunk, html, markdown];
    if (layout.outDir === null) return { chunk: chunk.path, paths: files.map((f) => f.path), contents: files };
    for (const file of files) {
      const full = path.join(layout.outDir, file.path);
      const dir = path.dirname(full);
      if (!made.has(dir)) mkdirSync(dir, { recursive: true });
      made.add(dir);
      // Synchronous: small files, and no round trip through libuv's four threads for each.
      writeFileSync(full, file.contents);
    }
    return { chunk: chunk.path, paths: files.map((f) => f.path) };
  };
}

/**
 * Below this many jobs, starting workers costs more than it saves: each loads the Markdown chain,
 * the highlighter's grammars and React (measured: the real site's 109 pages take 1.5 s in one
 * thread, 2 s in two).
 */
const PARALLEL_THRESHOLD = 400;

/** Runs jobs on all cores for large sites (one worker a core, contiguous slices, input order kept). */
export async function runPages(jobs: PageJob[], context: PagesContext, problems: Problems, options: { threads?: number } = {}): Promise<PageResult[]> {
  const threads = options.threads ?? Math.min(availableParallelism(), 8);
  if (jobs.length < PARALLEL_THRESHOLD || threads < 2) return runPagesHere(jobs, context, problems);
  // Contiguous slices of about equal work, so that all cores finish together: a cached record costs a layout only.
  const cost = (job: PageJob) => (job.cached ? 0.3 : 1) * job.source.body.length;
  const total = jobs.reduce((sum, job) => sum + cost(job), 0);
  const slices: PageJob[][] = [[]];
  let filled = 0;
  for (const job of jobs) {
    if (filled >= (total / threads) * slices.length && slices.length < threads) slices.push([]);
    slices[slices.length - 1].push(job);
    filled += cost(job);
  }
  const results = await Promise.all(slices.map((slice) => runWorker(slice, context)));
  for (const result of results) for (const p of result.problems) problems.push(new BuildError(p.message, { file: p.file, line: p.line, column: p.column }, p.fix));
  return results.flatMap((r) => r.pages);
}

export interface WorkerResult {
  pages: PageResult[];
  problems: ReturnType<BuildError['toJSON']>[];
}

/**
 * Workers do not inherit the tsx loader, and starting it costs half a second a worker: esbuild
 * bundles the worker once into plain JavaScript (dependencies stay external) in node_modules/.cache.
 */
let workerFile: Promise<string> | undefined;
function bundleWorker(): Promise<string> {
  workerFile ??= (async () => {
    const here = path.dirname(fileURLToPath(import.meta.url));
    const outfile = path.resolve(here, '../node_modules/.cache/docs/pages-worker.mjs');
    await esbuild.build({ entryPoints: [path.join(here, 'pages-worker.ts')], outfile, bundle: true, platform: 'node', format: 'esm', packages: 'external', logLevel: 'silent', jsx: 'automatic' });
    return outfile;
  })();
  return workerFile;
}

async function runWorker(jobs: PageJob[], context: PagesContext): Promise<WorkerResult> {
  const file = await bundleWorker();
  return new Promise((resolve, reject) => {
    const worker = new Worker(file, { workerData: { jobs, context } });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => code !== 0 && reject(new Error(`Internal error: a page worker exited with code ${code}`)));
  });
}

/**
 * Renders every page's Markdown (no layout: `check` and `dev`); pages unchanged since an earlier
 * build come from the cache. Problems go to `problems`.
 */
export async function renderMarkdown(sources: PageSource[], config: ResolvedConfig, problems: Problems, options: { cache?: boolean } = {}): Promise<PageRecord[]> {
  const cache = options.cache === false ? undefined : await MarkdownCache.open(config);
  const records = new Map<string, PageRecord>();
  if (cache) {
    for (const source of sources) {
      const cached = cache.get(source);
      const record = cached && (await cache.withHtml(source, cached));
      if (record) records.set(source.relativePath, record);
    }
  }
  const misses = sources.filter((s) => !records.has(s.relativePath));
  const found = new Problems();
  const rendered = await runPages(misses.map((source) => ({ source })), { config }, found);
  problems.push(...found.list);
  const failed = new Set(found.list.map((p) => p.place.file));
  misses.forEach((source, i) => {
    records.set(source.relativePath, rendered[i].record);
    if (!failed.has(source.relativePath)) cache?.set(source, rendered[i].record);
  });
  await cache?.save();
  return sources.map((s) => records.get(s.relativePath)!);
}
