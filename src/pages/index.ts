import { writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { workerBundle } from '../launch/compiled.js';
import type { ResolvedConfig } from '../config/schema.js';
import { BuildError, BuildFailure, Problems } from '../model/errors.js';
import { DEFAULT_LIMITS } from '../markdown/limits.js';
import { MarkdownCache } from '../incremental/markdown-cache.js';
import { parseByBlocks } from '../markdown/block-parse.js';
import { createProcessor, renderPage } from '../markdown/index.js';
import { isMdx, loadMdxCompiler } from '../markdown/mdx.js';
import { createRenderer, pageFiles, type LayoutAssets } from '../outputs/index.js';
import { compactHtml, htmlBytes, unpackRecord, withHtmlBytes, type PackedRecord } from './page-html.js';
import { SpillFile } from '../write/spill.js';
import { LARGE_BUILD_PAGES } from '../build/heap.js';
import type { Templates } from '../render/index.js';
import { createSite, type Site } from '../model/site.js';
import type { OutputFile, PageOutline, PageRecord, PageSource } from '../model/page.js';
import { folderMaker } from '../write/index.js';
import { fallbackOf } from '../i18n/locales.js';
import { projectFile } from '../versions/paths.js';

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
  outlines: PageOutline[];
  staticFiles: string[];
  assets: LayoutAssets;
  /** When each page last changed, for "Last updated" (src/outputs/last-modified.ts); absent when it is off. */
  lastUpdated?: Map<string, string>;
  /** Read by the main thread (src/render/index.tsx `readTemplates`): workers run from a bundle elsewhere. */
  templates: Templates;
  /** Where to stage the files (the writer's staging folder), or null to hand their contents back (builds in memory). */
  stagingDir: string | null;
  /** The site of `outlines`, when the caller has made it (this thread only: a worker makes its own). */
  site?: Site<PageOutline>;
}

