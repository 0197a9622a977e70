import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildAssets, CLIENT_DIR, type BuiltAssets } from '../build/assets.js';
import type { BuildMemory } from '../build/index.js';
import { ContentChecks } from '../checks/index.js';
import { CONFIG_FILES, loadConfig, type ResolvedConfig } from '../config/index.js';
import { contentFolderProblem } from '../content/index.js';
import { BuildError } from '../model/errors.js';
import { LayoutMemo } from '../pages/layout-keys.js';
import { KeptPageWorker } from '../pages/kept-worker.js';
import { workersAllowed } from '../pages/index.js';
import { isMdx } from '../markdown/mdx.js';
import { silentLogger } from '../build/log.js';
import { TEMPLATES_DIR } from '../render/index.js';
import type { Site } from '../model/site.js';
import { SourceCache } from '../incremental/source-cache.js';
import { stampOrNone, type Changes } from '../incremental/changes.js';
import { ContentMemory } from '../content/memory.js';
import { pageUrl } from '../shared/paths.js';
import { LazyOutputs } from './lazy-outputs.js';
import type { OutputDir } from './output-dir.js';
import { asProblems, bundleProblems, renderProblem } from './problems.js';
import { MemoryRecords } from './records.js';
import { reloadRenderModules, renderModules, type RenderModules } from './render-modules.js';
import { tokenAssets } from './tokens.js';
import { DevWriter } from './writer.js';
import { contentDirs, versionsWatch } from '../versions/watch.js';
import { GENERATOR_ROOT } from '../generator-root.js';

/** The layout components: a change there rebuilds every page with freshly loaded code. */
export const RENDER_DIR = path.join(GENERATOR_ROOT, 'src/render');

/** What a changed file is to the site. */
export type ChangeKind =
  'page' | 'static' | 'folder' | 'data' | 'config' | 'templates' | 'components' | 'client' | 'stylesheet';

/** What the open tabs are told after a rebuild. */
export type DevEvent =
  | { type: 'reload'; routes: string[]; ms: number; moved?: MovedPages }
  | { type: 'style'; href: string; previous: string; ms: number }
  | { type: 'problems'; problems: ReturnType<BuildError['toJSON']>[]; reload: boolean; ms: number; moved?: MovedPages };

/** The URLs of pages whose file stayed and whose address changed (a frontmatter `slug` edited): a tab there follows. */
export type MovedPages = Record<string, string>;

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
export class DevBuilder {
  readonly root: string;
  readonly clientDir: string;
  private readonly out: OutputDir;
  private readonly writer: DevWriter;
  private readonly lazy: LazyOutputs;
  private config?: ResolvedConfig;
  private memory?: BuildMemory & { records: MemoryRecords };
  private modules: RenderModules = renderModules;
  private assets?: BuiltAssets;
  /** The bundle as pages are rendered with it: its URLs are tokens the server fills in. */
  private pageAssets?: BuiltAssets;
  private site?: Site;
  private chunks = new Map<string, string>();
  /** MDX pages render in a worker (src/pages/index.ts `runPages`): one for the whole session, not one a save. */
  private readonly pageWorker = new KeptPageWorker();
  /** Bumped on every build: lazy outputs made for an older one are stale. */
  private generation = 0;
  private problemsOf = {
    config: [] as BuildError[],
    render: [] as BuildError[],
    assets: [] as BuildError[],
    /** The last build's: what it wrote the site in spite of, or why it could not (the last site stays served). */
    build: [] as BuildError[],
  };
  private queue: Promise<unknown> = Promise.resolve();
  /**
   * What each file the configuration reads (itself, its stylesheets, overrides, components) held at the last
   * update that named it: the watcher's second look at a save finds it the same, and nothing is built again.
   */
  private readonly configReads = new Map<string, string>();
  /** The files the watcher named since the last build ran (its argument `changes`); 'unknown' before the first, or after one that failed. */
  private named: Set<string> | 'unknown' = 'unknown';

