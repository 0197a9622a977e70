import { type BuiltAssets } from './assets.js';
import { ContentChecks } from '../checks/index.js';
import { type ResolvedConfig } from '../config/index.js';
import { BuildError } from '../model/errors.js';
import { type LayoutMemo } from '../pages/layout-keys.js';
import { type Logger } from './log.js';
import { MarkdownCache } from '../incremental/markdown-cache.js';
import { type Site } from '../model/site.js';
import type { SourceMemo } from '../incremental/source-memo.js';
import type { FileStamp } from '../incremental/source-cache.js';
import { FsWriter, type WriteFault, type Writer } from '../write/index.js';
export interface BuildResult {
    site: Site;
    pages: number;
    /** Pages whose files were rendered this time (the others were kept from the previous output). */
    rendered: number;
    redirects: number;
    /** Findings of the checks the configuration makes warnings (`checks`): the build succeeded. */
    warnings: BuildError[];
    /** Image renditions encoded this time (0 when every one came from the cache). */
    imagesConverted: number;
    /** A site in several languages: each locale's pages not yet translated (their root-locale source files). */
    missingTranslations?: Record<string, string[]>;
    ms: number;
    /** Routes of the pages rendered this time. */
    renderedRoutes: string[];
    /** Each page's chunk path, by route (the route table lists them). */
    chunks: Map<string, string>;
    /** The problems found, when `keepGoing` wrote the site in spite of them (else the build throws them). */
    problems: BuildError[];
}
/** The Markdown cache as the planner uses it (src/incremental/markdown-cache.ts, or records kept in memory by `dev`). */
export type RecordCache = Pick<MarkdownCache, 'key' | 'get' | 'withHtml' | 'set' | 'save'>;
/** What one process keeps in memory from one build to the next (`dev`), in place of reading it again. */
export interface BuildMemory {
    /** Parsed sources: an unchanged page is not parsed again. */
    sources: SourceMemo;
    /** Page records: an unchanged page's Markdown is not rendered (nor read from disk) again. */
    records: RecordCache;
    /** Check results by record: an unchanged page is not checked again. */
    checks: ContentChecks;
    /** Outlines and layout keys: a save that keeps every title and path computes no other page's key. */
    layout?: LayoutMemo;
}
/**
 * What `dev` changes of a build. Every option is off in `build`; each is one seam, not another path.
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
    /** The project's files' stamps, taken by `build`'s input stamp (src/incremental/build-record.ts): pages are taken by them. */
    stamps?: Map<string, FileStamp>;
    /**
     * Many pages are to be rendered (`build` with no previous output): the page workers start with
     * the build and load their code while this thread reads the content, instead of after the plan.
     */
    manyPages?: boolean;
}
/**
 * The whole pipeline on one screen. The site's layout (sidebar, reading order) comes from the
 * pages' frontmatter, so pages are rendered and staged as their Markdown is parsed; nothing
 * reaches the output folder until every check has passed.
 */
export declare function buildSite(config: ResolvedConfig, writer: Writer, logger?: Logger, options?: BuildOptions): Promise<BuildResult>;
/**
 * What `build` reports: a build's result, without the site in memory (a build that finds nothing
 * changed since the last one has none). `locales`: the site's languages, for `missingTranslations`.
 */
export type BuildReport = Pick<BuildResult, 'pages' | 'rendered' | 'renderedRoutes' | 'redirects' | 'warnings' | 'imagesConverted' | 'missingTranslations' | 'ms'> & {
    locales?: ResolvedConfig['locales'];
};
/**
 * `build [root]`: loads the root's configuration and writes the site to its output folder, unless
 * the inputs are what the last build's record says and the output is the version it left
 * (src/incremental/build-record.ts): then nothing is read or written. Not with `buildEnd` hooks, which run
 * after every build.
 */
export declare function build(root: string, options?: {
    outDir?: string;
    base?: string;
    logger?: Logger;
}): Promise<BuildReport>;
/** The writer of a build's output folder; `fault` is for tests (src/write/index.ts). */
export declare function outputWriter(config: ResolvedConfig, fault?: WriteFault): FsWriter;
/** Where the output manifest is kept: it lets the next build keep unchanged pages' files (and tests give it to a writer of their own). */
export declare function outputManifestPath(config: ResolvedConfig): string;