export interface PagesContext {
  config: ResolvedConfig;
  /** Absent: Markdown only (`check`, `dev`). */
  layout?: LayoutContext;
  /** `dev`: pages parsed by blocks, each kept for the next parse of its page (src/markdown/block-parse.ts). */
  byBlocks?: boolean;
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

/**
 * One Markdown processor a configuration: unified sets up its plugins (the highlighter's languages
 * among them) on first use, which `dev`, building again with the same configuration, does once.
 */
const processors = new WeakMap<ResolvedConfig, ReturnType<typeof createProcessor>>();

/** Runs jobs in this thread: the returned function keeps the processor and the layout between calls. */
export function pageRunner(context: PagesContext): (jobs: PageJob[], problems: Problems) => PageResult[] {
  const processor = processors.get(context.config) ?? createProcessor(context.config);
  if (context.byBlocks) parseByBlocks(processor);
  processors.set(context.config, processor);
  const layout = context.layout && pageWriter(context.config, context.layout);
  return (jobs, problems) =>
    jobs.map(({ source, cached }) => {
      const record = cached ?? renderPage(source, context.config, processor, problems);
      return { record, files: layout?.(record) };
    });
}

/** Renders a record's layout into its files, and writes them (or hands them back). */
function pageWriter(config: ResolvedConfig, layout: LayoutContext): (record: PageRecord) => RenderedFiles {
  const site = layout.site ?? createSite(config, layout.outlines, layout.staticFiles, layout.lastUpdated);
  const renderer = createRenderer(site, layout.assets, layout.templates);
  const staged = layout.stagingDir === null ? null : folderMaker(layout.stagingDir);
  return (record) => {
    const { chunk, html, markdown } = pageFiles(site, renderer, record);
    const files = [chunk, html, markdown];
    if (!staged) return { chunk: chunk.path, paths: files.map((f) => f.path), contents: files };
    // Synchronous: small files, and no round trip through libuv's four threads for each.
    for (const file of files) writeFileSync(staged(file.path), file.contents);
    return { chunk: chunk.path, paths: files.map((f) => f.path) };
  };
}

/** Jobs a thread takes at a time: small enough that all threads finish together. */
const BATCH = 8;

/**
 * The end of the batch that starts at `start`: BATCH jobs, and then the rest of the last page's
 * folder, up to twice as many. The pages of a folder share a sidebar, which each thread renders
 * once for itself (src/render/index.tsx `sidebar`): a folder split between two threads was
 * rendered by both.
 */
export function batchEnd(jobs: PageJob[], start: number): number {
  let end = Math.min(jobs.length, start + BATCH);
  const folder = (job: PageJob) => job.source.relativePath.slice(0, job.source.relativePath.lastIndexOf('/') + 1);
  const last = end > start ? folder(jobs[end - 1]) : '';
  while (end < jobs.length && end < start + 2 * BATCH && folder(jobs[end]) === last) end++;
  return end;
}

/**
 * Runs jobs in this thread and in the workers (when given): each takes the next batch when it is
 * done with its last, so a worker that is still loading its code, or a thread with longer pages,
 * simply takes fewer. Results keep the order of the jobs.
 *
 * MDX pages run the writer's code, which may allocate without end: they render in a worker, whose heap
 * V8 bounds (`limits.heapMb`), never in this thread, whose heap is the whole build's. A site with
 * MDX pages to render and no workers starts one for them, or takes `kept`'s (`dev` keeps one between
 * builds); without workers allowed (`workersAllowed`) or possible, this thread renders them, bounded in time only.
 */
export async function runPages(
  jobs: PageJob[],
  context: PagesContext,
  problems: Problems,
  given?: PageWorkers,
  onProgress?: (done: number) => void,
  kept?: KeptWorkers,
): Promise<PageResult[]> {
  await loadMdxCompiler(jobs.filter((j) => !j.cached).map((j) => j.source));
  const runsCode = (job: PageJob) => !job.cached && isMdx(job.source.relativePath);
  const code = jobs.filter(runsCode);
  const forCode = code.length > 0 && !given && workersAllowed(context.config);
  const ownWorkers =
    forCode && !kept
      ? await PageWorkers.start({ workers: 1, mainRenders: true }, context.config.limits?.heapMb)
      : undefined;
  const workers = given ?? ownWorkers ?? (forCode ? await kept?.get(context.config) : undefined);
  if (!workers || !code.length) return runJobs(jobs, jobs.length, context, problems, workers, onProgress);
  // The MDX pages last, where this thread does not take them.
  const order = [...jobs.keys()].sort((a, b) => Number(runsCode(jobs[a])) - Number(runsCode(jobs[b])));
  const ordered = order.map((i) => jobs[i]);
  const rendered = await runJobs(ordered, jobs.length - code.length, context, problems, workers, onProgress).finally(
    () => ownWorkers?.close(),
  );
  const results: PageResult[] = new Array(jobs.length);
  order.forEach((job, i) => (results[job] = rendered[i]));
  return results;
}

/** Workers kept between builds, for the MDX pages of each (src/pages/kept-worker.ts `KeptPageWorker`). */
export interface KeptWorkers {
  get(config: ResolvedConfig): Promise<PageWorkers | undefined>;
}

/** `runPages` on jobs of which this thread takes only the first `mine` (the rest are the workers'). */
async function runJobs(
  jobs: PageJob[],
  mine: number,
  context: PagesContext,
  problems: Problems,
  workers?: PageWorkers,
  onProgress?: (done: number) => void,
): Promise<PageResult[]> {
  let run: ReturnType<typeof pageRunner> | undefined;
  const results: PageResult[] = new Array(jobs.length);
  let next = 0;
  let done = 0;
  const take = (): [number, number] | null => {
    if (next >= jobs.length) return null;
    const start = next;
    next = Math.min(batchEnd(jobs, start), start < mine ? mine : jobs.length);
    return [start, next];
  };
  const staging = spillsHtml(jobs, context) ? context.layout?.stagingDir : undefined;
  const spill = staging ? SpillFile.open(staging) : undefined;
  const place = (start: number, pages: PageResult[]) => {
    pages.forEach(
      (page, i) => (results[start + i] = { ...page, record: kept(page.record, jobs[start + i].source, spill) }),
    );
    done += pages.length;
    onProgress?.(done);
  };
  const helping = workers?.serve(jobs, context, take, place, problems);
  helping?.catch(() => {}); // a worker's failure is thrown below, not reported as unhandled meanwhile
  // Once a worker renders, the rest is theirs (`pageThreads`): workers started early may be ready before the first batch.
  const takeMine = () => (next >= mine || (workers?.rendering && !workers.mainRenders) ? null : take());
  for (let range = takeMine(); range; range = takeMine()) {
    place(range[0], (run ??= pageRunner(context))(jobs.slice(...range), problems));
    // Lets the workers' messages in between batches: each asks for its next batch.
    if (helping) await new Promise((resolve) => setImmediate(resolve));
  }
  await helping;
  return results;
}

/**
 * A record as the build keeps it, to the end of the stage and most to the end of the build: its
 * HTML as bytes (src/pages/page-html.ts), in a spill file for a large build, and its Markdown the source's
 * own string when they are the same text (a page without constants; a worker leaves such Markdown out of
 * its message, `packRecord`): at 10,000 pages, tens of MB.
 */
function kept(record: PageRecord, source: PageSource, spill?: SpillFile): PageRecord {
  const compact = spill ? withHtmlBytes(record, spill.keep(htmlBytes(record)).read) : compactHtml(record);
  if (compact.markdown === source.body) compact.markdown = source.body; // equal text, one string
  return compact;
}

/**
 * Whether the records' HTML goes to a spill file (src/write/spill.ts): a build that writes a site of many pages
 * (LARGE_BUILD_PAGES, as the heap's bounds), not `dev`, which keeps its records in memory between builds.
 */
function spillsHtml(jobs: PageJob[], context: PagesContext): boolean {
  return (
    Boolean(context.layout && context.layout.stagingDir !== null && !context.byBlocks) &&
    jobs.length >= LARGE_BUILD_PAGES
  );
}

/** A worker's result: the record's HTML crosses as bytes (src/pages/page-html.ts). */
export type PackedResult = Omit<PageResult, 'record'> & { record: PackedRecord };

type WorkerMessage =
  | { type: 'ready' }
  | { type: 'done'; start: number; pages: PackedResult[]; problems: ReturnType<BuildError['toJSON']>[] };
export type WorkerRequest =
  { type: 'context'; context: PagesContext } | { type: 'batch'; start: number; jobs: PageJob[] };

/**
 * Worker threads for the pages stage (`pageThreads`), started when many pages are to be rendered.
 * While they load their code (the Markdown chain, the highlighter, React) this thread works on the
 * first batches; `close` ends them.
 */
export class PageWorkers {
  /** Whether a worker has loaded its code: from then on this thread renders no more pages, unless `mainRenders`. */
  rendering = false;

