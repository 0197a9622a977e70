import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import matter from 'gray-matter';
import type { ResolvedConfig } from './config.js';
import { BuildError, Problems } from './errors.js';
import { expandIncludes } from './markdown/includes.js';
import { isMdx, prepareMdxImports } from './markdown/mdx.js';
import { expandOpenApiPages } from './openapi.js';
import { fileToRoute } from './shared/paths.js';
import type { Frontmatter, PageSource } from './types.js';

/** Folders and files starting with "_" or "." hold data (the reference model), not pages. */
/** Pages: Markdown (`.md`, CommonMark and our extensions) and MDX (`.mdx`, Markdown with JSX components). */
export const PAGE_FILE = /\.mdx?$/i;

const isHidden = (name: string) => name.startsWith('_') || name.startsWith('.') || name === 'node_modules';

/**
 * The content folder in one walk, sorted, as paths relative to it: the Markdown pages, and the
 * files beside them that the site serves as they are (images, downloads).
 */
export async function listContent(contentDir: string): Promise<{ pages: string[]; staticFiles: string[] }> {
  const all = await listContentFiles(contentDir);
  return { pages: all.filter((f) => PAGE_FILE.test(f)), staticFiles: all.filter((f) => !PAGE_FILE.test(f)) };
}

async function listContentFiles(contentDir: string): Promise<string[]> {
  const out: string[] = [];
  async function walk(dir: string): Promise<void> {
    const entries = await readdir(dir, { withFileTypes: true });
    for (const entry of entries) {
      if (isHidden(entry.name)) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile() || entry.isSymbolicLink()) out.push(path.relative(contentDir, full).split(path.sep).join('/'));
    }
  }
  await walk(contentDir);
  return out.sort();
}

export function contentHash(text: string): string {
  return createHash('sha1').update(text).digest('hex');
}

/** Lines before the body: positions in the Markdown tree count from the body, errors from the file. */
export function bodyLineOffset(raw: string, body: string): number {
  if (!raw.endsWith(body)) return 0;
  return (raw.slice(0, raw.length - body.length).match(/\r?\n/g) ?? []).length;
}

/**
 * Parses one file's frontmatter. What is wrong goes to `problems`; the page is still returned
 * (with a stand-in title) so that the rest of the run can check it and links to it.
 */
export function parseSource(raw: string, relativePath: string, file: string, problems: Problems): PageSource {
  let parsed: { data: Record<string, unknown>; content: string };
  // gray-matter reads an unclosed block to the end of the file, so the body would show up as YAML errors.
  if (/^\uFEFF?---[ \t]*\r?\n/.test(raw) && !/\n---[ \t]*(\r?\n|$)/.test(raw)) {
    problems.add('the frontmatter is not closed', { file: relativePath, line: 1 }, 'add a line `---` after the last frontmatter line (`description: ...`)');
    return toSource(raw, relativePath, file, { data: { title: path.basename(relativePath).replace(PAGE_FILE, ''), description: '' }, content: '' });
  }
  try {
    // A fresh options object: gray-matter caches results by input string otherwise.
    parsed = matter(raw, {});
  } catch (error) {
    // The YAML gray-matter parses starts with the newline after the opening "---": its line n is file line n + 1.
    const mark = (error as { mark?: { line: number; column: number } }).mark;
    const reason = ((error as { reason?: string }).reason ?? (error as Error).message).split('\n')[0];
    problems.add(`malformed YAML frontmatter: ${reason}`, { file: relativePath, line: mark ? mark.line + 1 : 1, column: mark ? mark.column + 1 : undefined }, 'fix the YAML between the two "---" lines (quote values that contain ":" or "#")');
    const end = /^---\r?\n[\s\S]*?\r?\n---[^\n]*\n?/.exec(raw);
    parsed = { data: { title: path.basename(relativePath).replace(PAGE_FILE, ''), description: '' }, content: end ? raw.slice(end[0].length) : '' };
    return toSource(raw, relativePath, file, parsed);
  }
  const data = parsed.data as Record<string, unknown>;
  const fmLine = (key: string) => {
    const index = raw.split(/\r?\n/).findIndex((l) => l.startsWith(`${key}:`));
    return index >= 0 ? index + 1 : 1;
  };
  for (const key of ['title', 'description'] as const) {
    if (typeof data[key] !== 'string' || !(data[key] as string).trim()) {
      const present = key in data;
      problems.add(
        present ? `frontmatter "${key}" must be a non-empty string` : `missing frontmatter "${key}"`,
        { file: relativePath, line: present ? fmLine(key) : 1 },
        key === 'title' ? 'add a line `title: Page title` to the frontmatter' : 'add a line `description: One sentence on what this page covers` (under 160 characters) to the frontmatter',
      );
      data[key] = key === 'title' ? path.basename(relativePath).replace(PAGE_FILE, '') : '';
    }
  }
  for (const key of ['prev', 'next'] as const) {
    if (key in data && data[key] !== false && typeof data[key] !== 'string') {
      delete data[key];
      problems.add(`frontmatter "${key}" must be a route, a .md path or false`, { file: relativePath, line: fmLine(key) }, `for example \`${key}: ../quickstart/hello-world.md\` or \`${key}: false\``);
    }
  }
  if ('layout' in data && data.layout !== 'doc' && data.layout !== 'page') {
    problems.add(`frontmatter "layout" must be "doc" or "page"`, { file: relativePath, line: fmLine('layout') }, 'use `layout: doc` (sidebar and outline) or `layout: page` (full width)');
    delete data.layout;
  }
  return prepareBody(toSource(raw, relativePath, file, parsed), problems);
}

