import { readdirSync, realpathSync, statSync, type Stats } from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import type { ResolvedConfig } from '../config/schema.js';
import { BuildError, Problems } from '../model/errors.js';
import {
  frontmatterLine,
  MAX_YAML_ALIASES,
  parseFrontmatterYaml,
  readPeerFrontmatter,
  validateFrontmatter,
  type Frontmatter,
  type KeyLines,
} from './frontmatter.js';
import { FrontmatterCache } from '../incremental/frontmatter-cache.js';
import type { SourceCache } from '../incremental/source-cache.js';
import { namedFiles, stampsNow, type Changes, type StampNow } from '../incremental/changes.js';
import { sha1 } from '../incremental/hash.js';
import { expandIncludes } from '../markdown/includes.js';
import { isMdx, mdxRefusal, prepareMdxImports } from '../markdown/mdx.js';
import { fallbackSources, pageRoute } from '../i18n/locales.js';
import { callHook, configFileName, hookMs } from '../plugins/index.js';
import type { GeneratedPage, PagesContext, Plugin } from '../plugins/types.js';
import { fileToRoute } from '../shared/paths.js';
import type { ContentMemory } from './memory.js';
import type { Derived, PageSource } from '../model/page.js';
import type { ResolvedVersion } from '../versions/config.js';
import { contentFile, contentFolderOf, splitVersion } from '../versions/paths.js';
import { PAGE_FILE, type ContentListing } from './listing.js';
import { contentMode, type ContentStores, type PageHolding } from './mode.js';
import { contentRules, notARegularFile, readProjectText, RefusedFile } from './project-files.js';
import { DEFAULT_LIMITS, formatBytes } from '../markdown/limits.js';
import { emojiNamed } from '../markdown/emoji.js';
import { siteViews } from '../versions/views.js';
import { underReservedName } from '../versions/config.js';
import { asRead, routeBySlugs, withLinkRoutes } from './slugs.js';

/** Folders and files starting with "_" or "." hold data (the reference model), not pages. */
const isHidden = (name: string) => name.startsWith('_') || name.startsWith('.') || name === 'node_modules';

/**
 * How many of `files` (absolute paths, as the input stamp lists the project) are pages the content
 * walk would list: before the walk, a build knows from it whether many pages are coming.
 */
export function countPages(contentDir: string, files: Iterable<string>): number {
  const inside = contentDir + path.sep;
  let count = 0;
  for (const file of files)
    if (file.startsWith(inside) && PAGE_FILE.test(file) && !file.slice(inside.length).split(path.sep).some(isHidden))
      count++;
  return count;
}

/** A path of the content folder that is not read: a symbolic link out of the folder, or back into itself. */
export interface RefusedPath {
  path: string;
  message: string;
  fix: string;
}

/**
 * The content folder in one walk, sorted, as paths relative to it: the Markdown pages, and the
 * files beside them that the site serves as they are (images, downloads). Symbolic links are
 * followed while they stay inside the folder; one that leads out of it (or to a folder containing
 * it) is refused, so a build never publishes a file of the machine it runs on.
 */
async function listContent(
  contentDir: string,
): Promise<{ pages: string[]; staticFiles: string[]; refused: RefusedPath[] }> {
  const { files, refused } = await listContentFiles(contentDir);
  return {
    pages: files.filter((f) => PAGE_FILE.test(f)),
    staticFiles: files.filter((f) => !PAGE_FILE.test(f)),
    refused,
  };
}

/**
 * Longest file or folder name in the content folder, in bytes. Outputs are named after pages
 * (`assets/routes/<segment>.<hash>.json`, chunks, renditions), and most file systems stop at 255.
 */
const MAX_NAME_BYTES = 200;