  private constructor(
    private readonly workers: {
      worker: Worker;
      ready: Promise<void>;
      exited: { code?: number; failed?: boolean };
      /** The index (in the jobs `serve` was given) of the page the worker renders now. */
      current: Int32Array;
    }[],
    readonly mainRenders: boolean,
    private readonly heapMb: number,
  ) {
    for (const { ready } of workers) ready.then(() => (this.rendering = true)).catch(() => {});
  }

  static async start(
    { workers: count, mainRenders } = pageThreads(),
    heapMb = DEFAULT_LIMITS.heapMb,
  ): Promise<PageWorkers | undefined> {
    // No workers on one core, or where the bundle cannot be written (a read-only install): this thread does it all.
    const file = count < 1 ? null : await workerBundle().catch(() => null);
    if (!file) return undefined;
    return new PageWorkers(
      Array.from({ length: count }, () => {
        const current = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT)).fill(-1);
        const worker = new Worker(file, {
          workerData: { current: current.buffer },
          // A page that allocates without end stops its worker at `heapMb` (ERR_WORKER_OUT_OF_MEMORY), not the process.
          resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB, maxOldGenerationSizeMb: heapMb },
        });
        const ready = new Promise<void>((resolve, reject) => {
          worker.once('message', () => resolve());
          worker.once('error', reject);
        });
        ready.catch(() => {}); // reported by `serve`
        // One that stops before `serve` listens (ready, then failed): `serve` reports it instead of waiting on it.
        const exited: { code?: number; failed?: boolean } = {};
        worker.once('exit', (code) => (exited.code = code));
        worker.once('error', () => (exited.failed = true)); // its exit follows
        return { worker, ready, exited, current };
      }),
      mainRenders,
      heapMb,
    );
  }

  /**
   * Keeps each worker two batches ahead until `take` has no more. The context and the first two batches
   * are posted at once, not when the worker says it is ready: a worker's messages wait for it, and this
   * thread reads the worker's only between its own batches, of which the first, run cold, takes 0.3-0.6 s
   * (at 1,000 pages the worker waited 0.6 s for its first batch).
   */
  serve(
    jobs: PageJob[],
    context: PagesContext,
    take: () => [number, number] | null,
    place: (start: number, pages: PageResult[]) => void,
    problems: Problems,
  ): Promise<void> {
    return Promise.all(
      this.workers.map(async ({ worker, ready, exited, current }) => {
        Atomics.store(current, 0, -1); // a kept worker's last page was of an earlier build's jobs
        worker.postMessage({ type: 'context', context: workerContext(context) } satisfies WorkerRequest);
        await new Promise<void>((resolve, reject) => {
          let inFlight = 0;
          const send = () => {
            for (let range = inFlight < 2 ? take() : null; range; range = inFlight < 2 ? take() : null) {
              inFlight++;
              worker.postMessage({
                type: 'batch',
                start: range[0],
                jobs: jobs.slice(...range),
              } satisfies WorkerRequest);
            }
            if (inFlight === 0) done();
          };
          const onMessage = (message: WorkerMessage) => {
            if (message.type !== 'done') return;
            inFlight--;
            place(
              message.start,
              message.pages.map((page, i) => ({
                ...page,
                record: unpackRecord(page.record, jobs[message.start + i].source.body),
              })),
            );
            problems.push(...message.problems.map(BuildError.fromJSON));
            send();
          };
          worker.on('message', onMessage);
          const failed = (error: unknown) => {
            const source = jobs[Atomics.load(current, 0)]?.source; // none before its first page
            const outgrown = (error as NodeJS.ErrnoException)?.code === 'ERR_WORKER_OUT_OF_MEMORY' && source;
            reject(outgrown ? heapFailure(pageFile(context.config, source), this.heapMb) : error);
          };
          ready.catch(failed); // it failed to load, perhaps before this was called
          worker.once('error', failed);
          const stopped = (code?: number) => new Error(`Internal error: a page worker exited with code ${code}`);
          const onExit = (code: number) => inFlight > 0 && reject(stopped(code));
          worker.once('exit', onExit);
          // A worker kept for the next build (src/pages/kept-worker.ts) gathers no listeners from this one.
          const done = () => {
            worker.off('message', onMessage).off('error', failed).off('exit', onExit);
            resolve();
          };
          if (exited.code !== undefined) {
            // Gone already: its load error if it failed to load, else its exit.
            ready.then(() => reject(stopped(exited.code)), failed);
            return;
          }
          send();
        });
      }),
    ).then(() => undefined);
  }

  /** False once a worker has stopped (a page outgrew its heap, its code threw): it takes no more pages. */
  get alive(): boolean {
    return this.workers.every(({ exited }) => exited.code === undefined && !exited.failed);
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map(({ worker }) => worker.terminate()));
  }
}

