import type { BuiltAssets } from './assets.js';
import { boundHeapGrowth, settleHeapGrowth } from './heap.js';
import { cachePath, PassedCache } from '../incremental/cache.js';
import { MarkdownCache, type RecordCache } from '../incremental/markdown-cache.js';
import type { SourceCache } from '../incremental/source-cache.js';
import type { Changes } from '../incremental/changes.js';
import { ContentChecks } from '../checks/index.js';
import { StoredLinkChecks } from '../checks/stored-links.js';
import type { ResolvedConfig } from '../config/schema.js';
import type { ContentMemory } from '../content/memory.js';
import type { ContentStores } from '../content/mode.js';
import { LayoutMemo } from '../pages/layout-keys.js';
import type { KeptWorkers } from '../pages/index.js';
import type { Problems } from '../model/errors.js';
import type { Writer } from '../write/index.js';

/** What one process keeps in memory from one build to the next (`dev`), in place of reading it again. */
export interface BuildMemory {
  /** Parsed sources, the store `build` opens, held in memory too: an unchanged page is not parsed (nor read from disk) again. */
  sources: SourceCache;
  /** The content folder's listing and the pages after the plugins' hooks: a save that only edits pages lists nothing. */
  content: ContentMemory;
  /** Page records: an unchanged page's Markdown is not rendered (nor read from disk) again. */
  records: RecordCache;
  /** Check results by record: an unchanged page is not checked again. */
  checks: ContentChecks;
  /** Outlines, layout and render keys: a save that keeps every title and path computes no other page's key. */
  layout: LayoutMemo;
}

/**
 * What `dev` changes of a build. Every option is off in `build`; each is one seam (`BuildMode`), not another path.
 */
export interface BuildOptions {
  memory?: BuildMemory;
  /** The browser bundle, built by the caller (`dev` bundles its own and swaps the stylesheet in open tabs). */
  assets?: BuiltAssets;
  /**
   * Leaves out the outputs that list or index every page (route table, 404 and redirect pages,
   * sitemap, llms.txt, search index, image renditions...): `dev` makes them when they are asked for.
   */
  lazy?: boolean;
  /** Writes the site in spite of problems and returns them (`dev` serves what there is, with the problems over it). */
  keepGoing?: boolean;
  /**
   * What changed since the last build (src/incremental/changes.ts): `build` gives every project file's stamp, taken
   * by its input stamp (src/incremental/build-record.ts); `dev` the files the watcher named. @default 'unknown'
   */
  changes?: Changes;
  /**
   * Many pages are to be rendered (`build` with no previous output): the page workers start with
   * the build and load their code while this thread reads the content, instead of after the plan.
   */
  manyPages?: boolean;
  /** The worker `dev` keeps between builds for MDX pages (src/pages/kept-worker.ts), instead of one started a build. */
  pageWorker?: KeptWorkers;
}

/** The check registry of one build, and what it saves with the output. */
export interface BuildChecks {
  registry: ContentChecks;
  save(): Promise<void>;
}

/**
 * Every way one build differs from another, decided once from its options and writer: the pipeline
 * (src/build/index.ts) asks this and branches nowhere else. `build` opens fresh stores where `dev` gives
 * the ones it keeps; an empty memory is the cold path.
 */
export interface BuildMode {
  /** Outlines, site plan, layout and render keys (`dev`'s, kept between saves; a fresh one for `build`). */
  layout: LayoutMemo;
  /** The content stage's stores: `dev`'s with the listing's memory; `build`'s stage opens its own. */
  content: ContentStores;
  /** The page records: `dev`'s in memory, else the Markdown cache on disk. */
  records(config: ResolvedConfig): RecordCache | Promise<RecordCache>;
  /**
   * The check registry (src/checks/index.ts), as `docs check` runs it: `dev`'s kept for its process; `build`'s with
   * the code blocks known to pass and the last build's link checks, on disk.
   */
  checks(config: ResolvedConfig, salt: string): Promise<BuildChecks>;
  /** Layout keys are kept on disk for the next process (src/incremental/layout-keys-store.ts): `build`'s; `dev` keeps its memo. */
  storesLayoutKeys: boolean;
  /** Pages parsed by blocks, each kept for the next parse of its page (src/markdown/block-parse.ts): a process that builds again. */
  byBlocks: boolean;
  /** src/build/heap.ts: a large build's records stay to its end (not `dev`'s, whose saves would collect more often). */
  heap: { bound(pages: number): void; settle(pages: number): void };
  /**
   * An output that lists or indexes every page (route table, sitemap, search index, image renditions...): `dev`
   * leaves it out (it makes each when asked for) and has `none`.
   */
  everyPage<T, N>(make: () => T, none: N): T | N;
  /** Throws every problem found so far, unless the build writes the site in spite of them (`keepGoing`). */
  stopOnProblems(problems: Problems): void;
  /**
   * The writer stages each page's files in a folder (a build to disk), rather than taking their contents with
   * the others: site files made of every page's Markdown read the kept pages' pieces from the previous output.
   */
  staged: boolean;
}

export function buildMode(options: BuildOptions, writer: Writer): BuildMode {
  const { memory, lazy = false, keepGoing = false } = options;
  return {
    layout: memory?.layout ?? new LayoutMemo(),
    content: memory ?? {},
    records: (config) => memory?.records ?? MarkdownCache.open(config),
    checks: memory ? async () => ({ registry: memory.checks, save: async () => {} }) : checksOnDisk,
    byBlocks: memory !== undefined,
    storesLayoutKeys: memory === undefined,
    heap: memory
      ? { bound() {}, settle() {} }
      : { bound: (pages) => boundHeapGrowth(pages), settle: (pages) => settleHeapGrowth(pages) },
    everyPage: (make, none) => (lazy ? none : make()),
    stopOnProblems: (problems) => {
      if (!keepGoing) problems.throwIfAny();
    },
    staged: writer.staging !== null,
  };
}

async function checksOnDisk(config: ResolvedConfig, salt: string): Promise<BuildChecks> {
  const passed = await PassedCache.open(cachePath(config, 'passed-blocks.v8'), salt);
  return { registry: new ContentChecks(passed, { stored: StoredLinkChecks.for(config) }), save: () => passed.save() };
}
