import { performance } from 'node:perf_hooks';
import { buildAssets } from './assets.js';
import { checkSite } from './check.js';
import { runContentChecks } from './checks/index.js';
import { loadConfig, type ResolvedConfig } from './config.js';
import { listStaticFiles, loadContent } from './content.js';
import { Problems } from './errors.js';
import { silentLogger, task, type Logger } from './log.js';
import { renderMarkdown } from './markdown/index.js';
import { emitSite } from './output.js';
import { buildSearchIndex } from './search/index.js';
import { createSite, type Site } from './site.js';
import { checkOutputCollisions, readStaticFiles } from './static-files.js';
import type { OutputFile } from './types.js';
import { FsWriter, type Writer } from './write.js';

export interface BuildResult {
  site: Site;
  files: OutputFile[];
  pages: number;
  redirects: number;
  ms: number;
}

/** The whole pipeline on one screen: nothing is written until every check has passed. */
export async function buildSite(config: ResolvedConfig, writer: Writer, logger: Logger = silentLogger): Promise<BuildResult> {
  const started = performance.now();
  const problems = new Problems();
  const [sources, staticFiles] = await task(logger, 'content', () => Promise.all([loadContent(config, problems), listStaticFiles(config.contentDir)]));
  const pages = await task(logger, 'markdown', () => renderMarkdown(sources, config, problems));
  const site = createSite(config, pages, staticFiles);
  await task(logger, 'checks', () => checkSite(site, problems));
  await task(logger, 'content checks', () => runContentChecks(site, problems)); // the same as `docs check`
  problems.throwIfAny(); // every problem of the run at once, before anything is written
  const assets = await task(logger, 'assets', () => buildAssets(config));
  const files = await task(logger, 'render', () => [...assets.files, ...emitSite(site, assets)]);
  files.push(...(await task(logger, 'search', () => buildSearchIndex(site))));
  files.push(...(await readStaticFiles(config, staticFiles)));
  checkOutputCollisions(files, staticFiles, problems);
  problems.throwIfAny();
  await task(logger, 'write', () => writer.commit(files));
  return { site, files, pages: pages.length, redirects: config.redirects.length, ms: performance.now() - started };
}

/** `build [root]`: loads the root's configuration and writes the site to its output folder. */
export async function build(root: string, options: { outDir?: string; base?: string; logger?: Logger } = {}): Promise<BuildResult> {
  const logger = options.logger ?? silentLogger;
  const config = await task(logger, 'config', () => loadConfig(root, options));
  return buildSite(config, new FsWriter(config.outDir), logger);
}