/**
 * The file a writer knows a page by: an untranslated page's original, an old version's under versions/<name>/content/
 * (what `nameVersionFiles` does for the other problems, which a failure thrown past them does not meet).
 */
function pageFile(config: PagesContext['config'], source: PageSource): string {
  return projectFile(config, fallbackOf(source) ?? source.relativePath);
}

/** A page whose rendering outgrew its worker's heap (`limits.heapMb`): the build stops with the page named. */
function heapFailure(page: string, heapMb: number): BuildFailure {
  const mdx = isMdx(page);
  return new BuildFailure([
    new BuildError(
      `rendering the page used more than the ${heapMb} MB of memory a page's thread may use${mdx ? ' (an expression, export or component that allocates without end?)' : ''}`,
      { file: page },
      `${mdx ? 'fix the expression or component that keeps allocating' : 'split the page'}; \`limits.heapMb\` in docs.config.ts sets the limit`,
    ),
  ]);
}

/**
 * A page worker's young generation (V8's is 48 MB: semi-spaces of 16 MB). A page's syntax trees
 * (mdast, hast, the highlighter's tokens) are several MB that live for the page only; with twice
 * the room most of them die before a scavenge instead of being copied and promoted to the old
 * generation, which the worker then collects again: about 1.2 s less CPU (5%) for the pages stage
 * of 1,000 pages of the bench corpus, and no more peak memory. The main thread keeps Node's
 * default (V8 takes the size when the thread starts).
 */
const WORKER_YOUNG_GENERATION_MB = 96;

/**
 * How the pages stage is shared out: one worker a core, at most eight, and this thread renders only
 * until the first is ready (`mainRenders: false`), then takes in their pages. This thread keeps
 * every record to the end of the build, and collecting its young generation costs more the more it
 * keeps: in a cold build of the 10,000-page bench corpus, rendering beside one worker, it collected
 * 1,966 times (15.2 s) against the worker's 871 (3.7 s). Two workers and this thread coordinating,
 * in four interleaved pairs: 82.8-89.9 s against 86.0-109.5 s, and 50-80 MB less peak memory; at
 * 1,000 pages about 5% less time, for about 130 MB more (the second worker's heap).
 * `DOCS_PAGE_WORKERS` sets the number of workers, and this thread then renders beside them (0: this
 * thread alone): for a container given fewer cores than the machine reports, and for measuring
 * threads (`bench/scaling.ts`).
 */