  constructor(options: DevBuilderOptions) {
    this.root = options.root;
    this.out = options.out;
    this.clientDir = options.clientDir ?? CLIENT_DIR;
    this.lazy = new LazyOutputs(options.out);
    // A content folder deleted while it was read (`rm -rf content` under way) is not a site without pages.
    this.writer = new DevWriter(options.out, () =>
      readdir(this.config!.contentDir).then(
        () => undefined,
        (error: unknown) => Promise.reject(contentFolderProblem(this.config!, error)),
      ),
    );
  }

  get base(): string {
    return this.config?.base ?? '/';
  }

  /** Whether a site has been built at least once (else the server shows only the problems). */
  get ready(): boolean {
    return Boolean(this.site && this.assets);
  }

  /** The bundle being served: its URLs go in place of the pages' tokens. */
  currentAssets(): BuiltAssets | undefined {
    return this.assets;
  }

  /** The site and bundle being served (for tools and tests). */
  current(): { site?: Site; assets?: BuiltAssets; dir: string } {
    return { site: this.site, assets: this.assets, dir: this.out.dir };
  }

  problems(): BuildError[] {
    const { config, render, assets, build } = this.problemsOf;
    return [...config, ...render, ...assets, ...build];
  }

  /**
   * The folders and files `dev` watches, for a configuration (before the first build, the one the
   * server loaded to learn its base); `layout: false` leaves out templates/ and src/render/.
   */
  watched(options: { config?: ResolvedConfig; layout?: boolean } = {}): string[] {
    const config = options.config ?? this.config;
    const configFiles = config?.configFile
      ? [config.configFile]
      : CONFIG_FILES.map((name) => path.join(this.root, name));
    const components = config ? componentsWatch(config, this.root) : [];
    return [
      config?.contentDir ?? path.join(this.root, 'content'),
      ...(config ? versionsWatch(config) : []),
      ...configFiles,
      ...components,
      // The generator's own layout, where its sources are (a clone; an installed package has no src/render).
      ...(options.layout === false ? [] : [TEMPLATES_DIR, RENDER_DIR].filter((dir) => existsSync(dir))),
      this.clientDir,
    ];
  }

  classify(file: string): ChangeKind | null {
    const within = (dir: string) => file === dir || file.startsWith(dir + path.sep);
    if (file === this.config?.configFile || CONFIG_FILES.some((name) => file === path.join(this.root, name)))
      return 'config';
    // A custom stylesheet is bundled, not read by any page (pages link the bundle's URL as a token): the
    // stylesheet is swapped in the open tabs, no page is rendered again.
    if (this.config?.theme.customCss.includes(file)) return 'stylesheet';
    // A versioned site's pages are in content/ and in each version's folder (src/versions/watch.ts).
    const contentDir = this.config && contentDirs(this.config).find(within);
    if (contentDir) {
      const relative = path.relative(contentDir, file).split(path.sep);
      // Folders and files under "_" or "." hold data (the reference model the checks read).
      if (relative.some((part) => part.startsWith('_') || part.startsWith('.') || part === 'node_modules'))
        return 'data';
      if (/\.mdx?$/i.test(file)) return 'page';
      return path.extname(file) === '' ? 'folder' : 'static';
    }
    // What a version pinned (its sidebar, constants, redirects) and versions.json are configuration.
    if (this.config && versionsWatch(this.config).some(within)) return 'config';
    // The MDX components are bundled with the configuration: loading it again bundles them again.
    if (this.config && componentsWatch(this.config, this.root).some(within)) return 'config';
    if (within(TEMPLATES_DIR)) return 'templates';
    if (within(RENDER_DIR)) return 'components';
    if (within(this.clientDir)) return 'client';
    return null;
  }

  /** Builds everything from scratch: at start. */
  build(options: { reloadComponents?: boolean } = {}): Promise<RebuildResult> {
    this.named = 'unknown';
    return this.serial(
      async () =>
        (await this.rebuild(
          performance.now(),
          new Set(['config', 'client', ...(options.reloadComponents ? ['components' as const] : [])]),
          true,
        ))!,
    );
  }

