import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import * as esbuild from 'esbuild';
import rehypeSlug from 'rehype-slug';
import rehypeStringify from 'rehype-stringify';
import remarkDirective from 'remark-directive';
import remarkGfm from './gfm.js';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified, type Processor } from 'unified';
import { VFile } from 'vfile';
import type { ResolvedConfig } from '../config.js';
import { BuildError, Problems } from '../errors.js';
import { withBase } from '../shared/paths.js';
import type { CodeBlock, LinkRef, PageRecord, PageSource } from '../types.js';
import { MarkdownCache } from './cache.js';
import remarkCallouts from './callouts.js';
import rehypeCode from './code.js';
import { resolveConstants } from './constants.js';
import { normalizeContainers } from './container-syntax.js';
import remarkHeadingIds from './heading-ids.js';
import rehypeHeadings, { type HeadingData } from './headings.js';
import rehypeLinks from './links.js';
import rehypeTables from './tables.js';
import rehypeTaskLists from './task-lists.js';
import remarkNoH1 from './no-h1.js';

/** The plugin chain. Order matters where noted. */
export function createProcessor(config: Pick<ResolvedConfig, 'base'>): Processor {
  return unified()
    .use(remarkParse)
    .use(remarkDirective)
    .use(remarkCallouts) // after remark-directive: turns its nodes into callouts
    .use(remarkGfm) // after callouts: bare URLs are linked once "localhost:4173" is text again
    .use(remarkHeadingIds) // before rehype-slug, which keeps ids already set
    .use(remarkNoH1)
    .use(remarkRehype, { allowDangerousHtml: true })
    .use(rehypeSlug)
    .use(rehypeCode) // before headings: code blocks are left out of section text
    .use(rehypeHeadings) // after rehype-slug: needs ids
    .use(rehypeLinks, { base: config.base })
    .use(rehypeTables) // focusable, named scroll box per table (WCAG 2.1.1)
    .use(rehypeTaskLists) // names task-list checkboxes
    .use(rehypeStringify, { allowDangerousHtml: true }) as unknown as Processor;
}

/** A stable page identifier from its source path, also used as the chunk id. */
export function pageKey(relativePath: string, hash: (s: string) => string): string {
  return `v-${hash(relativePath).slice(0, 8)}`;
}

/** Renders one page's Markdown; problems go to `problems` with file lines. */
export function renderPage(source: PageSource, config: ResolvedConfig, processor: Processor, problems: Problems, hash: (s: string) => string): PageRecord {
  const markdown = resolveConstants(source.body, config.constants, { problems, file: source.relativePath, lineOffset: source.lineOffset });
  const file = new VFile({ path: source.relativePath, value: normalizeContainers(markdown), data: { page: { relativePath: source.relativePath, lineOffset: source.lineOffset } } });
  let html = '';
  try {
    html = String(processor.processSync(file));
  } catch (error) {
    problems.push(new BuildError(`cannot render the Markdown: ${(error as Error).message}`, { file: source.relativePath }));
  }
  for (const message of file.messages) {
    problems.push(new BuildError(message.reason, { file: source.relativePath, line: message.line != null ? message.line + source.lineOffset : undefined, column: message.column ?? undefined }, message.note));
  }
  const headings = (file.data.headings as HeadingData | undefined) ?? { headers: [], anchors: [], sections: [] };
  const fm = source.frontmatter;
  const title = resolveConstants(fm.title, config.constants, { problems, file: source.relativePath, lineOffset: 0 });
  const description = resolveConstants(fm.description, config.constants, { problems, file: source.relativePath, lineOffset: 0 });
  return {
    key: pageKey(source.relativePath, hash),
    title,
    description,
    frontmatter: { ...fm, title, description },
    regularPath: source.route,
    relativePath: source.relativePath,
    path: withBase(config.base, source.route),
    headers: headings.headers,
    html,
    anchors: headings.anchors,
    links: (file.data.links as LinkRef[] | undefined) ?? [],
    sections: headings.sections,
    markdown,
    codeBlocks: (file.data.codeBlocks as CodeBlock[] | undefined) ?? [],
    hash: source.hash,
  };
}

