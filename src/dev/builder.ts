import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { buildAssets, CLIENT_DIR, type BuiltAssets } from '../assets.js';
import { ContentChecks } from '../checks/index.js';
import { CONFIG_FILES, loadConfig, type ResolvedConfig } from '../config.js';
import { BuildError, Problems } from '../errors.js';
import { createProcessor } from '../markdown/index.js';
import { TEMPLATES_DIR } from '../render/index.js';
import { createSite, type Site } from '../site.js';
import type { OutputFile, PageRecord } from '../types.js';
import { reportNoPages, uniqueRoutes } from '../content.js';
import { ContentStore } from './content-store.js';
import { IncrementalEmitter, type DevUrls } from './emit.js';
import { LazyOutputs } from './lazy-outputs.js';
import type { OutputDir } from './output-dir.js';
import { asProblems, bundleProblems, renderProblem } from './problems.js';
import { reloadRenderModules, renderModules, type RenderModules } from './render-modules.js';

/** The layout components: a change there rebuilds every page with freshly loaded code. */
export const RENDER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../render');

/** What a changed file is to the site. */
export type ChangeKind = 'page' | 'static' | 'folder' | 'data' | 'config' | 'templates' | 'components' | 'client';

/** What the open tabs are told after a rebuild. */
export type DevEvent =
  | { type: 'reload'; routes: string[]; ms: number }
  | { type: 'style'; href: string; previous: string; ms: number }
  | { type: 'problems'; problems: ReturnType<BuildError['toJSON']>[]; reload: boolean; ms: number };

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
 * The dev server's build: keeps the configuration, every page record and the rendered pages in
 * memory, and on a change redoes only what the change touches. Bad input never throws out of
 * here: it becomes the current list of problems, and the last good output stays served.
 */
export class DevBuilder {
  readonly root: string;
  readonly clientDir: string;
  private readonly out: OutputDir;
  private config?: ResolvedConfig;
  private content?: ContentStore;
  private modules: RenderModules = renderModules;
  private emitter = new IncrementalEmitter(renderModules);
  private checks = new ContentChecks();
  private assets?: BuiltAssets;
  private site?: Site;
  private routesUrl = '';
  /** Bumped on every change of the site: lazy outputs made for an older one are stale. */
  private generation = 0;
  private readonly lazy: LazyOutputs;
  private problemsOf = {
    config: [] as BuildError[],
    site: [] as BuildError[],
    /** Why the content folder could not be listed on a full build (the last site stays served). */
    folder: [] as BuildError[],
    assets: [] as BuildError[],
    render: [] as BuildError[],
  };
  private queue: Promise<unknown> = Promise.resolve();
  /** A full build found no content folder: the next change builds everything again. */
  private fullBuildPending = false;

  constructor(options: DevBuilderOptions) {
    this.root = options.root;
    this.out = options.out;
    this.clientDir = options.clientDir ?? CLIENT_DIR;
    this.lazy = new LazyOutputs(options.out);
  }

  get base(): string {
    return this.config?.base ?? '/docs/';
  }

  /** Whether a site has been built at least once (else the server shows only the problems). */
  get ready(): boolean {
    return Boolean(this.site && this.assets);
  }

  /** The URLs the served pages get in place of their placeholders. */
  urls(): DevUrls {
    return { css: this.assets?.css ?? '', js: this.assets?.js ?? '', redirect: this.assets?.redirectScript ?? '', routes: this.routesUrl, features: this.assets?.features ?? {} };
  }

  /** The site and bundle being served (for tools and tests that compare with a full build). */
  current(): { site?: Site; assets?: BuiltAssets; dir: string } {
    return { site: this.site, assets: this.assets, dir: this.out.dir };
  }

  problems(): BuildError[] {
    const { config, site, folder, assets, render } = this.problemsOf;
    const all = [...config, ...folder, ...[...(this.content?.problems.values() ?? [])].flat(), ...site, ...assets, ...render];
    // The content folder's problem may be known both to the last full build and to the content.
    const seen = new Set<string>();
    return all.filter((p) => !seen.has(String(p)) && Boolean(seen.add(String(p))));
  }

  /**
   * The folders and files `dev` watches, for a configuration (before the first build, the one the
   * server loaded to learn its base); `layout: false` leaves out templates/ and src/render/.
   */
  watched(options: { config?: ResolvedConfig; layout?: boolean } = {}): string[] {
    const config = options.config ?? this.config;
    const configFiles = config?.configFile ? [config.configFile] : CONFIG_FILES.map((name) => path.join(this.root, name));
    const components = config ? componentsWatch(config, this.root) : [];
    return [config?.contentDir ?? path.join(this.root, 'content'), ...configFiles, ...components, ...(options.layout === false ? [] : [TEMPLATES_DIR, RENDER_DIR]), this.clientDir];
  }