async function listContentFiles(contentDir: string): Promise<{ files: string[]; refused: RefusedPath[] }> {
  const out: string[] = [];
  const refused: RefusedPath[] = [];
  const root = realpathSync(contentDir);
  const inside = (real: string) => real === root || real.startsWith(root + path.sep);
  const realOrNull = (full: string) => {
    try {
      return realpathSync(full);
    } catch {
      return null;
    }
  };
  /** A FIFO, socket or device (or a link to one): reading it would hang or flood the build. */
  const refuse = (relative: string, stats: Stats) => {
    const why = notARegularFile(stats, relative)!;
    refused.push({ path: relative, message: why.message, fix: why.fix });
  };
  /**
   * `prefix`: the folder's path under the content folder ('' or ending in '/'); `walking`: the real
   * paths of the folders being walked, to refuse a link back into one of them. Synchronous: 1,000
   * folders from the page cache, each a round trip through libuv's pool otherwise (10,000 pages:
   * about half of the walk's 90 ms).
   */
  function walk(dir: string, prefix: string, walking: string[]): void {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (isHidden(entry.name)) continue;
      const full = path.join(dir, entry.name);
      const relative = prefix + entry.name;
      if (Buffer.byteLength(entry.name) > MAX_NAME_BYTES) {
        refused.push({
          path: relative,
          message: `a name of ${Buffer.byteLength(entry.name)} bytes, over the limit of ${MAX_NAME_BYTES}`,
          fix: `use a shorter name: the outputs add a hash and an extension to it, and file systems refuse names over 255 bytes (ENAMETOOLONG)`,
        });
        continue;
      }
      if (entry.isDirectory())
        walk(full, `${relative}/`, [...walking, path.join(walking[walking.length - 1], entry.name)]);
      else if (entry.isFile()) out.push(relative);
      else if (!entry.isSymbolicLink()) refuse(relative, statSync(full));
      else {
        // A link that leads nowhere (or to itself) stays a file: reading it reports why.
        const real = realOrNull(full);
        const stats = real === null ? undefined : statSync(real, { throwIfNoEntry: false });
        if (real === null || !stats) out.push(relative);
        else if (!inside(real))
          refused.push({
            path: relative,
            message: `a symbolic link to ${real}, outside the content folder`,
            fix: 'copy the file into the content folder, or remove the link (links are followed only to files and folders inside it)',
          });
        else if (stats.isFile()) out.push(relative);
        else if (!stats.isDirectory()) refuse(relative, stats);
        else if (walking.includes(real))
          refused.push({
            path: relative,
            message: 'a symbolic link to a folder that contains it (a loop)',
            fix: 'remove the link',
          });
        else walk(full, `${relative}/`, [...walking, real]);
      }
    }
  }
  walk(contentDir, '', [root]);
  return { files: out.sort(), refused };
}

/**
 * Why the content folder, or a folder in it, cannot be listed: the folder, what is wrong, how to
 * fix it. `build` fails with it; `dev` shows it and keeps serving the last site.
 */
export function contentFolderProblem(config: Pick<ResolvedConfig, 'root' | 'contentDir'>, error: unknown): BuildError {
  const { code, path: at, message } = error as NodeJS.ErrnoException;
  const folder = at ? path.resolve(at) : config.contentDir;
  const place = { file: path.relative(config.root, folder) || '.' };
  if (folder === config.contentDir && (code === 'ENOENT' || code === 'ENOTDIR')) {
    return new BuildError(
      'the content folder does not exist',
      place,
      'put the Markdown pages in content/ under the root, or set `contentDir` in docs.config.ts',
    );
  }
  const what = folder === config.contentDir ? 'the content folder' : 'a folder in the content folder';
  return new BuildError(
    `cannot read ${what}: ${code ?? message}`,
    place,
    code === 'EACCES' || code === 'EPERM'
      ? 'make the folder readable by the build (chmod a+rx), or move it out of the content folder'
      : 'fix or remove the folder',
  );
}

/**
 * A page file over `limits.pageBytes`, frontmatter included (90 MB of YAML would take a minute and
 * gigabytes to parse): reported, and stood in for by a page with its file name as title, so links to
 * it still resolve. Returns the stand-in's text.
 */
function oversized(relativePath: string, bytes: number, limit: number, problems: Problems): string {
  problems.add(
    `the file is ${formatBytes(bytes)}, over the limit of ${formatBytes(limit)} for a page (frontmatter included)`,
    { file: relativePath, line: 1 },
    'split it into several pages, or raise `limits.pageBytes` in docs.config.ts',
  );
  const title = path.basename(relativePath).replace(PAGE_FILE, '');
  return `---\ntitle: ${JSON.stringify(title)}\ndescription: ${JSON.stringify(title)}\n---\n`;
}

