import { type BuiltAssets } from '../build/assets.js';
import { type ResolvedConfig } from '../config/index.js';
import { BuildError } from '../model/errors.js';
import type { Site } from '../model/site.js';
import type { OutputDir } from './output-dir.js';
/** The layout components: a change there rebuilds every page with freshly loaded code. */
export declare const RENDER_DIR: string;
/** What a changed file is to the site. */
export type ChangeKind = 'page' | 'static' | 'folder' | 'data' | 'config' | 'templates' | 'components' | 'client';
/** What the open tabs are told after a rebuild. */
export type DevEvent = {
    type: 'reload';
    routes: string[];
    ms: number;
} | {
    type: 'style';
    href: string;
    previous: string;
    ms: number;
} | {
    type: 'problems';
    problems: ReturnType<BuildError['toJSON']>[];
    reload: boolean;
    ms: number;
};
export interface RebuildResult {
    event: DevEvent;
    problems: BuildError[];
    /** Routes whose page was rendered again. */
    rendered: string[];
    ms: number;
}
export interface DevBuilderOptions {
    root: string;
    out: OutputDir;
    /** @default the repository's client/ */
    clientDir?: string;
}
/**
 * The dev server's build: the build's own pipeline (src/build/index.ts `buildSite`) run again on every
 * change, into a writer that keeps the served folder and the last build's pages in memory
 * (src/dev/writer.ts), with what it parsed, rendered and checked kept between runs. Bad input never
 * throws out of here: it becomes the current list of problems, and the last good output stays served.
 */
export declare class DevBuilder {
    readonly root: string;
    readonly clientDir: string;
    private readonly out;
    private readonly writer;
    private readonly lazy;
    private config?;
    private memory?;
    private modules;
    private assets?;
    /** The bundle as pages are rendered with it: its URLs are tokens the server fills in. */
    private pageAssets?;
    private site?;
    private chunks;
    /** Bumped on every build: lazy outputs made for an older one are stale. */
    private generation;
    private problemsOf;
    private queue;
    constructor(options: DevBuilderOptions);
    get base(): string;
    /** Whether a site has been built at least once (else the server shows only the problems). */
    get ready(): boolean;
    /** The bundle being served: its URLs go in place of the pages' tokens. */
    currentAssets(): BuiltAssets | undefined;
    /** The site and bundle being served (for tools and tests). */
    current(): {
        site?: Site;
        assets?: BuiltAssets;
        dir: string;
    };
    problems(): BuildError[];
    /**
     * The folders and files `dev` watches, for a configuration (before the first build, the one the
     * server loaded to learn its base); `layout: false` leaves out templates/ and src/render/.
     */
    watched(options?: {
        config?: ResolvedConfig;
        layout?: boolean;
    }): string[];
    classify(file: string): ChangeKind | null;
    /** Builds everything from scratch: at start. */
    build(options?: {
        reloadComponents?: boolean;
    }): Promise<RebuildResult>;
    /**
     * Builds again after a batch of changed files (absolute paths): the build itself finds what
     * they change. Null when none of them is part of the site, or nothing changed.
     */
    update(files: string[]): Promise<RebuildResult | null>;
    /**
     * Makes sure the file behind a URL is current before it is served. Outputs that list every page
     * (the route table, llms.txt, the search index, the sitemap...) are made again only when asked
     * for after a change, so a save costs only the pages it touches.
     */
    ensure(urlPath: string): Promise<void>;
    private fileOf;
    private serial;
    /**
     * Loads again what the changes touch (the configuration, the layout code, the bundle), then
     * runs the build. A change of the configuration or the layout renders every page again.
     */
    private rebuild;
    /** The configuration again, with a fresh memory (what is kept depends on it); false when it cannot be used. */
    private loadConfig;
    /** The build, with the bundle's URLs as tokens and the outputs that list every page left for later. */
    private runBuild;
    private bundle;
    private result;
}
/**
 * Two rebuilds shown as one (the first was not shown: its burst went on): the later's state, with
 * every route either rendered; a stylesheet swap after a reload is part of the reload.
 */
export declare function laterResult(earlier: RebuildResult, later: RebuildResult): RebuildResult;