export function pageThreads(
  env: NodeJS.ProcessEnv = process.env,
  cores = availableParallelism(),
): { workers: number; mainRenders: boolean } {
  const set = env.DOCS_PAGE_WORKERS;
  if (set !== undefined && /^\d+$/.test(set.trim())) return { workers: Number(set), mainRenders: true };
  return cores < 2 ? { workers: 0, mainRenders: true } : { workers: Math.min(cores, 8), mainRenders: false };
}

/** The page workers a build starts (`pageThreads`). */
export function workerCount(env: NodeJS.ProcessEnv = process.env): number {
  return pageThreads(env).workers;
}

/**
 * Whether worker threads may render this site's pages: not with the users' remark or rehype
 * plugins. Those are functions, which cannot be sent to a thread, and loading docs.config.ts again
 * in each worker would run the user's configuration (and what it imports) once a thread, each
 * paying for the TypeScript loader; such sites render in this thread, as every site under
 * PARALLEL_THRESHOLD pages does.
 */
export function workersAllowed(config: Pick<ResolvedConfig, 'markdown'>): boolean {
  return !config.markdown.remarkPlugins?.length && !config.markdown.rehypePlugins?.length;
}

/** The context as a worker receives it: the build plugins (functions) stay here; their contributions come as data in `layout`. */
function workerContext(context: PagesContext): PagesContext {
  const layout = context.layout && { ...context.layout, site: undefined };
  return { ...context, config: { ...context.config, plugins: [] }, layout };
}

/**
 * Fewer pages to render than this get no workers: a worker loads the Markdown chain and React and
 * runs them cold (JIT warm-up is most of a small site's pages stage), and on two cores it slows
 * this thread's own compiler and GC threads. Measured on the real site (109 pages): 1.5 s in one
 * thread, 1.9 s with a worker.
 */
export const PARALLEL_THRESHOLD = 400;

/**
 * Renders every page's Markdown (no layout: `check` and `dev`); pages unchanged since an earlier
 * build come from the cache. Problems go to `problems` (a run with any keeps no record in the cache). With `html: false`, records from the cache
 * have no HTML (`check` needs none); `parallelFrom` is the number of pages to render from which workers help.
 */
export async function renderMarkdown(
  sources: PageSource[],
  config: ResolvedConfig,
  problems: Problems,
  options: {
    cache?: boolean;
    html?: boolean;
    parallelFrom?: number;
    /** The checks (`check`), run before the cache is saved: a record the cache keeps counts as checked (src/incremental/record-parts.ts). */
    check?: (records: PageRecord[]) => Promise<void>;
  } = {},
): Promise<PageRecord[]> {
  const cache = options.cache === false ? undefined : await MarkdownCache.open(config);
  const records = new Map<string, PageRecord>();
  if (cache) {
    for (const source of sources) {
      const cached = cache.get(source);
      // `check` reads no HTML: cached records come without it.
      const record = cached && (options.html === false ? cached : await cache.withHtml(source, cached));
      if (record) records.set(source.relativePath, record);
    }
  }
  const misses = sources.filter((s) => !records.has(s.relativePath));
  const found = new Problems();
  const workers =
    misses.length >= (options.parallelFrom ?? PARALLEL_THRESHOLD) && workersAllowed(config)
      ? await PageWorkers.start(undefined, config.limits?.heapMb)
      : undefined;
  const rendered = await runPages(
    misses.map((source) => ({ source })),
    { config },
    found,
    workers,
  ).finally(() => workers?.close());
  const failed = takeFindings(found, problems);
  misses.forEach((source, i) => {
    records.set(source.relativePath, rendered[i].record);
    if (!failed.has(source.relativePath)) cache?.set(source, rendered[i].record);
  });
  const all = sources.map((s) => records.get(s.relativePath)!);
  await options.check?.(all);
  await cache?.save({ checked: problems.list.length === 0 });
  return all;
}

/**
 * Moves what a run of pages found into the build's problems and warnings, and names the pages that
 * had any: those are not cached, so their messages show on every run.
 */
export function takeFindings(found: Problems, problems: Problems): Set<string> {
  problems.push(...found.list);
  problems.warn(...found.warnings);
  return new Set([...found.list, ...found.warnings].map((p) => p.place.file));
}