  /**
   * Builds again after a batch of changed files (absolute paths): the build itself finds what
   * they change. Null when none of them is part of the site, or nothing changed.
   */
  update(files: string[]): Promise<RebuildResult | null> {
    // In line behind any rebuild under way: what a file is depends on the configuration it loaded.
    return this.serial(() => {
      // Pages the watcher does not name are not read again.
      if (this.named !== 'unknown') for (const file of files) this.named.add(path.resolve(file));
      const kinds = new Set(files.map((file) => this.classify(file)).filter((kind) => kind !== null));
      // Pages that read as the last build read them (the watcher's second look at a save, a file
      // rewritten as it was): nothing to build.
      const same =
        (kinds.size === 1 && kinds.has('page') && !this.problems().length && this.holdsAsIs(files)) ||
        this.configReadSame(files, kinds);
      return kinds.size && !same ? this.rebuild(performance.now(), kinds, false) : Promise.resolve(null);
    });
  }

  /**
   * Makes sure the file behind a URL is current before it is served. Outputs that list every page
   * (the route table, llms.txt, the search index, the sitemap...) are made again only when asked
   * for after a change, so a save costs only the pages it touches.
   */
  ensure(urlPath: string): Promise<void> {
    const file = this.fileOf(urlPath);
    if (
      file === null ||
      !this.site ||
      !this.pageAssets ||
      this.writer.holds(file) ||
      this.writer.holds(`${file}/index.html`)
    )
      return Promise.resolve();
    // The site as it is when the request's turn comes: a build before it gave up the last one's maps (src/model/site.ts patchedPlan).
    return this.serial(() => {
      const { site, pageAssets, chunks, modules, generation } = this;
      return this.lazy.ensure(file, { site: site!, assets: pageAssets!, chunks, modules, generation });
    });
  }

  /** Ends what the builder keeps running (the page worker): `dev` stops, without waiting for a build under way. */
  close(): Promise<void> {
    return this.pageWorker.close();
  }

  private fileOf(urlPath: string): string | null {
    const base = this.base;
    if (!urlPath.startsWith(base)) return null;
    let file: string;
    try {
      file = decodeURIComponent(urlPath.slice(base.length));
    } catch {
      return null;
    }
    return file === '' || file.endsWith('/') ? `${file}index.html` : file;
  }

  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /**
   * Loads again what the changes touch (the configuration, the layout code, the bundle), then
   * runs the build. A change of the configuration or the layout renders every page again.
   */
  private async rebuild(started: number, kinds: Set<ChangeKind>, always: boolean): Promise<RebuildResult | null> {
    const problemsBefore = this.problems().map(String).join('\n');
    const layout = kinds.has('config') || kinds.has('templates') || kinds.has('components') || !this.config;
    if (layout) {
      if (!(await this.loadConfig())) return this.result(started, false, []);
      this.writer.renderAgain();
    }
    if (kinds.has('components')) {
      // The worker runs the generator's code as it was when it started (its bundle is made again for the new code).
      await this.pageWorker.retire();
      try {
        this.modules = await reloadRenderModules();
        this.problemsOf.render = [];
      } catch (error) {
        this.problemsOf.render = [renderProblem(error)];
        return this.result(started, false, []);
      }
    }
    const before = this.assets;
    // The bundle is made from the configuration too: the client embeds its runtime settings, and the
    // custom stylesheets, the logo and the social icons (read with it) are its files.
    if (kinds.has('client') || kinds.has('stylesheet') || kinds.has('config') || !this.assets) await this.bundle();
    if (!this.assets) return this.result(started, false, []);
    const js = this.assets.js !== before?.js;
    const css = this.assets.css !== before?.css;
    const customCss = this.assets.theme.customCss !== before?.theme.customCss;
    const built = await this.runBuild();
    if (
      !always &&
      !layout &&
      !built.changed &&
      !js &&
      !css &&
      !customCss &&
      this.problems().map(String).join('\n') === problemsBefore
    )
      return null;
    // Only the stylesheet changed: open tabs swap it without reloading.
    const oneStyle = css !== customCss && !js && !built.rendered.length;
    const styleFrom = before && oneStyle ? (css ? before.css : before.theme.customCss) : undefined;
    const styleTo = css ? this.assets.css : this.assets.theme.customCss;
    return this.result(
      started,
      built.changed || js || css || customCss,
      built.rendered,
      styleFrom,
      styleTo,
      built.moved,
    );
  }

