import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { buildAssets } from './assets.js';
import { silentLogger, task, type Logger } from './log.js';
import { buildMode, type BuildOptions } from './mode.js';
import { recordSite, placeProblems } from './stages/checks.js';
import { layOut, pageLayoutKeys } from './stages/layout.js';
import { EarlyWorkers, renderPages, takeRendered } from './stages/pages.js';
import { planPages, type PagePlan } from './stages/plan.js';
import { searchStage } from './stages/search.js';
import { outputPaths, stopBeforeWriting, writeOutput } from './stages/write.js';
import { inputStamp, saveRecord, summaryWarnings, unchangedBuild } from '../incremental/build-record.js';
import { cachePath, codeVersion } from '../incremental/cache.js';
import { sha1 } from '../incremental/hash.js';
import type { FileStamp } from '../incremental/file-identity.js';
import { loadConfig, type ResolvedConfig } from '../config/index.js';
import { countPages, loadContentFiles } from '../content/index.js';
import { renderImages } from '../content/images.js';
import { readStaticFiles } from '../content/static-files.js';
import { missingTranslations } from '../i18n/locales.js';
import { BuildError, BuildFailure, fileSystemProblem, Problems } from '../model/errors.js';
import type { PageSource } from '../model/page.js';
import type { Site } from '../model/site.js';
import { createRenderer, emitSiteFiles, layoutAssets } from '../outputs/index.js';
import { renderSocialCards } from '../outputs/social-cards.js';
import { PARALLEL_THRESHOLD } from '../pages/index.js';
import { pageStyleFiles } from '../pages/page-styles.js';
import { configFileName, hasHook, runBuildEnd } from '../plugins/index.js';
import { readTemplates } from '../render/index.js';
import { siteViews } from '../versions/views.js';
import { FsWriter, type PageEntry, type WriteFault, type Writer } from '../write/index.js';

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

export type { BuildMemory, BuildOptions } from './mode.js';
export type { RecordCache } from '../incremental/markdown-cache.js';

/** The one warning of a build without `siteUrl`: its sitemap, canonical links and feeds hold paths, not URLs. */
function siteUrlMissing(config: ResolvedConfig): BuildError {
  return new BuildError(
    'no "siteUrl": the sitemap, robots.txt, canonical links and feeds need the address the site is published at, and hold paths without it',
    { file: configFileName(config) },
    'set `siteUrl` in the configuration, for example siteUrl: "https://example.com"',
  );
}

/**
 * The pipeline, a line a stage. The site's layout (sidebar, reading order) comes from the pages'
 * frontmatter, so pages are rendered and staged as their Markdown is parsed; nothing reaches the
 * output folder until every check has passed. How `dev`'s builds differ is decided once (src/build/mode.ts).
 */
