import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { buildAssets, type BuiltAssets } from './assets.js';
import { inputStamp, saveRecord, summaryWarnings, unchangedBuild } from '../incremental/build-record.js';
import { cachePath, codeVersion, PassedCache, removeCacheFolder } from '../incremental/cache.js';
import { ContentChecks } from '../checks/index.js';
import { StoredLinkChecks } from '../checks/stored-links.js';
import { loadConfig, type ResolvedConfig } from '../config/index.js';
import { countPages, loadContentFiles } from '../content/index.js';
import { BuildError, BuildFailure, fileSystemProblem, Problems } from '../model/errors.js';
import { sha1 } from '../incremental/hash.js';
import { boundHeapGrowth, settleHeapGrowth } from './heap.js';
import { layoutKeys, type LayoutMemo } from '../pages/layout-keys.js';
import { isFeedPage } from '../outputs/feed.js';
import { lastModified } from '../outputs/last-modified.js';
import { TakenStamps } from '../incremental/taken-stamps.js';
import { silentLogger, task, type Logger } from './log.js';
import { MarkdownCache } from '../incremental/markdown-cache.js';
import { pageOutline } from '../markdown/index.js';
import { createRenderer, emitSiteFiles, layoutAssets } from '../outputs/index.js';
import {
  takeFindings,
  PageWorkers,
  PARALLEL_THRESHOLD,
  runPages,
  workersAllowed,
  type KeptWorkers,
  type PageJob,
} from '../pages/index.js';
import { renderImages } from '../content/images.js';
import { renderSocialCards } from '../outputs/social-cards.js';
import { pageStyleFiles } from '../pages/page-styles.js';
import { configFileName, hasHook, runBuildEnd } from '../plugins/index.js';
import { readTemplates } from '../render/index.js';
import { dropFallbackProblems, missingTranslations } from '../i18n/locales.js';
import { buildSearchIndexes, searchInputKey } from '../i18n/search.js';
import { searchFiles, type SearchOutput } from '../search/carry-over.js';
import { SearchPageBlocks } from '../search/page-blocks.js';
import { SearchTermsCache } from '../search/terms-cache.js';
import { SearchIndexStore } from '../search/store.js';
import { storeSettings } from '../search/index.js';
import { rememberSectionTerms } from '../search/records.js';
import { isEnglish } from '../shared/search-text.js';
import { createSite, withSamePlan, type Site } from '../model/site.js';
import { siteViews } from '../versions/views.js';
import { nameVersionFiles } from '../versions/paths.js';
import type { SourceMemo } from '../incremental/source-memo.js';
import type { FileStamp } from '../incremental/file-identity.js';
import { checkOutputCollisions, readStaticFiles } from '../content/static-files.js';
import type { OutputFile, PageOutline, PageRecord, PageSource } from '../model/page.js';
import { FsWriter, type OutputManifest, type PageEntry, type WriteFault, type Writer } from '../write/index.js';

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
  /** Social cards encoded this time (the others came from the cache). */
  cardsConverted: number;
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
  /** The worker `dev` keeps between builds for MDX pages (src/pages/kept-worker.ts), instead of one started a build. */
  pageWorker?: KeptWorkers;
}

/** The one warning of a build without `siteUrl`: its sitemap, canonical links and feeds hold paths, not URLs. */
function siteUrlMissing(config: ResolvedConfig): BuildError {
  return new BuildError(
    'no "siteUrl": the sitemap, robots.txt, canonical links and feeds need the address the site is published at, and hold paths without it',
    { file: configFileName(config) },
    'set `siteUrl` in the configuration, for example siteUrl: "https://example.com"',
  );
}

/**
 * The whole pipeline on one screen. The site's layout (sidebar, reading order) comes from the
 * pages' frontmatter, so pages are rendered and staged as their Markdown is parsed; nothing
 * reaches the output folder until every check has passed.
 */