  /** Whether each file (an absolute path) is a listed page the last build read as it is now. */
  private holdsAsIs(files: string[]): boolean {
    const memory = this.memory;
    return files.every((file) => {
      const relative = memory?.content.relativeOf(file);
      return (
        relative !== undefined &&
        memory!.content.lists(relative) &&
        memory!.sources.holdsAsIs(relative, stampOrNone(file))
      );
    });
  }

  /**
   * True when the batch holds only files the configuration reads and each reads as at its last update (an
   * editor's save seen twice by the watcher, a file saved unchanged); notes what each holds now.
   */
  private configReadSame(files: string[], kinds: Set<ChangeKind>): boolean {
    const read = (kind: ChangeKind | null) => kind === 'config' || kind === 'stylesheet';
    let same = kinds.size > 0 && [...kinds].every(read);
    for (const file of files.filter((f) => read(this.classify(f)))) {
      let digest = 'missing';
      try {
        digest = createHash('sha256').update(readFileSync(file)).digest('hex');
      } catch {
        // Gone or a folder: 'missing' is what it holds.
      }
      if (this.configReads.get(file) !== digest) same = false;
      this.configReads.set(file, digest);
    }
    return same;
  }

  /** The configuration again, with a fresh memory (what is kept depends on it); false when it cannot be used. */
  private async loadConfig(): Promise<boolean> {
    try {
      const config = await loadConfig(this.root);
      if (this.config && config.base !== this.config.base) {
        this.problemsOf.config = [
          new BuildError(
            `the base changed from ${this.config.base} to ${config.base}`,
            { file: path.relative(this.root, config.configFile ?? '') || 'configuration' },
            'restart `dev` to serve the site under the new base',
          ),
        ];
        return false;
      }
      this.config = config;
      this.memory = {
        sources: await SourceCache.open(config, { memory: true }),
        content: new ContentMemory(config.contentDir),
        records: await MemoryRecords.open(config),
        checks: new ContentChecks(),
        layout: new LayoutMemo(),
      };
      this.problemsOf.config = [];
      return true;
    } catch (error) {
      this.problemsOf.config = asProblems(error);
      return false;
    }
  }

  /** The build, with the bundle's URLs as tokens and the outputs that list every page left for later. */
  private async runBuild(): Promise<{ changed: boolean; rendered: string[]; moved?: MovedPages }> {
    this.memory!.records.startBuild();
    const changes: Changes = this.named === 'unknown' ? 'unknown' : { named: this.named };
    this.named = new Set();
    try {
      const result = await this.modules.buildSite(this.config!, this.writer, silentLogger, {
        changes,
        memory: this.memory,
        assets: this.pageAssets,
        lazy: true,
        keepGoing: true,
        pageWorker: this.pageWorker,
      });
      this.problemsOf.build = result.problems;
      this.problemsOf.render = [];
      const moved = this.site && movedPages(this.site, result.site);
      this.site = result.site;
      this.chunks = result.chunks;
      this.generation++;
      return { changed: this.writer.changed, rendered: result.renderedRoutes, ...(moved && { moved }) };
    } catch (error) {
      // It may have stopped before reading what the watcher named: the next build looks at every file.
      this.named = 'unknown';
      this.problemsOf.build = asProblems(error);
      return { changed: false, rendered: [] };
    } finally {
      this.startPageWorker();
    }
  }

  /**
   * Starts the MDX pages' worker ahead of the save that needs it: after the first build, whose pages a pool
   * rendered at scale, and after a build whose worker ran out of memory.
   */
  private startPageWorker(): void {
    const config = this.config!;
    if (workersAllowed(config) && this.site?.pages.some((page) => isMdx(page.relativePath)))
      this.pageWorker.get(config).catch(() => {}); // a worker that cannot start fails the build that needs it
  }

  private async bundle(): Promise<void> {
    try {
      this.assets = await buildAssets(this.config!, { dev: true, clientDir: this.clientDir });
      this.pageAssets = tokenAssets(this.assets);
      this.problemsOf.assets = [];
    } catch (error) {
      this.problemsOf.assets = bundleProblems(error, this.root);
    }
  }

