import type { ResolvedConfig } from '../config/index.js';
import { Problems } from '../model/errors.js';
import { type LayoutAssets } from '../outputs/index.js';
import { type PackedRecord } from './page-html.js';
import type { Templates } from '../render/index.js';
import { type Site } from '../model/site.js';
import type { OutputFile, PageOutline, PageRecord, PageSource } from '../model/page.js';
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
/** Runs jobs in this thread: the returned function keeps the processor and the layout between calls. */
export declare function pageRunner(context: PagesContext): (jobs: PageJob[], problems: Problems) => PageResult[];
/**
 * The end of the batch that starts at `start`: BATCH jobs, and then the rest of the last page's
 * folder, up to twice as many. The pages of a folder share a sidebar, which each thread renders
 * once for itself (src/render/index.tsx `sidebar`): a folder split between two threads was
 * rendered by both.
 */
export declare function batchEnd(jobs: PageJob[], start: number): number;
/**
 * Runs jobs in this thread and in the workers (when given): each takes the next batch when it is
 * done with its last, so a worker that is still loading its code, or a thread with longer pages,
 * simply takes fewer. Results keep the order of the jobs.
 */
export declare function runPages(jobs: PageJob[], context: PagesContext, problems: Problems, workers?: PageWorkers, onProgress?: (done: number) => void): Promise<PageResult[]>;
/** A worker's result: the record's HTML crosses as bytes (src/pages/page-html.ts). */
export type PackedResult = Omit<PageResult, 'record'> & {
    record: PackedRecord;
};
export type WorkerRequest = {
    type: 'context';
    context: PagesContext;
} | {
    type: 'batch';
    start: number;
    jobs: PageJob[];
};
/**
 * Worker threads for the pages stage (`pageThreads`), started when many pages are to be rendered.
 * While they load their code (the Markdown chain, the highlighter, React) this thread works on the
 * first batches; `close` ends them.
 */
export declare class PageWorkers {
    private readonly workers;
    readonly mainRenders: boolean;
    /** Whether a worker has loaded its code: from then on this thread renders no more pages, unless `mainRenders`. */
    rendering: boolean;
    private constructor();
    static start({ workers: count, mainRenders }?: {
        workers: number;
        mainRenders: boolean;
    }): Promise<PageWorkers | undefined>;
    /**
     * Keeps each worker two batches ahead until `take` has no more. The context and the first two batches
     * are posted at once, not when the worker says it is ready: a worker's messages wait for it, and this
     * thread reads the worker's only between its own batches, of which the first, run cold, takes 0.3-0.6 s
     * (at 1,000 pages the worker waited 0.6 s for its first batch).
     */
    serve(jobs: PageJob[], context: PagesContext, take: () => [number, number] | null, place: (start: number, pages: PageResult[]) => void, problems: Problems): Promise<void>;
    close(): Promise<void>;
}
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
export declare function pageThreads(env?: NodeJS.ProcessEnv, cores?: number): {
    workers: number;
    mainRenders: boolean;
};
/** The page workers a build starts (`pageThreads`). */
export declare function workerCount(env?: NodeJS.ProcessEnv): number;
/**
 * Whether worker threads may render this site's pages: not with the users' remark or rehype
 * plugins. Those are functions, which cannot be sent to a thread, and loading docs.config.ts again
 * in each worker would run the user's configuration (and what it imports) once a thread, each
 * paying for the TypeScript loader; such sites render in this thread, as every site under
 * PARALLEL_THRESHOLD pages does.
 */
export declare function workersAllowed(config: Pick<ResolvedConfig, 'markdown'>): boolean;
/**
 * Fewer pages to render than this get no workers: a worker loads the Markdown chain and React and
 * runs them cold (JIT warm-up is most of a small site's pages stage), and on two cores it slows
 * this thread's own compiler and GC threads. Measured on the real site (109 pages): 1.5 s in one
 * thread, 1.9 s with a worker.
 */
export declare const PARALLEL_THRESHOLD = 400;
/**
 * Renders every page's Markdown (no layout: `check` and `dev`); pages unchanged since an earlier
 * build come from the cache. Problems go to `problems` (a run with any keeps no record in the cache). With `html: false`, records from the cache
 * have no HTML (`check` needs none); `parallelFrom` is the number of pages to render from which workers help.
 */
export declare function renderMarkdown(sources: PageSource[], config: ResolvedConfig, problems: Problems, options?: {
    cache?: boolean;
    html?: boolean;
    parallelFrom?: number;
    /** The checks (`check`), run before the cache is saved: a record the cache keeps counts as checked (src/incremental/record-parts.ts). */
    check?: (records: PageRecord[]) => Promise<void>;
}): Promise<PageRecord[]>;
/**
 * Moves what a run of pages found into the build's problems and warnings, and names the pages that
 * had any: those are not cached, so their messages show on every run.
 */
export declare function takeFindings(found: Problems, problems: Problems): Set<string>;