  classify(file: string): ChangeKind | null {
    const within = (dir: string) => file === dir || file.startsWith(dir + path.sep);
    if (file === this.config?.configFile || CONFIG_FILES.some((name) => file === path.join(this.root, name))) return 'config';
    if (this.config && within(this.config.contentDir)) {
      const relative = path.relative(this.config.contentDir, file).split(path.sep);
      // Folders and files under "_" or "." hold data (the reference model the checks read).
      if (relative.some((part) => part.startsWith('_') || part.startsWith('.') || part === 'node_modules')) return 'data';
      if (/\.mdx?$/i.test(file)) return 'page';
      // A folder added, renamed or removed: its files are found by listing the content again.
      return path.extname(file) === '' ? 'folder' : 'static';
    }
    // The MDX components are bundled with the configuration: loading it again bundles them again.
    if (this.config && componentsWatch(this.config, this.root).some(within)) return 'config';
    if (within(TEMPLATES_DIR)) return 'templates';
    if (within(RENDER_DIR)) return 'components';
    if (within(this.clientDir)) return 'client';
    return null;
  }

  /** Builds everything from scratch: at start, and when the configuration or the layout changes. */
  build(options: { reloadComponents?: boolean } = {}): Promise<RebuildResult> {
    return this.serial(() => this.fullBuild(performance.now(), options.reloadComponents ?? false));
  }

  /**
   * Applies a batch of changed files (absolute paths), doing the least work that covers them.
   * Null when none of them is part of the site.
   */
  update(files: string[]): Promise<RebuildResult | null> {
    // In line behind any rebuild under way: what a file is depends on the configuration it loaded.
    return this.serial(async () => {
      const started = performance.now();
      const kinds = new Map<string, ChangeKind>();
      for (const file of files) {
        const kind = this.classify(file);
        if (kind) kinds.set(file, kind);
      }
      if (!kinds.size) return null;
      const has = (kind: ChangeKind) => [...kinds.values()].includes(kind);
      if (has('config') || has('templates') || has('components') || !this.config || this.fullBuildPending) return this.fullBuild(started, has('components'));
      const bundle = has('client') ? await this.rebuildAssets() : { changed: false, js: false, css: false, previousCss: '' };
      const contentChanged = await this.applyContentChanges(kinds);
      if (this.content!.unlisted) {
        // The content folder is gone or unreadable: the last site stays served, with only the reason
        // (what the site looked like while the folder was being deleted is no news).
        this.problemsOf.site = [];
        return contentChanged || bundle.changed ? this.result(started, bundle.js || bundle.css, []) : null;
      }
      if (!contentChanged) {
        if (!bundle.changed) return null; // files saved as they were: nothing to tell the tabs
        // Only the stylesheet changed: open tabs swap it without reloading.
        return this.result(started, bundle.js || bundle.css, [], bundle.css && !bundle.js ? bundle.previousCss : undefined);
      }
      const emitted = await this.refreshSite(false);
      return this.result(started, emitted.changed || bundle.js || bundle.css, emitted.rendered);
    });
  }

  /** Reads the changed pages, files and data again; false when none of them really changed. */
  private async applyContentChanges(kinds: Map<string, ChangeKind>): Promise<boolean> {
    const under = (kind: ChangeKind) => [...kinds].filter(([, k]) => k === kind).map(([file]) => path.relative(this.config!.contentDir, file).split(path.sep).join('/'));
    const { changed, copy, remove } = await this.content!.apply({ pages: under('page'), statics: under('static'), data: under('data'), folders: [...kinds.values()].includes('folder') });
    const gone = await this.content!.confirmFolder();
    if (!this.content!.unlisted) await this.out.apply(copy, remove);
    return changed || gone;
  }