export async function buildSite(
  config: ResolvedConfig,
  writer: Writer,
  logger: Logger = silentLogger,
  options: BuildOptions = {},
): Promise<BuildResult> {
  const started = performance.now();
  const problems = new Problems();
  if (!config.siteUrl) problems.warn(siteUrlMissing(config));
  // The last output's files are checked (src/incremental/identities.ts: a thread of their own at scale) while the content is read.
  const previousOutput = writer.previous();
  previousOutput.catch(() => {}); // awaited by the cache stage, whose failure it then is
  // At 1,000 pages of the bench corpus a worker's start is 0.5 s of CPU: on the second core, under the content stage.
  const earlyWorkers =
    options.manyPages && workersAllowed(config) ? PageWorkers.start(undefined, config.limits.heapMb) : undefined;
  earlyWorkers?.catch(() => {}); // a start that failed fails the pages stage, as a late start would
  const closeEarlyWorkers = () => earlyWorkers?.then((early) => early?.close()).catch(() => {});
  try {
    const { sources, staticFiles } = await task(logger, 'content', () =>
      loadContentFiles(config, problems, options.memory?.sources, options.stamps),
    );
    // Their problems are reported with the page.
    const outlineOf = (source: PageSource) => pageOutline(source, config, new Problems());
    const layoutMemo = options.memory?.layout;
    const outlines = sources.map((source) => layoutMemo?.outline(source, outlineOf) ?? outlineOf(source));
    // "Last updated": one `git log` for every page (the sitemap reads the same dates); a commit changes the layout key of the pages it touches.
    const taken = options.stamps && new TakenStamps(options.stamps);
    const datesOf = (pages: PageSource[]) => lastModified({ config, pages, taken });
    const lastUpdated = !config.theme.lastUpdated
      ? undefined
      : (layoutMemo?.lastUpdated(sources, datesOf) ?? datesOf(sources));
    const newSite = () => createSite(config, outlines, staticFiles, lastUpdated, taken);
    const sameFolders = options.memory?.sources.onlyEdits ?? false;
    const outline = layoutMemo?.site(outlines, staticFiles, lastUpdated, sameFolders, newSite) ?? newSite();
    const assets = options.assets ?? (await task(logger, 'assets', () => buildAssets(config)));
    const templates = readTemplates();
    const [cache, previous, salt] = await task(logger, 'cache', () =>
      Promise.all([options.memory?.records ?? MarkdownCache.open(config), previousOutput, codeVersion()]),
    );

    // Pages show the bundle and the theme's files by these URLs (the script's own imports are in its hash), and the plugins' head and modules.
    const pageAssets = layoutAssets(assets, outlines);
    const layoutKey = withModules(
      (layoutMemo ? layoutMemo.layoutKeys.bind(layoutMemo) : layoutKeys)(
        outline,
        sha1(
          salt,
          JSON.stringify([
            assets.css,
            assets.js,
            assets.redirectScript,
            assets.features,
            assets.featureScripts,
            assets.theme,
            assets.extra,
          ]),
          JSON.stringify(templates),
          ...(assets.plugins.head ? [assets.plugins.head] : []),
        ),
      ),
      pageAssets.pageModules,
    );
    const { jobs, kept, records, entries } = await task(logger, 'plan', () =>
      planPages(sources, outlines, cache, layoutKey, previous),
    );
    const pageFiles: OutputFile[] = [];
    const found = new Problems();
    // src/build/heap.ts: a large build's records stay to its end (not `dev`'s, whose saves would collect more often).
    if (!options.memory) boundHeapGrowth(jobs.length);
    const searchTerms = options.lazy || options.memory || siteViews(config) ? undefined : isEnglish(config.lang);
    const results = await task(logger, 'pages', async () => {
      // Only for many pages to render: an unchanged build starts none.
      const parallel = jobs.length >= PARALLEL_THRESHOLD && workersAllowed(config);
      if (!parallel) await closeEarlyWorkers();
      const workers = parallel ? await (earlyWorkers ?? PageWorkers.start(undefined, config.limits.heapMb)) : undefined;
      const progress = (done: number) => logger.progress?.('pages', done, jobs.length);
      return runPages(
        jobs,
        {
          config,
          layout: {
            outlines,
            staticFiles,
            assets: pageAssets,
            templates,
            stagingDir: writer.staging,
            lastUpdated,
            site: outline,
          },
          byBlocks: Boolean(options.memory),
          // One index in one language: its section terms are counted by the threads that render the pages.
          ...(searchTerms === undefined ? {} : { searchTerms }),
        },
        found,
        workers,
        progress,
        options.pageWorker,
      ).finally(() => workers?.close());
    });
    // Every record is made: what is left to allocate is the later stages' (src/build/heap.ts).
    if (!options.memory) settleHeapGrowth(jobs.length);
    const failed = takeFindings(found, problems);
    results.forEach(({ record, files, searchLines }, i) => {
      const { source, cached } = jobs[i];
      if (searchLines && searchTerms !== undefined)
        rememberSectionTerms(record, { english: searchTerms, lines: searchLines });
      if (!cached && !failed.has(source.relativePath)) cache.set(source, record);
      records.set(source.route, record);
      Object.assign(entries.get(source.route)!, { chunk: files!.chunk, paths: files!.paths });
      pageFiles.push(...(files!.contents ?? []));
    });

    const recordPages = sources.map((s) => records.get(s.route)!);
    // Records show what their outlines show (src/markdown/index.ts), so the outlines' sidebars stand.
    const site = layoutMemo
      ? layoutMemo.recordSite(outline, recordPages, lastUpdated)
      : withSamePlan(outline, recordPages, lastUpdated);
    // Site files made of every page's Markdown read the kept pages' pieces from the previous output. Not in memory
    // (`dev`), which writes no such file with each save: there the map was 8 ms of a save at 10,000 pages.
    site.kept =
      writer.staging === null
        ? undefined
        : {
            dir: previous?.dir,
            siteFiles: previous?.siteFiles ?? new Map(),
            pages: new Map(
              sources.filter((s) => kept.has(s.route)).map((s) => [records.get(s.route)!, entries.get(s.route)!.paths]),
            ),
          };
    const passed = options.memory ? undefined : await PassedCache.open(cachePath(config, 'passed-blocks.v8'), salt);
    // The registry (src/checks/index.ts), as `docs check` runs it.
    const checks = options.memory?.checks ?? new ContentChecks(passed, { stored: StoredLinkChecks.for(config) });
    await task(logger, 'checks', () => checks.run(site, problems));
    if (config.locales) dropFallbackProblems(problems, sources); // fallback pages are a translated site's
    nameVersionFiles(problems, config);
    if (!options.keepGoing) problems.throwIfAny(); // every problem of the run at once, before anything is written

    // A loop, not pairs: `dev` makes this map on every save.
    const chunks = new Map<string, string>();
    for (const [route, entry] of entries) chunks.set(route, entry.chunk);
    const files = [...assets.files, ...pageFiles];
    if (!options.lazy)
      files.push(
        ...(await task(logger, 'site files', () =>
          emitSiteFiles(site, createRenderer(site, assets, templates), chunks),
        )),
      );
    // The index depends only on what search shows of the pages and its settings: the same give the same files.
    const searchKey = options.lazy
      ? ''
      : sha1(salt, JSON.stringify([config.base, config.search, config.lang]), searchInputKey(site));
    const search = options.lazy
      ? undefined
      : await task(logger, 'search', () =>
          searchFiles(config, searchKey, previous, () => searchIndexWithTerms(config, site, previous)),
        );
    files.push(...(search?.files ?? []));
    const keptFiles = [...(search?.kept.keys() ?? [])];
    files.push(...(await readStaticFiles(config, staticFiles)));
    const images = options.lazy
      ? { files: [], converted: 0 }
      : await task(logger, 'images', () => renderImages(config, site.pages));
    files.push(...images.files, ...(options.lazy ? [] : pageStyleFiles(site.pages)));
    const cards = options.lazy
      ? { files: [], converted: 0 }
      : await task(logger, 'social cards', () => renderSocialCards(site, assets.theme));
    files.push(...cards.files);
    // In memory the pages' files are already among `files`.
    const pagePaths = writer.staging === null ? [] : [...entries.values()].flatMap((e) => e.paths);
    const before = problems.list.length;
    checkOutputCollisions([...pagePaths, ...files.map((f) => f.path), ...keptFiles], staticFiles, problems);
    // Two files at one path cannot both be written, even by `keepGoing`.
    if (problems.list.length > before || !options.keepGoing) problems.throwIfAny();
    // The caches go to disk while the output is written (both are mostly waiting on the disk).
    await task(logger, 'write', () =>
      allSettled([
        writer.commit({ files, pages: entries, kept, keptFiles: search?.kept }),
        // A record the cache keeps is known to pass the per-page checks (src/incremental/record-parts.ts): `dev`'s build with problems stores none.
        cache.save({ checked: problems.list.length === 0 }),
        passed?.save() ?? Promise.resolve(),
      ]),
    );
    if (hasHook(config, 'buildEnd') && !options.lazy)
      await task(logger, 'plugins', () =>
        runBuildEnd(config, [
          ...[...entries.values()].flatMap((e) => e.paths),
          ...files.map((f) => f.path),
          ...keptFiles,
        ]),
      );
    return {
      site,
      pages: sources.length,
      rendered: jobs.length,
      redirects: config.redirects.length,
      warnings: problems.warnings,
      imagesConverted: images.converted,
      cardsConverted: cards.converted,
      ...(config.locales ? { missingTranslations: missingTranslations(sources, siteViews(config)!) } : {}),
      ms: performance.now() - started,
      renderedRoutes: jobs.map((j) => j.source.route),
      chunks,
      problems: problems.list,
    };
  } catch (error) {
    // Workers started early for a build that failed before its pages stage.
    await closeEarlyWorkers();
    await writer.discard();
    throw error;
  }
}