export async function buildSite(
  config: ResolvedConfig,
  writer: Writer,
  logger: Logger = silentLogger,
  options: BuildOptions = {},
): Promise<BuildResult> {
  const started = performance.now();
  const mode = buildMode(options, writer);
  const problems = new Problems();
  if (!config.siteUrl) problems.warn(siteUrlMissing(config));
  // The last output's files are checked (src/incremental/identities.ts: a thread of their own at scale) while the content is read.
  const previousOutput = writer.previous();
  previousOutput.catch(() => {}); // awaited by the cache stage, whose failure it then is
  const threads = { early: new EarlyWorkers(config, options.manyPages), kept: options.pageWorker };
  try {
    const content = await task(logger, 'content', () =>
      loadContentFiles(config, problems, options.changes, mode.content),
    );
    const layout = layOut(config, content, mode.layout, options.changes);
    const assets = options.assets ?? (await task(logger, 'assets', () => buildAssets(config)));
    const templates = readTemplates();
    const [cache, previous, salt] = await task(logger, 'cache', () =>
      Promise.all([mode.records(config), previousOutput, codeVersion()]),
    );
    const pageAssets = layoutAssets(assets, layout.outlines);
    const layoutKeys = await pageLayoutKeys(config, layout, mode, {
      salt,
      assets,
      templates,
      pageModules: pageAssets.pageModules,
    });
    const plan = await task(logger, 'plan', () =>
      planPages(content.sources, layout.outlines, cache, layoutKeys.of, mode.layout, previous),
    );
    const { staticFiles } = content;
    const stage = { ...layout, staticFiles, assets: pageAssets, templates, stagingDir: writer.staging };
    const rendered = await task(logger, 'pages', () => renderPages(config, plan, stage, mode, threads, logger));
    const pageFiles = takeRendered(rendered, plan, cache, problems);
    const site = recordSite(content.sources, layout, plan, mode, previous);
    const checks = await mode.checks(config, salt);
    await task(logger, 'checks', () => checks.registry.run(site, problems));
    placeProblems(config, content.sources, problems);
    mode.stopOnProblems(problems); // every problem of the run at once, before anything is written

    const chunks = routeChunks(plan.entries);
    // A stage of the outputs that list or index every page, which `dev` makes when they are asked for.
    const whole = <T, N>(label: string, make: () => T | Promise<T>, none: N) =>
      mode.everyPage(() => task(logger, label, make), none);
    const siteFiles = await whole(
      'site files',
      () => emitSiteFiles(site, createRenderer(site, assets, templates), chunks),
      [],
    );
    const search = await whole('search', () => searchStage(config, site, salt, previous), undefined);
    const staticContents = await readStaticFiles(config, staticFiles);
    const images = await whole('images', () => renderImages(config, site.pages), NONE);
    const styles = mode.everyPage(() => pageStyleFiles(site.pages), []);
    const cards = await whole('social cards', () => renderSocialCards(site, assets.theme), NONE);
    const files = [...assets.files, ...pageFiles, ...siteFiles, ...(search?.files ?? []), ...staticContents];
    files.push(...images.files, ...styles, ...cards.files);
    const output = { files, pages: plan.entries, kept: plan.kept, keptFiles: search?.kept };
    stopBeforeWriting(output, staticFiles, mode, problems);
    await task(logger, 'write', () => writeOutput(writer, output, cache, checks, problems));
    await layoutKeys.save();
    if (hasHook(config, 'buildEnd')) await whole('plugins', () => runBuildEnd(config, outputPaths(output)), undefined);
    const converted = { images: images.converted, cards: cards.converted };
    return buildResult(config, { site, sources: content.sources, plan, problems, converted, chunks, started });
  } catch (error) {
    // Workers started early for a build that failed before its pages stage.
    await threads.early.close();
    await writer.discard();
    throw error;
  }
}

/** The result of a build that wrote its output. */
function buildResult(
  config: ResolvedConfig,
  built: {
    site: Site;
    sources: PageSource[];
    plan: PagePlan;
    problems: Problems;
    converted: { images: number; cards: number };
    chunks: Map<string, string>;
    started: number;
  },
): BuildResult {
  const { site, sources, plan, problems, converted, chunks, started } = built;
  return {
    site,
    pages: sources.length,
    rendered: plan.jobs.length,
    redirects: config.redirects.length,
    warnings: problems.warnings,
    imagesConverted: converted.images,
    cardsConverted: converted.cards,
    ...(config.locales ? { missingTranslations: missingTranslations(sources, siteViews(config)!) } : {}),
    ms: performance.now() - started,
    renderedRoutes: plan.jobs.map((j) => j.source.route),
    chunks,
    problems: problems.list,
  };
}

/** What an output `dev` leaves out gives: no files, none converted. */
const NONE = { files: [], converted: 0 } as const;

/** Each page's chunk path by route, for the route table. A loop, not pairs: `dev` makes this map on every save. */
function routeChunks(entries: Map<string, PageEntry>): Map<string, string> {
  const chunks = new Map<string, string>();
  for (const [route, entry] of entries) chunks.set(route, entry.chunk);
  return chunks;
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
    changes: { stamps },
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