/** A file of the content folder that cannot be read. */
function unreadableFile(relativePath: string, error: unknown): BuildError {
  if (error instanceof RefusedFile && !error.code) return new BuildError(error.message, { file: relativePath }, error.fix);
  const code = (error as NodeJS.ErrnoException).code;
  return new BuildError(
    `cannot read the file: ${code ?? (error as Error).message}`,
    { file: relativePath },
    code === 'ELOOP'
      ? 'it is a symbolic link that leads back to itself through other links: point it at a real file, or remove it'
      : 'check its permissions (it must be readable by the build)',
  );
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
export function parseSource(
  raw: string,
  relativePath: string,
  file: string,
  problems: Problems,
  yaml?: FrontmatterCache,
  scope?: ReadScope,
): PageSource {
  let parsed: { data: Record<string, unknown>; content: string };
  const fallbackTitle = path.basename(relativePath).replace(PAGE_FILE, '');
  // gray-matter reads an unclosed block to the end of the file, so the body would show up as YAML errors.
  if (/^\uFEFF?---[ \t]*\r?\n/.test(raw) && !/\n---[ \t]*(\r?\n|$)/.test(raw)) {
    problems.add(
      'the frontmatter is not closed',
      { file: relativePath, line: 1 },
      'add a line `---` after the last frontmatter line (`description: ...`)',
    );
    return toSource(raw, relativePath, file, { title: fallbackTitle, description: '' }, '');
  }
  const keyLines: KeyLines = {};
  try {
    // A fresh options object: gray-matter caches results by input string otherwise.
    // Plain string lines are read without the YAML parser, or its cache (whose file is then not read).
    const parseYaml = (text: string) =>
      parseFrontmatterYaml(text, keyLines, yaml && ((yamlText, lines) => yaml.parse(yamlText, lines)));
    parsed = matter(raw, { engines: { yaml: parseYaml, javascript: refuseCode, coffee: refuseCode } });
  } catch (error) {
    problems.add(
      `malformed YAML frontmatter: ${yamlReason(error)}`,
      yamlPlace(error, raw, relativePath),
      yamlFix(error),
    );
    const end = /^---\r?\n[\s\S]*?\r?\n---[^\n]*\n?/.exec(raw);
    return toSource(
      raw,
      relativePath,
      file,
      { title: fallbackTitle, description: '' },
      end ? raw.slice(end[0].length) : '',
    );
  }
  // The peers' defaults: a title from the first `# Heading` (which then leaves the body), a description from the first paragraph.
  const data = readPeerFrontmatter(parsed.data, keyLines);
  const lead = leadingHeading(parsed.content);
  const derived: Derived = {};
  if (lead) derived.heading = lead.line + bodyLineOffset(raw, parsed.content);
  if (data.title === undefined) {
    data.title = lead?.title || fallbackTitle;
    derived.title = true;
  }
  if (data.description === undefined || data.description === '') {
    data.description = firstParagraph(lead ? lead.body : parsed.content);
    derived.description = true;
  }
  const frontmatter = validateFrontmatter(data, keyLines, relativePath, fallbackTitle, problems);
  const body = lead ? lead.body : parsed.content;
  const source = toSource(raw, relativePath, file, frontmatter, body, keyLines);
  if (lead) source.lineOffset = bodyLineOffset(raw, parsed.content);
  if (Object.keys(derived).length) source.derived = derived;
  return prepareBody(source, problems, scope);
}

/**
 * A body whose first content (after blank lines, MDX imports and comments) is an ATX `# Heading`: the heading's text
 * (its `{#id}` and inline marks dropped), its line in the body (1-based), and the body with that line made blank, so
 * every other line keeps its number.
 */
export function leadingHeading(body: string): { title: string; line: number; body: string } | null {
  const lines = body.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].replace(/\r$/, '');
    if (!line.trim() || /^(import|export)\s/.test(line) || /^\s*<!--.*-->\s*$/.test(line) || /^\s*\{\/\*.*\*\/\}\s*$/.test(line))
      continue;
    const heading = /^ {0,3}#[ \t]+(.+?)[ \t]*#*[ \t]*$/.exec(line);
    if (!heading) return null;
    const title = plainText(heading[1].replace(/\s*\{#[\w-]+\}\s*$/, ''));
    lines[i] = '';
    return { title, line: i + 1, body: lines.join('\n') };
  }
  return null;
}

/** The first paragraph of a body as plain text, at most about 160 characters: a page's meta description when it sets none. */
export function firstParagraph(body: string): string {
  const paragraph: string[] = [];
  let fence: string | null = null;
  let containers = 0;
  for (const raw of body.split('\n')) {
    const line = raw.replace(/\r$/, '');
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = null;
      continue;
    }
    if (marker) {
      if (paragraph.length) break;
      fence = marker;
      continue;
    }
    if (!line.trim()) {
      if (paragraph.length) break;
      continue;
    }
    // A callout's text is not the page's lead.
    if (/^\s*:{3,}\s*[a-z]/i.test(line)) {
      if (paragraph.length) break;
      containers++;
      continue;
    }
    if (/^\s*:{3,}\s*$/.test(line)) {
      containers = Math.max(0, containers - 1);
      continue;
    }
    if (containers) continue;
    // Not prose: headings, containers, lists, quotes, tables, HTML or JSX, imports, includes, directives.
    if (/^\s*([#>|<:!{]|[-*+] |\d+[.)] |(import|export)\s|\[\[toc\]\]|<<<|===|---)/.test(line)) {
      if (paragraph.length) break;
      continue;
    }
    paragraph.push(line.trim());
  }
  const text = plainText(paragraph.join(' '));
  if (text.length <= 160) return text;
  const cut = text.slice(0, 157);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 100 ? cut.lastIndexOf(' ') : 157)}...`;
}

/** Inline Markdown as the reader sees it: links' text, code without backticks, no emphasis marks or tags, emoji. */
function plainText(markdown: string): string {
  return markdown
    .replace(/:([a-z0-9_+-]+):/g, (whole, name: string) => emojiNamed(name) ?? whole)
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\[[^\]]*\]/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/(\*\*|__|\*|_|~~)(?=\S)([^*_~]*?\S)\1/g, '$2')
    .replace(/\s+/g, ' ')
    .trim();
}

/** What a page may read besides itself: files inside the project `root` (MDX imports), partials up to `fileBytes`. */
export interface ReadScope {
  root: string;
  fileBytes: number;
  /** Largest page with its includes expanded (`limits.pageBytes`). */
  pageBytes?: number;
}

const scopeOf = (config: Pick<ResolvedConfig, 'root' | 'limits'>): ReadScope => ({
  root: config.root,
  fileBytes: config.limits.fileBytes,
  pageBytes: config.limits.pageBytes,
});

/**
 * Takes in the page's includes, and an MDX page's component imports, before anything parses it.
 * Without a scope (a page parsed alone, in tests), the project is the content folder's parent.
 */
function prepareBody(source: PageSource, problems: Problems, scope?: ReadScope): PageSource {
  const contentDir = path.resolve(
    path.dirname(source.file),
    ...source.relativePath
      .split('/')
      .slice(1)
      .map(() => '..'),
  );
  const { body, included } = expandIncludes(
    source.body,
    source.relativePath,
    source.lineOffset,
    contentDir,
    problems,
    scope?.fileBytes ?? DEFAULT_LIMITS.fileBytes,
    scope?.pageBytes ?? DEFAULT_LIMITS.pageBytes,
  );
  source.body = body;
  if (included) source.included = included;
  if (isMdx(source.relativePath)) prepareMdxImports(source, problems, scope?.root ?? path.dirname(contentDir));
  return source;
}

/** gray-matter would run `---js` frontmatter as code at build time. */
function refuseCode(): never {
  throw new Error('only YAML frontmatter is read (a "---js" or "---coffee" block would run code at build time)');
}

const isAliasBomb = (error: unknown) => error instanceof ReferenceError && /alias/i.test(error.message);

function yamlReason(error: unknown): string {
  if (isAliasBomb(error)) return `its aliases expand to more than ${MAX_YAML_ALIASES} copies`;
  return (error as Error).message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
}

/** The YAML text starts with the newline after the opening "---": its line n is the file's line n. */
function yamlPlace(error: unknown, raw: string, relativePath: string): { file: string; line: number; column?: number } {
  const pos = (error as { linePos?: { line: number; col: number }[] }).linePos?.[0];
  if (pos) return { file: relativePath, line: pos.line, column: pos.col };
  if (isAliasBomb(error)) {
    const index = raw.split(/\r?\n/).findIndex((line, i) => i > 0 && /(^|[\s,[{:-])\*[^\s,\]}]/.test(line));
    if (index > 0) return { file: relativePath, line: index + 1 };
  }
  return { file: relativePath, line: 1 };
}

function yamlFix(error: unknown): string {
  if (isAliasBomb(error)) return 'write the values out instead of repeating them through aliases (`*name`)';
  return 'fix the YAML between the two "---" lines (quote values that contain ":" or "#")';
}

function toSource(
  raw: string,
  relativePath: string,
  file: string,
  frontmatter: Frontmatter,
  body: string,
  keyLines: KeyLines = {},
): PageSource {
  return {
    file,
    relativePath,
    route: fileToRoute(relativePath),
    body,
    lineOffset: bodyLineOffset(raw, body),
    frontmatter,
    keyLines,
    hash: sha1(raw),
  };
}

/**
 * The pages, less those whose address at the site's root is a name the output's own files use: a page at
 * `assets/` would sit among files cached for a year, one at `search.json/` stands where the index is written.
 * (A slug with such a name is reported at its line: src/content/slugs.ts.)
 */
function outsideReservedNames<T extends Pick<PageSource, 'relativePath' | 'frontmatter' | 'route'>>(
  pages: T[],
  problems: Problems,
): T[] {
  return pages.filter((page) => {
    if (!underReservedName(page.route) || 'slug' in page.frontmatter) return true;
    problems.add(
      `the page's address ${page.route} is a name the site's own files use (its assets, search index, sitemap, ...)`,
      { file: page.relativePath, line: 1 },
      'rename the file or its folder, or give the page another address with a frontmatter `slug`',
    );
    return false;
  });
}

/**
 * Keeps the first page of each route and reports the others. Routes are compared case-folded: on
 * macOS and Windows file systems /Guide/ and /guide/ are one output folder.
 */
function uniqueRoutes<T extends Pick<PageSource, 'relativePath' | 'frontmatter' | 'keyLines'>>(
  pages: T[],
  routeOf: (page: T) => string,
  problems: Problems,
): T[] {
  const byFolded = new Map<string, T>();
  for (const page of pages) {
    const route = routeOf(page);
    const other = byFolded.get(route.toLowerCase());
    if (!other) byFolded.set(route.toLowerCase(), page);
    else {
      const both = `${other.relativePath} and ${page.relativePath}`;
      const slugged = [page, other].find((p) => 'slug' in p.frontmatter);
      problems.add(
        `two files have the route ${route}${routeOf(other) === route ? '' : ` (differing only in case from ${routeOf(other)})`}: ${both}`,
        slugged
          ? { file: slugged.relativePath, line: frontmatterLine(slugged, 'slug') }
          : { file: page.relativePath, line: 1 },
        slugged ? 'change the frontmatter `slug`, so that each page has an address of its own' : 'rename or remove one of them',
      );
    }
  }
  return [...byFolded.values()];
}

function reportNoPages(config: ResolvedConfig, problems: Problems): void {
  problems.add(
    'no Markdown pages found',
    { file: path.relative(config.root, config.contentDir) || '.' },
    'add at least an index.md',
  );
}

/**
 * Each version's folder as if content/ held it under the version's segment ("1.0/guide.md"); the
 * content folder alone for an unversioned site.
 */
async function listVersionedContent(config: ResolvedConfig): ReturnType<typeof listContent> {
  if (!config.versions) return listContent(config.contentDir);
  const out: Awaited<ReturnType<typeof listContent>> = { pages: [], staticFiles: [], refused: [] };
  for (const { key, contentDir } of config.versions) {
    const listed = await listContent(contentDir);
    const named = (f: string) => (key ? `${key}/${f}` : f);
    out.pages.push(...listed.pages.map(named));
    out.staticFiles.push(...listed.staticFiles.map(named));
    out.refused.push(...listed.refused.map((r) => ({ ...r, path: named(r.path) })));
  }
  return out;
}

/**
 * A page of a version: parsed within its own folder (so its includes resolve there), then named
 * and routed under the version's segment. Its problems name it as the site does ("1.0/guide.md").
 */
function parseVersionedSource(
  raw: string,
  relativePath: string,
  file: string,
  problems: Problems,
  versions: ResolvedVersion[],
  yaml: FrontmatterCache | undefined,
  scope: ReadScope,
): PageSource {
  const { version, path: inner } = splitVersion(versions, relativePath);
  if (!version.key) return parseSource(raw, relativePath, file, problems, yaml, scope);
  const own = new Problems();
  const source = parseSource(raw, inner, file, own, yaml, scope);
  for (const p of own.list) problems.push(Object.assign(p, { place: { ...p.place, file: relativePath } }));
  // Its partials are named as the site names files too: problems in them, their links and `dev`'s held pages find them.
  const named = (file: string) => `${version.key}/${file}`;
  const included = source.included && {
    files: source.included.files.map(named),
    segments: source.included.segments.map((s) => ({ ...s, file: named(s.file) })),
  };
  return {
    ...source,
    relativePath,
    route: pageRoute({ version: version.key }, source.route),
    ...(included ? { included } : {}),
  };
}

/** Reads every page of the content folder. Problems go to `problems`; the caller fails once at the end. */
export async function loadContent(config: ResolvedConfig, problems: Problems): Promise<PageSource[]> {
  return (await loadContentFiles(config, problems)).sources;
}

/**
 * `loadContent`, and the files beside the pages (from the same walk of the folder): the listing, then each page (from
 * the source store while its file and inputs have the stamps they had, else parsed), then the pages as the site has
 * them. `changes` says which files may differ; `stores` are what `dev` keeps between builds (src/content/mode.ts decides
 * from them every way its stage differs). `onlyEdits`: the listing is the last build's and only pages changed (`dev`).
 */
export async function loadContentFiles(
  config: ResolvedConfig,
  problems: Problems,
  changes: Changes = 'unknown',
  stores: ContentStores = {},
): Promise<{ sources: PageSource[]; staticFiles: string[]; onlyEdits: boolean }> {
  const mode = contentMode(config, stores);
  const { listing, last } = await listPages(config, changes, mode.memory, problems);
  const store = await mode.store();
  // Only with the last listing are pages the watcher did not name taken unread: a folder renamed or swapped names no file in it.
  const stampNow = stampsNow(
    namedFiles(changes) && !last ? 'unknown' : changes,
    (name) => contentFile(config, name),
    (file) => mode.memory.relativeOf(file),
  );
  const kept = { store, stampNow, listedBefore: last !== undefined, holding: mode.holding };
  const read = await readPages(config, listing.pages, kept, problems);
  const pages = routePages(config, read, { files: listing.pages, last }, mode.memory, problems);
  await mode.holding.hold(pages, config, problems, store, stampNow);
  const all = await runPagesHooks(config, pages, problems, mode.holding);
  // Each locale's untranslated pages, from the pages as the plugins left them.
  if (config.locales) all.push(...fallbackSources(all, siteViews(config)!));
  return { sources: withLinkRoutes(all), staticFiles: listing.staticFiles, onlyEdits: last?.onlyEdits ?? false };
}

/** The last listing `memory` holds, while every file the watcher named since is an edit of it. */
type LastListing = ReturnType<ContentMemory['lastListing']>;

/**
 * The content folder's listing, its refused paths reported: the last build's while the watcher names only edits of
 * it (a fresh memory has none; a versioned site's paths are not the folder's), else the folder walked again.
 */
async function listPages(
  config: ResolvedConfig,
  changes: Changes,
  memory: ContentMemory,
  problems: Problems,
): Promise<{ listing: ContentListing; last: LastListing }> {
  const last = config.versions
    ? undefined
    : memory.lastListing(namedFiles(changes), (file) => file.split('/').some(isHidden));
  try {
    const listing = last?.listing ?? (await listVersionedContent(config));
    memory.rememberListing(listing);
    for (const r of listing.refused) problems.add(r.message, { file: r.path }, r.fix);
    return { listing, last };
  } catch (error) {
    memory.rememberListing(undefined);
    throw contentFolderProblem(config, error);
  }
}

/**
 * Each listed page, from the source store (src/incremental/source-cache.ts) while its file and inputs have the stamps
 * they had, else read, parsed and kept. Read one after another: small files from the page cache come faster
 * synchronously than through libuv's thread pool (10,000 pages: 0.15 s against 0.5 s).
 */
async function readPages(
  config: ResolvedConfig,
  files: string[],
  kept: { store: SourceCache; stampNow: StampNow; listedBefore: boolean; holding: PageHolding },
  problems: Problems,
): Promise<PageSource[]> {
  const { store, stampNow, holding } = kept;
  const sources: PageSource[] = [];
  // Opened when the folder was listed anew (not when `dev` kept the last listing: a save of a few pages parses them
  // faster than it reads the cache), and only when a page must be parsed.
  let yamlCache: Promise<FrontmatterCache> | undefined;
  const yaml = () => (kept.listedBefore ? undefined : (yamlCache ??= FrontmatterCache.open(config)));
  let parsedAll = true;
  for (const relativePath of files) {
    const refusedMdx = mdxRefusal(config.security, relativePath);
    if (refusedMdx) {
      problems.push(refusedMdx);
      continue;
    }
    // Taken before the file is read: an edit while it is read makes the next stamp differ.
    const stamp = stampNow(relativePath, store.heldStamp(relativePath));
    const found = store.get(relativePath, stamp, stampNow);
    if (found) {
      problems.push(...found.problems);
      sources.push(found.source);
      if (!found.expanded) holding.read(found.source, stamp, []);
      parsedAll = false;
      continue;
    }
    const file = contentFile(config, relativePath);
    const own = new Problems();
    const raw = pageText(config, relativePath, file, own, problems);
    if (raw === undefined) continue;
    const frontmatter = await yaml();
    const source = config.versions
      ? parseVersionedSource(raw, relativePath, file, own, config.versions, frontmatter, scopeOf(config))
      : parseSource(raw, relativePath, file, own, frontmatter, scopeOf(config));
    problems.push(...own.list);
    if (own.list.length === 0) store.set(source, stamp, stampNow);
    holding.read(source, stamp, own.list);
    sources.push(source);
  }
  // With pages taken as parsed before, not every page asked for its frontmatter: keep the others' too.
  await Promise.all([(await yamlCache)?.save({ prune: holding.prunes && parsedAll }), store.save()]);
  return sources;
}

/**
 * A page's text (a stand-in for one over `limits.pageBytes`, reported to `own`); undefined when the file cannot be
 * read (reported to `problems`).
 */
function pageText(
  config: ResolvedConfig,
  relativePath: string,
  file: string,
  own: Problems,
  problems: Problems,
): string | undefined {
  try {
    const raw = readProjectText(file, contentRules(contentFolderOf(config, relativePath), config.limits.fileBytes), relativePath);
    const size = Buffer.byteLength(raw);
    const pageBytes = (config.limits ?? DEFAULT_LIMITS).pageBytes;
    return size > pageBytes ? oversized(relativePath, size, pageBytes, own) : raw;
  } catch (error) {
    problems.push(unreadableFile(relativePath, error));
    return undefined;
  }
}

/**
 * The pages read, as the site routes them: sorted, drafts left out, each at its route (a frontmatter `slug` moves
 * it), no route reserved or taken twice. A listing without pages is an error.
 */
function routePages(
  config: ResolvedConfig,
  sources: PageSource[],
  listed: { files: string[]; last: LastListing },
  memory: ContentMemory,
  problems: Problems,
): PageSource[] {
  const { files, last } = listed;
  sources.sort((a, b) => a.relativePath.localeCompare(b.relativePath));
  // Drafts (Docusaurus's `draft: true`) are not part of the site.
  for (let i = sources.length - 1; i >= 0; i--) if (sources[i].frontmatter.draft === true) sources.splice(i, 1);
  if (files.length === 0) {
    reportNoPages(config, problems);
    problems.throwIfAny();
  }
  // Docusaurus's `slug` moves a page off its file's path (src/content/slugs.ts).
  const routed = routeBySlugs(sources, siteViews(config), problems);
  const slugged = routed !== sources;
  // Routes come from paths, so a listing whose every file was read with no route twice has none twice again (`dev`).
  const allRead = sources.length === files.length;
  const distinct = !slugged && last !== undefined && allRead && memory.distinctRoutes === last.listing;
  const placed = outsideReservedNames(routed, problems);
  const pages = distinct ? placed : uniqueRoutes(placed, (s) => s.route, problems);
  memory.distinctRoutes = !slugged && allRead && pages.length === sources.length ? memory.current : undefined;
  return pages;
}

/**
 * The plugins' `pages` hooks, in order (the built-in OpenAPI reference first): each may change the
 * pages read and add pages generated from data, which every later hook sees. Generated pages are
 * checked like files: a missing title, or a route a file already has, is an error. `holding`: which
 * hooks run on which pages (`dev` holds the pages it read between builds, src/content/mode.ts).
 */
async function runPagesHooks(
  config: ResolvedConfig,
  read: PageSource[],
  problems: Problems,
  holding: PageHolding,
): Promise<PageSource[]> {
  const plugins = config.plugins.filter((plugin) => plugin.pages && holding.hooks(plugin));
  if (!plugins.length) return read;
  return holding.afterHooks(await runHooks(config, plugins, holding.beforeHooks(read), problems));
}

async function runHooks(
  config: ResolvedConfig,
  plugins: Plugin[],
  pages: PageSource[],
  problems: Problems,
): Promise<PageSource[]> {
  const file = configFileName(config);
  let added = false;
  for (const plugin of plugins) {
    if (!plugin.pages) continue;
    const context: PagesContext = {
      config,
      sources: pages,
      report: (message, place, fix) => problems.add(message, place, fix),
      addPage: (page) => {
        pages.push(generatedSource(page, plugin.name, config, problems, file));
        added = true;
      },
    };
    await callHook(plugin, 'pages', file, () => plugin.pages!(context), hookMs(config));
  }
  if (!added) return pages;
  return uniqueRoutes(
    pages.sort((a, b) => a.relativePath.localeCompare(b.relativePath)),
    (s) => s.route,
    problems,
  );
}

/** A page a plugin generated, as if read from `<route>index.md`: frontmatter checked, includes taken in. */
function generatedSource(
  page: GeneratedPage,
  plugin: string,
  config: ResolvedConfig,
  problems: Problems,
  configFile: string,
): PageSource {
  const wrong = (what: string, fix: string) =>
    problems.add(`plugin "${plugin}" added a page ${what}`, { file: configFile }, fix);
  const route = typeof page?.route === 'string' && /^\/([^?#]*\/)?$/.test(page.route) ? page.route : '/';
  if (route !== page?.route)
    wrong(
      `with the route ${JSON.stringify(page?.route)}`,
      'give a route that starts and ends with "/", such as "/reference/widgets/"',
    );
  if (typeof page.markdown !== 'string')
    wrong(`at ${route} without Markdown`, "set `markdown` to the page's body (a string)");
  const relativePath = `${route.slice(1)}index.md`;
  const frontmatter = { ...page.frontmatter, title: page.title, description: page.description, generatedBy: plugin };
  const raw = `${JSON.stringify(frontmatter)}\n${page.markdown ?? ''}`;
  for (const key of ['title', 'description'] as const) {
    if (typeof frontmatter[key] !== 'string' || !frontmatter[key].trim()) {
      wrong(`at ${route} without a ${key}`, `set \`${key}\` to a non-empty string`);
      frontmatter[key] = key === 'title' ? route : '';
    }
  }
  const source: PageSource = {
    file: path.join(config.contentDir, relativePath),
    relativePath,
    route,
    body: String(page.markdown ?? ''),
    lineOffset: 0,
    frontmatter: frontmatter as Frontmatter,
    hash: sha1(raw),
  };
  return prepareBody(source, problems, scopeOf(config));
}