/**
 * Which pages keep their files: those whose record (by its Markdown cache key) and layout (by its
 * layout key) are what the previous output was rendered from. The others become jobs, with their
 * cached record when only their layout changed.
 */
async function planPages(
  sources: PageSource[],
  outlines: PageOutline[],
  cache: RecordCache,
  layoutKey: (page: PageOutline) => string,
  previous?: OutputManifest,
) {
  const entries = new Map<string, PageEntry>();
  const kept = new Set<string>();
  const records = new Map<string, PageRecord>();
  const jobs: PageJob[] = [];
  for (const [i, source] of sources.entries()) {
    const renderKey = renderKeyOf(source, cache.key(source), layoutKey(outlines[i]));
    const cached = cache.get(source, outlines[i]);
    const before = previous?.pages.get(source.route);
    if (cached && before?.renderKey === renderKey) {
      // A feed's entries are its page's HTML (src/outputs/feed.ts): a kept feed page keeps its record with it, or
      // is rendered again when the cache has lost it.
      const record = isFeedPage(outlines[i]) ? await cache.withHtml(source, cached) : cached;
      if (record) {
        kept.add(source.route);
        records.set(source.route, record);
        entries.set(source.route, before);
        continue;
      }
    }
    jobs.push({ source, cached: cached && (await cache.withHtml(source, cached)) });
    entries.set(source.route, { renderKey, chunk: '', paths: [] }); // the files come from the job
  }
  return { jobs, kept, records, entries };
}