  /**
   * Makes sure the file behind a URL is current before it is served. Outputs that list every page
   * (Markdown copies, llms.txt, the search index, the sitemap...) are made again only when asked
   * for after a change, so a save costs only the pages it touches.
   */
  ensure(urlPath: string): Promise<void> {
    const file = this.fileOf(urlPath);
    const { site, assets, content } = this;
    const owns = (f: string) => this.emitter.owns(f);
    if (file === null || !site || !assets || !content || content.isStatic(file) || owns(file) || owns(`${file}/index.html`) || assets.files.some((f) => f.path === file)) return Promise.resolve();
    return this.serial(() => this.lazy.ensure(file, { site, assets, modules: this.modules, generation: this.generation, owns }));
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

  private async fullBuild(started: number, reloadComponents: boolean): Promise<RebuildResult> {
    try {
      const config = await loadConfig(this.root);
      if (this.config && config.base !== this.config.base) {
        this.problemsOf.config = [new BuildError(`the base changed from ${this.config.base} to ${config.base}`, { file: path.relative(this.root, config.configFile ?? '') || 'configuration' }, 'restart `dev` to serve the site under the new base')];
        return this.result(started, false, []);
      }
      this.config = config;
      this.problemsOf.config = [];
    } catch (error) {
      this.problemsOf.config = asProblems(error);
      return this.result(started, false, []);
    }
    if (reloadComponents) {
      try {
        this.modules = await reloadRenderModules();
        this.problemsOf.render = [];
      } catch (error) {
        this.problemsOf.render = [renderProblem(error)];
        return this.result(started, false, []);
      }
    }
    const config = this.config;
    const content = new ContentStore(config, createProcessor(config));
    const statics = await content.loadAll();
    if (content.unlisted && this.site) {
      // The content folder is gone or unreadable: keep serving the last site, say why, and build
      // again from scratch once it can be listed.
      this.problemsOf.folder = content.folderProblems;
      this.fullBuildPending = true;
      return this.result(started, false, []);
    }
    this.problemsOf.folder = [];
    this.fullBuildPending = false;
    this.content = content;
    this.lazy.clear();
    this.emitter = new IncrementalEmitter(this.modules);
    this.checks = new ContentChecks();
    const assets = await this.bundle();
    const emitted = await this.refreshSite(true, [...(assets?.files ?? []), ...statics]);
    return this.result(started, emitted.changed, emitted.rendered);
  }

  /**
   * Puts the site together from the records, runs every check, and renders and writes what
   * changed. On a full build, `extra` (the bundle) is written too and everything else removed.
   */
  private async refreshSite(full: boolean, extra: OutputFile[] = []): Promise<{ changed: boolean; rendered: string[] }> {
    const config = this.config!;
    const problems = new Problems();
    // Two pages may have one route: the same check as a build's.
    const pages = uniqueRoutes(this.content!.sorted(), (record) => record.regularPath, problems);
    if (!pages.length) reportNoPages(config, problems);
    const site = createSite(config, pages, this.content!.staticFiles);
    await this.checks.run(site, problems); // the registry: links, sidebar and redirects among them
    this.problemsOf.site = problems.list;
    // Every page gone at once is the content folder being deleted or replaced: keep the last site.
    if (!pages.length && this.site?.pages.length && !full) return { changed: false, rendered: [] };
    let emitted: ReturnType<IncrementalEmitter['emit']>;
    try {
      emitted = this.emitter.emit(site);
      this.problemsOf.render = [];
    } catch (error) {
      this.problemsOf.render = [renderProblem(error)];
      return { changed: false, rendered: [] };
    }
    if (full) await this.out.replace([...extra, ...emitted.writes]);
    else await this.out.apply(emitted.writes, emitted.removes);
    this.site = site;
    this.routesUrl = emitted.routesUrl;
    this.generation++;
    return { changed: full || emitted.writes.length > 0 || emitted.removes.length > 0, rendered: emitted.rendered };
  }

  /**
   * Bundles client/ again and swaps the files; tells which of script and stylesheet changed, and
   * whether anything did (a syntax error that appeared or went away counts).
   */
  private async rebuildAssets(): Promise<{ changed: boolean; js: boolean; css: boolean; previousCss: string }> {
    const before = this.assets;
    const problemsBefore = this.problemsOf.assets.map(String).join('\n');
    const assets = await this.bundle();
    const problemsChanged = this.problemsOf.assets.map(String).join('\n') !== problemsBefore;
    if (!assets) return { changed: problemsChanged, js: false, css: false, previousCss: '' };
    const kept = new Set(assets.files.map((f) => f.path));
    await this.out.apply(assets.files, (before?.files ?? []).map((f) => f.path).filter((p) => !kept.has(p)));
    const js = assets.js !== before?.js;
    const css = assets.css !== before?.css;
    return { changed: js || css || problemsChanged, js, css, previousCss: before?.css ?? '' };
  }

  private async bundle(): Promise<BuiltAssets | undefined> {
    try {
      this.assets = await buildAssets(this.config!, { dev: true, clientDir: this.clientDir });
      this.problemsOf.assets = [];
      return this.assets;
    } catch (error) {
      this.problemsOf.assets = bundleProblems(error, this.root);
      return undefined;
    }
  }

  private result(started: number, changed: boolean, rendered: string[], styleFrom?: string): RebuildResult {
    const problems = this.problems();
    const ms = Math.round(performance.now() - started);
    let event: DevEvent;
    if (problems.length) event = { type: 'problems', problems: problems.map((p) => p.toJSON()), reload: changed, ms };
    else if (styleFrom !== undefined) event = { type: 'style', href: this.assets!.css, previous: styleFrom, ms };
    else event = { type: 'reload', routes: rendered, ms };
    return { event, problems, rendered, ms };
  }
}

/** What `dev` watches of the MDX components: their folder, or the file alone when it sits at the root. */
function componentsWatch(config: ResolvedConfig, root: string): string[] {
  const file = config.mdx.components?.file;
  if (!file) return [];
  return [path.dirname(file) === root ? file : path.dirname(file)];
}
