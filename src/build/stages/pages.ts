import type { BuildMode } from '../mode.js';
import type { Logger } from '../log.js';
import type { ResolvedConfig } from '../../config/schema.js';
import type { RecordCache } from '../../incremental/markdown-cache.js';
import { Problems } from '../../model/errors.js';
import type { OutputFile } from '../../model/page.js';
import {
  takeFindings,
  PageWorkers,
  PARALLEL_THRESHOLD,
  runPages,
  workersAllowed,
  type KeptWorkers,
  type LayoutContext,
  type PageResult,
} from '../../pages/index.js';
import type { PagePlan } from './plan.js';

/**
 * The page workers of a build with many pages to render, started with the build: they load their code while this
 * thread reads the content, instead of after the plan. At 1,000 pages of the bench corpus a worker's start is 0.5 s
 * of CPU: on the second core, under the content stage.
 */
export class EarlyWorkers {
  private readonly started?: Promise<PageWorkers | undefined>;

  constructor(config: ResolvedConfig, manyPages: boolean | undefined) {
    this.started = manyPages && workersAllowed(config) ? PageWorkers.start(undefined, config.limits.heapMb) : undefined;
    this.started?.catch(() => {}); // a start that failed fails the pages stage, as a late start would
  }

  /** The workers for `jobs` pages: only for many pages to render (an unchanged build starts none). */
  async for(config: ResolvedConfig, jobs: number): Promise<PageWorkers | undefined> {
    const parallel = jobs >= PARALLEL_THRESHOLD && workersAllowed(config);
    if (!parallel) await this.close();
    return parallel ? await (this.started ?? PageWorkers.start(undefined, config.limits.heapMb)) : undefined;
  }

  /** Closes the workers started early (for few pages to render, or a build that failed before its pages stage). */
  async close(): Promise<void> {
    await this.started?.then((early) => early?.close()).catch(() => {});
  }
}

/** The pages stage's threads: those started with the build, and the MDX pages' worker `dev` keeps between builds. */
export interface PageThreads {
  early: EarlyWorkers;
  kept?: KeptWorkers;
}

export interface RenderedPages {
  results: PageResult[];
  /** The pages' problems, each at its page. */
  found: Problems;
}

/** Renders the plan's jobs, each page's Markdown and layout, in this thread or in workers (src/pages/index.ts). */
export async function renderPages(
  config: ResolvedConfig,
  plan: PagePlan,
  layout: LayoutContext,
  mode: BuildMode,
  threads: PageThreads,
  logger: Logger,
): Promise<RenderedPages> {
  const { jobs } = plan;
  const found = new Problems();
  mode.heap.bound(jobs.length);
  const workers = await threads.early.for(config, jobs.length);
  const progress = (done: number) => logger.progress?.('pages', done, jobs.length);
  const results = await runPages(
    jobs,
    { config, layout, byBlocks: mode.byBlocks },
    found,
    workers,
    progress,
    threads.kept,
  ).finally(() => workers?.close());
  // Every record is made: what is left to allocate is the later stages' (src/build/heap.ts).
  mode.heap.settle(jobs.length);
  return { results, found };
}

/**
 * Takes the rendered pages into the plan (records, manifest entries) and their problems into the build's; a page
 * without problems goes to the Markdown cache. Gives the files rendered in memory (a writer without staging).
 */
export function takeRendered(
  rendered: RenderedPages,
  plan: PagePlan,
  cache: RecordCache,
  problems: Problems,
): OutputFile[] {
  const { results, found } = rendered;
  const pageFiles: OutputFile[] = [];
  const failed = takeFindings(found, problems);
  results.forEach(({ record, files }, i) => {
    const { source, cached } = plan.jobs[i];
    if (!cached && !failed.has(source.relativePath)) cache.set(source, record);
    plan.records.set(source.route, record);
    Object.assign(plan.entries.get(source.route)!, { chunk: files!.chunk, paths: files!.paths });
    pageFiles.push(...(files!.contents ?? []));
  });
  return pageFiles;
}