/** Render keys by page source: `dev` keeps unchanged pages' sources between builds, so their keys are not hashed again. */
const renderKeys = new WeakMap<PageSource, { record: string; layout: string; key: string }>();

function renderKeyOf(source: PageSource, record: string, layout: string): string {
  const known = renderKeys.get(source);
  if (known?.record === record && known.layout === layout) return known.key;
  const key = sha1(record, layout);
  renderKeys.set(source, { record, layout, key });
  return key;
}

/**
 * The search index, counting only the terms of pages whose text the last build did not see
 * (src/search/terms-cache.ts), and keeping the blocks of page files whose pages it saw (src/search/page-blocks.ts).
 */
async function searchIndexWithTerms(
  config: ResolvedConfig,
  site: Site,
  previous: OutputManifest | undefined,
): Promise<SearchOutput> {
  // One index: patched from the last build's (src/search/store.ts); an index a locale: each locale's terms cached.
  // Each kind keeps its own cache; the other kind's, left by an earlier build of the site, goes.
  if (!siteViews(config)) {
    const [store, pageBlocks] = await Promise.all([
      SearchIndexStore.open(config, previous, storeSettings(site)),
      SearchPageBlocks.open(config, previous),
      removeCacheFolder(SearchTermsCache.folder(config)),
    ]);
    const files = buildSearchIndexes(site, { store, pageBlocks });
    await Promise.all([store.save(), pageBlocks.save()]);
    return { files, kept: new Map([...pageBlocks.kept, ...store.kept]) };
  }
  const [terms, pageBlocks] = await Promise.all([
    SearchTermsCache.open(config),
    SearchPageBlocks.open(config, previous),
    removeCacheFolder(SearchIndexStore.folder(config)),
  ]);
  const files = buildSearchIndexes(site, { terms: terms.terms, pageBlocks });
  await Promise.all([terms.save(), pageBlocks.save()]);
  return { files, kept: pageBlocks.kept };
}

