import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import matter from 'gray-matter';
import type { ResolvedConfig } from './config.js';
import { BuildError, Problems } from './errors.js';
import { fileToRoute } from './shared/paths.js';
import type { Frontmatter, PageSource } from './types.js';

/** Folders and files starting with "_" or "." hold data (the reference model), not pages. */
const isHidden = (name: string) => name.startsWith('_') || name.startsWith('.') || name === 'node_modules';

/** Every Markdown file under the content folder, sorted, as paths relative to it. */
export async function listMarkdownFiles(contentDir: string): Promise<string[]> {
  const out: string[] = [];
  async function walk(dir: string): Promise<void> {
    const entries = await readdir(dir, { withFileTypes: true });
    for (const entry of entries) {
      if (isHidden(entry.name)) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile() && /\.md$/i.test(entry.name)) out.push(path.relative(contentDir, full).split(path.sep).join('/'));
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

/** Parses one file's frontmatter; returns the source or adds what is wrong to `problems`. */
export function parseSource(raw: string, relativePath: string, file: string, problems: Problems): PageSource | null {
  let parsed: matter.GrayMatterFile<string>;
  try {
    // A fresh options object: gray-matter caches results by input string otherwise.
    parsed = matter(raw, {});
  } catch (error) {
    const mark = (error as { mark?: { line: number; column: number } }).mark;
    const reason = ((error as { reason?: string }).reason ?? (error as Error).message).split('\n')[0];
    problems.add(`malformed YAML frontmatter: ${reason}`, { file: relativePath, line: mark ? mark.line + 2 : 1, column: mark ? mark.column + 1 : undefined }, 'fix the YAML between the two "---" lines (quote values that contain ":" or "#")');
    return null;
  }
  const data = parsed.data as Record<string, unknown>;
  const fmLine = (key: string) => {
    const index = raw.split(/\r?\n/).findIndex((l) => l.startsWith(`${key}:`));
    return index >= 0 ? index + 1 : 1;
  };
  let ok = true;
  for (const key of ['title', 'description'] as const) {
    if (typeof data[key] !== 'string' || !(data[key] as string).trim()) {
      ok = false;
      const present = key in data;
      problems.add(
        present ? `frontmatter "${key}" must be a non-empty string` : `missing frontmatter "${key}"`,
        { file: relativePath, line: present ? fmLine(key) : 1 },
        key === 'title' ? 'add a line `title: Page title` to the frontmatter' : 'add a line `description: One sentence on what this page covers` (under 160 characters) to the frontmatter',
      );
    }
  }
  for (const key of ['prev', 'next'] as const) {
    if (key in data && data[key] !== false && typeof data[key] !== 'string') {
      ok = false;
      problems.add(`frontmatter "${key}" must be a route, a .md path or false`, { file: relativePath, line: fmLine(key) }, `for example \`${key}: ../quickstart/hello-world.md\` or \`${key}: false\``);
    }
  }
  if ('layout' in data && data.layout !== 'doc' && data.layout !== 'page') {
    ok = false;
    problems.add(`frontmatter "layout" must be "doc" or "page"`, { file: relativePath, line: fmLine('layout') }, 'use `layout: doc` (sidebar and outline) or `layout: page` (full width)');
  }
  if (!ok) return null;
  return {
    file,
    relativePath,
    route: fileToRoute(relativePath),
    body: parsed.content,
    lineOffset: bodyLineOffset(raw, parsed.content),
    frontmatter: data as Frontmatter,
    hash: contentHash(raw),
  };
}

/** Reads every page of the content folder. Collects every problem, then fails once. */
export async function loadContent(config: ResolvedConfig): Promise<PageSource[]> {
  const problems = new Problems();
  let files: string[];
  try {
    files = await listMarkdownFiles(config.contentDir);
  } catch (error) {
    throw new BuildError(`cannot read the content folder: ${(error as Error).message}`, { file: path.relative(config.root, config.contentDir) || '.' }, 'create it, or pass the folder that holds your Markdown as the root');
  }
  const sources: PageSource[] = [];
  await Promise.all(
    files.map(async (relativePath) => {
      const file = path.join(config.contentDir, relativePath);
      let raw: string;
      try {
        raw = await readFile(file, 'utf8');
      } catch (error) {
        problems.add(`cannot read the file: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, { file: relativePath }, 'check its permissions (it must be readable by the build)');
        return;
      }
      const source = parseSource(raw, relativePath, file, problems);
      if (source) sources.push(source);
    }),
  );
  sources.sort((a, b) => a.relativePath.localeCompare(b.relativePath));
  const byRoute = new Map<string, PageSource>();
  for (const source of sources) {
    const other = byRoute.get(source.route);
    if (other) problems.add(`two files have the route ${source.route}: ${other.relativePath} and ${source.relativePath}`, { file: source.relativePath, line: 1 }, 'rename or remove one of them');
    else byRoute.set(source.route, source);
  }
  if (files.length === 0) problems.add('no Markdown pages found', { file: path.relative(config.root, config.contentDir) || '.' }, 'add at least an index.md');
  problems.throwIfAny();
  return sources;
}