  private result(
    started: number,
    changed: boolean,
    rendered: string[],
    styleFrom?: string,
    styleTo?: string,
    moved?: MovedPages,
  ): RebuildResult {
    const problems = this.problems();
    const ms = Math.round(performance.now() - started);
    let event: DevEvent;
    if (problems.length)
      event = {
        type: 'problems',
        problems: problems.map((p) => p.toJSON()),
        reload: changed,
        ms,
        ...(moved && { moved }),
      };
    else if (styleFrom !== undefined)
      event = { type: 'style', href: styleTo ?? this.assets!.css, previous: styleFrom, ms };
    else event = { type: 'reload', routes: rendered, ms, ...(moved && { moved }) };
    return { event, problems, rendered, ms };
  }
}

/**
 * Two rebuilds shown as one (the first was not shown: its burst went on): the later's state, with
 * every route either rendered; a stylesheet swap after a reload is part of the reload.
 */
export function laterResult(earlier: RebuildResult, later: RebuildResult): RebuildResult {
  const rendered = [...new Set([...earlier.rendered, ...later.rendered])];
  const e = earlier.event;
  const changed = e.type !== 'problems' || e.reload; // what tabs show changed (a stylesheet too)
  const moved = bothMoves(
    e.type === 'style' ? undefined : e.moved,
    later.event.type === 'style' ? undefined : later.event.moved,
  );
  const also = moved && { moved };
  let event: DevEvent = later.event;
  if (event.type === 'problems') event = { ...event, reload: event.reload || changed, ...also };
  else if (event.type === 'style' && e.type === 'style' && e.href === event.previous)
    event = { ...event, previous: e.previous };
  else if (event.type === 'style' && e.type === 'style')
    event = { type: 'reload', routes: rendered, ms: event.ms, ...also };
  else if (event.type === 'style' && changed) event = { type: 'reload', routes: rendered, ms: event.ms, ...also };
  else if (event.type === 'reload') event = { ...event, routes: rendered, ...also };
  return { ...later, event, rendered };
}

/** Where each page of `before` whose file `after` has at another address went; undefined when none moved. */
export function movedPages(before: Site, after: Site): MovedPages | undefined {
  // A save moves nothing as a rule: the same files at the same addresses, in the same order, seen without a map.
  const { pages } = after;
  const same = (page: Site['pages'][number], i: number) =>
    page.relativePath === pages[i].relativePath && page.regularPath === pages[i].regularPath;
  if (before.pages.length === pages.length && before.pages.every(same)) return undefined;
  const now = new Map(after.pages.map((p) => [p.relativePath, p.regularPath]));
  const moved: MovedPages = {};
  for (const page of before.pages) {
    const route = now.get(page.relativePath);
    if (route !== undefined && route !== page.regularPath && !after.byRoute.has(page.regularPath))
      moved[pageUrl(after.config.base, page.regularPath)] = pageUrl(after.config.base, route);
  }
  return Object.keys(moved).length ? moved : undefined;
}

/** Two rebuilds' moves as one: a page moved twice goes to where the second put it. */
function bothMoves(first?: MovedPages, second?: MovedPages): MovedPages | undefined {
  if (!first) return second;
  const out: MovedPages = { ...first, ...second };
  for (const [from, to] of Object.entries(first)) if (second?.[to]) out[from] = second[to];
  for (const [from, to] of Object.entries(out)) if (from === to) delete out[from]; // moved there and back
  return Object.keys(out).length ? out : undefined;
}

/** What `dev` watches of the MDX components: their folder, or the file alone when it sits at the root. */
function componentsWatch(config: ResolvedConfig, root: string): string[] {
  const file = config.mdx.components?.file;
  // The theme's overrides, stylesheets and logo are read with the configuration too (src/theme/config.ts).
  const { themeDir, customCss, logo } = config.theme;
  const theme = [themeDir, ...customCss, logo?.src, logo?.dark].filter(
    (f): f is string => Boolean(f) && existsSync(f!),
  );
  if (!file) return theme;
  return [path.dirname(file) === root ? file : path.dirname(file), ...theme];
}