/** A page's layout key, with the plugins' client modules it loads (only when a plugin has any). */
function withModules(
  layoutKey: (page: PageOutline) => string,
  modules: Record<string, string[]> | undefined,
): (page: PageOutline) => string {
  if (!modules || !Object.keys(modules).length) return layoutKey;
  return (page) => sha1(layoutKey(page), ...(modules[page.regularPath] ?? []));
}

/** Like Promise.all, but a failure is reported once every task has ended: none writes on after the build. */
async function allSettled(tasks: Promise<unknown>[]): Promise<void> {
  const failed = (await Promise.allSettled(tasks)).find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
}

/**
 * What `build` reports: a build's result, without the site in memory (a build that finds nothing
 * changed since the last one has none). `locales`: the site's languages, for `missingTranslations`.
 */
export type BuildReport = Pick<
  BuildResult,
  'pages' | 'rendered' | 'renderedRoutes' | 'redirects' | 'warnings' | 'imagesConverted' | 'missingTranslations' | 'ms'
> & { locales?: ResolvedConfig['locales'] };

/**
 * `build [root]`: loads the root's configuration and writes the site to its output folder, unless
 * the inputs are what the last build's record says and the output is the version it left
 * (src/incremental/build-record.ts): then nothing is read or written. Not with `buildEnd` hooks, which run
 * after every build.
 */
export async function build(
  root: string,
  options: { outDir?: string; base?: string; logger?: Logger } = {},
): Promise<BuildReport> {
  try {
    return await buildProject(root, options);
  } catch (error) {
    // A full disk, a folder not writable: the path, shown from the project, and what to do.
    const onDisk = fileSystemProblem(error, root);
    throw onDisk ? new BuildFailure([onDisk]) : error;
  }
}

async function buildProject(
  root: string,
  options: { outDir?: string; base?: string; logger?: Logger },
): Promise<BuildReport> {
  const started = performance.now();
  const logger = options.logger ?? silentLogger;
  const config = await task(logger, 'config', () => loadConfig(root, options));
  const writer = outputWriter(config);
  const stamps = new Map<string, FileStamp>();
  const stamp = hasHook(config, 'buildEnd')
    ? undefined
    : await task(logger, 'inputs', () => inputStamp(config, stamps));
  const last = stamp && (await unchangedBuild(config, stamp, (version) => writer.isUntouched(version)));
  if (last) {
    await writer.discard();
    const { warnings, ...summary } = last;
    return {
      ...summary,
      warnings: summaryWarnings(last),
      rendered: 0,
      renderedRoutes: [],
      imagesConverted: 0,
      locales: config.locales,
      ms: performance.now() - started,
    };
  }
  const result = await buildSite(config, writer, logger, {
    stamps,
    manyPages:
      !existsSync(outputManifestPath(config)) && countPages(config.contentDir, stamps.keys()) >= PARALLEL_THRESHOLD,
  });
  if (stamp)
    await saveRecord(config, stamp, writer.shown, {
      pages: result.pages,
      redirects: result.redirects,
      warnings: result.warnings.map((w) => w.toJSON()),
      ...(result.missingTranslations ? { missingTranslations: result.missingTranslations } : {}),
    });
  return { ...result, locales: config.locales };
}

/** The writer of a build's output folder; `fault` is for tests (src/write/index.ts). */
export function outputWriter(config: ResolvedConfig, fault?: WriteFault): FsWriter {
  return new FsWriter(config.outDir, { manifest: outputManifestPath(config), fault });
}

/** Where the output manifest is kept: it lets the next build keep unchanged pages' files (and tests give it to a writer of their own). */
export function outputManifestPath(config: ResolvedConfig): string {
  return cachePath(config, `output-${sha1(config.outDir).slice(0, 12)}.v8`);
}