/** Renders pages in this thread. */
export function renderSlice(sources: PageSource[], config: ResolvedConfig, problems: Problems): PageRecord[] {
  const processor = createProcessor(config);
  return sources.map((source) => renderPage(source, config, processor, problems, keyHash));
}

/**
 * Below this many pages, starting workers costs more than it saves: each loads the whole chain and
 * the highlighter's grammars (measured: the real site's 109 pages take 1.5 s in one thread, 2 s in two).
 */
const PARALLEL_THRESHOLD = 400;

/**
 * Renders every page's Markdown; pages unchanged since an earlier build come from the cache.
 * Problems go to `problems`.
 */
export async function renderMarkdown(sources: PageSource[], config: ResolvedConfig, problems: Problems, options: { cache?: boolean } = {}): Promise<PageRecord[]> {
  const cache = options.cache === false ? undefined : await MarkdownCache.open(config);
  const misses = cache ? sources.filter((s) => !cache.get(s)) : sources;
  const found = new Problems();
  const rendered = await renderAll(misses, config, found);
  problems.push(...found.list);
  if (cache) {
    const failed = new Set(found.list.map((p) => p.place.file));
    misses.forEach((source, i) => failed.has(source.relativePath) || cache.set(source, rendered[i]));
    await cache.save();
  }
  const byPath = new Map(misses.map((s, i) => [s.relativePath, rendered[i]]));
  return sources.map((s) => byPath.get(s.relativePath) ?? cache!.get(s)!);
}

/** Renders pages, on all cores for large sites (one worker a core, contiguous slices, input order kept). */
async function renderAll(sources: PageSource[], config: ResolvedConfig, problems: Problems): Promise<PageRecord[]> {
  const cores = Math.min(availableParallelism(), 8);
  const chars = sources.reduce((sum, s) => sum + s.body.length, 0);
  if (sources.length < PARALLEL_THRESHOLD || cores < 2) return renderSlice(sources, config, problems);
  // Contiguous slices of about equal Markdown, so that both cores finish together.
  const slices: PageSource[][] = [[]];
  let filled = 0;
  for (const source of sources) {
    if (filled >= (chars / cores) * slices.length && slices.length < cores) slices.push([]);
    slices[slices.length - 1].push(source);
    filled += source.body.length;
  }
  const results = await Promise.all(slices.map((slice) => runWorker(slice, config)));
  for (const result of results) for (const p of result.problems) problems.push(new BuildError(p.message, { file: p.file, line: p.line, column: p.column }, p.fix));
  return results.flatMap((r) => r.pages);
}

interface WorkerResult {
  pages: PageRecord[];
  problems: ReturnType<BuildError['toJSON']>[];
}

/**
 * Workers do not inherit the tsx loader, and starting it costs half a second a worker: esbuild
 * bundles the worker once into plain JavaScript (dependencies stay external) in node_modules/.cache.
 */
let workerFile: Promise<string> | undefined;
function bundleWorker(): Promise<string> {
  workerFile ??= (async () => {
    const here = path.dirname(fileURLToPath(import.meta.url));
    const outfile = path.resolve(here, '../../node_modules/.cache/docs/markdown-worker.mjs');
    await esbuild.build({ entryPoints: [path.join(here, 'worker.ts')], outfile, bundle: true, platform: 'node', format: 'esm', packages: 'external', logLevel: 'silent' });
    return outfile;
  })();
  return workerFile;
}

async function runWorker(sources: PageSource[], config: ResolvedConfig): Promise<WorkerResult> {
  const file = await bundleWorker();
  return new Promise((resolve, reject) => {
    const worker = new Worker(file, { workerData: { config, sources } });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => code !== 0 && reject(new Error(`Internal error: a Markdown worker exited with code ${code}`)));
  });
}

function keyHash(text: string): string {
  return createHash('sha1').update(text).digest('hex');
}