/** Takes in the page's includes, and an MDX page's component imports, before anything parses it. */
function prepareBody(source: PageSource, problems: Problems): PageSource {
  const contentDir = path.resolve(path.dirname(source.file), ...source.relativePath.split('/').slice(1).map(() => '..'));
  const { body, included } = expandIncludes(source.body, source.relativePath, source.lineOffset, contentDir, problems);
  source.body = body;
  if (included) source.included = included;
  if (isMdx(source.relativePath)) prepareMdxImports(source, problems);
  return source;
}

function toSource(raw: string, relativePath: string, file: string, parsed: { data: Record<string, unknown>; content: string }): PageSource {
  return {
    file,
    relativePath,
    route: fileToRoute(relativePath),
    body: parsed.content,
    lineOffset: bodyLineOffset(raw, parsed.content),
    frontmatter: parsed.data as Frontmatter,
    hash: contentHash(raw),
  };
}

/**
 * Keeps the first page of each route and reports the others. Routes are compared case-folded: on
 * macOS and Windows file systems /Guide/ and /guide/ are one output folder. (`dev` uses it too.)
 */
export function uniqueRoutes<T extends { relativePath: string }>(pages: T[], routeOf: (page: T) => string, problems: Problems): T[] {
  const byFolded = new Map<string, T>();
  for (const page of pages) {
    const route = routeOf(page);
    const other = byFolded.get(route.toLowerCase());
    if (!other) byFolded.set(route.toLowerCase(), page);
    else problems.add(`two files have the route ${route}${routeOf(other) === route ? '' : ` (differing only in case from ${routeOf(other)})`}: ${other.relativePath} and ${page.relativePath}`, { file: page.relativePath, line: 1 }, 'rename or remove one of them');
  }
  return [...byFolded.values()];
}

export function reportNoPages(config: ResolvedConfig, problems: Problems): void {
  problems.add('no Markdown pages found', { file: path.relative(config.root, config.contentDir) || '.' }, 'add at least an index.md');
}

/** Reads every page of the content folder. Problems go to `problems`; the caller fails once at the end. */
export async function loadContent(config: ResolvedConfig, problems: Problems): Promise<PageSource[]> {
  return (await loadContentFiles(config, problems)).sources;
}

/** `loadContent`, and the files beside the pages (from the same walk of the folder). */
export async function loadContentFiles(config: ResolvedConfig, problems: Problems): Promise<{ sources: PageSource[]; staticFiles: string[] }> {
  let files: string[];
  let staticFiles: string[];
  try {
    ({ pages: files, staticFiles } = await listContent(config.contentDir));
  } catch (error) {
    throw new BuildError(`cannot read the content folder: ${(error as Error).message}`, { file: path.relative(config.root, config.contentDir) || '.' }, 'put the Markdown pages in content/ under the root, or set `contentDir` in docs.config.ts');
  }
  const sources: PageSource[] = [];
  // Read one after another: small files from the page cache come faster synchronously than through
  // libuv's thread pool (10,000 pages: 0.15 s against 0.5 s).
  for (const relativePath of files) {
    const file = path.join(config.contentDir, relativePath);
    let raw: string;
    try {
      raw = readFileSync(file, 'utf8');
    } catch (error) {
      problems.add(`cannot read the file: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, { file: relativePath }, 'check its permissions (it must be readable by the build)');
      continue;
    }
    sources.push(parseSource(raw, relativePath, file, problems));
  }
  sources.sort((a, b) => a.relativePath.localeCompare(b.relativePath));
  if (files.length === 0) {
    reportNoPages(config, problems);
    problems.throwIfAny();
  }
  const pages = uniqueRoutes(sources, (s) => s.route, problems);
  await expandOpenApiPages(pages, config, problems);
  return { sources: pages, staticFiles };
}
