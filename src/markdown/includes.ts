import path from 'node:path';
import matter from 'gray-matter';
import type { Problems } from '../model/errors.js';
import { contentRules, readProjectText, RefusedFile } from '../content/project-files.js';
import { DEFAULT_LIMITS, formatBytes } from './limits.js';

/**
 * Includes: a page takes in another Markdown file (a partial, kept in a folder that is not a page,
 * such as content/_partials/) before its Markdown is parsed, so the partial's headings, constants,
 * links and code blocks work like the page's own. In .md: a line `<!--@include: ../_partials/x.md-->`
 * (as VitePress writes it); in .mdx: `import Rules from '../_partials/x.md'` and a line `<Rules />`.
 * Lines keep a map to the file they came from, so problems point into the partial.
 */

/** From `start` (a line of the expanded body) on, lines come from `file`, starting at its line `line`. */
export interface Segment {
  start: number;
  file: string;
  line: number;
}

/** What a page took in: the partials (for rebuilds) and where each body line came from. */
export interface Included {
  files: string[];
  segments: Segment[];
}

/** A place in a source file: the page itself, or a partial it includes (with the page's line of the include). */
export interface Origin {
  file: string;
  line: number;
  /** Set when the line is in a partial: the page that includes it. */
  includedBy?: string;
}

/** `<!--@include: ./part.md-->`, with VitePress's `#region` and `{3,10}` line range (either end may be left out). */
const MD_INCLUDE = /^\s*<!--\s*@include:\s*([^\s#{]+)(?:#([\w-]+))?(?:\{(\d*),(\d*)\})?\s*-->\s*$/;
/** VitePress's snippet import: `<<< @/path/file.ts#region{2-4 ts} [label]` (`@` is the content folder). */
const SNIPPET = /^\s*<<<\s+([^\s#{[]+)(?:#([\w-]+))?(?:\{([^}]*)\})?(?:\s+(\[[^\]]+\]))?\s*$/;
const MDX_IMPORT = /^import\s+([A-Za-z_$][\w$]*)\s+from\s+['"]([^'"]+\.mdx?)['"];?\s*$/;
const MDX_USE = /^\s*<([A-Z][\w$]*)\s*\/>\s*$/;
const MAX_DEPTH = 8;
/** Includes one page may expand, those in its partials counted: a real page has a handful. */
const MAX_INCLUDES = 1000;

/**
 * Expands the includes of a page body. `page` is its path under the content folder, `lineOffset`
 * its frontmatter lines. Returns the body unchanged (and no map) when it includes nothing. A partial
 * is read as src/content/project-files.ts allows: inside the content folder (symbolic links
 * followed), a regular file, at most `fileBytes`.
 */
export function expandIncludes(
  body: string,
  page: string,
  lineOffset: number,
  contentDir: string,
  problems: Problems,
  fileBytes = DEFAULT_LIMITS.fileBytes,
  maxBytes = DEFAULT_LIMITS.pageBytes,
): { body: string; included?: Included } {
  if (
    !body.includes('@include:') &&
    !body.includes('<<<') &&
    !(/\.mdx$/i.test(page) && /^import\s.+\.mdx?['"]/m.test(body))
  )
    return { body };
  const files = new Set<string>();
  const lines: string[] = [];
  const segments: Segment[] = [];
  /**
   * The expanded page's size and includes so far: ten includes of a partial that includes ten more,
   * eight levels deep, would be 10^8 copies. Past a limit the page stops growing, with one problem.
   */
  let bytes = 0;
  let includes = 0;
  let stopped = false;
  /** A file under the content folder, as src/content/project-files.ts allows it to be read; null (reported) otherwise. */
  const read = (resolved: string, target: string, at: { file: string; line: number }): string | null => {
    try {
      return readProjectText(path.join(contentDir, resolved), contentRules(contentDir, fileBytes), target);
    } catch (error) {
      if (!(error instanceof RefusedFile)) throw error;
      if (error.reason === 'missing')
        problems.add(
          `included file not found: ${target} (resolved to ${resolved})`,
          at,
          'the path is relative to this file; partials live in a folder starting with "_", such as content/_partials/',
        );
      else problems.add(`cannot include ${target}: ${error.message}`, at, error.fix);
      return null;
    }
  };
  const emit = (file: string, text: string, firstLine: number, chain: string[]) => {
    const mdx = /\.mdx$/i.test(file);
    const names = new Map<string, string>();
    let segmentOpen = false;
    let fence: string | null = null;
    const fenced = mdx ? fencedLines(text) : undefined;
    text.split('\n').forEach((line, i) => {
      if (stopped) return;
      const fileLine = firstLine + i;
      bytes += line.length + 1;
      if (bytes > maxBytes) {
        stopped = true;
        problems.add(
          `the page with its includes expanded is over the limit of ${formatBytes(maxBytes)}`,
          { file, line: fileLine },
          'include less (or smaller partials), split the page, or raise `limits.pageBytes` in docs.config.ts',
        );
        return;
      }
      if (!segmentOpen) segments.push({ start: lines.length + 1, file, line: fileLine });
      segmentOpen = true;
      // Code blocks show includes and snippet imports as they are written.
      const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
      if (marker && (fence === null || (marker.startsWith(fence) && line.trim() === marker)))
        fence = fence === null ? marker : null;
      if (fence !== null || marker) return void lines.push(line);
      const snippet = SNIPPET.exec(line);
      if (snippet) {
        const [, target, region, braces, label] = snippet;
        const at = { file, line: fileLine };
        const resolved = resolveInside(target, file);
        if (resolved === null) {
          problems.add(
            `snippet outside the content folder: ${target}`,
            at,
            'snippets are read from inside the content folder (`@/` is its root): move the file there, in a folder starting with "_" so it is not published as a page',
          );
          return void lines.push('');
        }
        const text = read(resolved, target, at);
        if (text === null) return void lines.push('');
        const selected = selectLines(text, region, undefined, undefined, true);
        if (!selected) {
          problems.add(`no region "${region}" in ${target}`, at, `mark it with lines \`// #region ${region}\` and \`// #endregion ${region}\``);
          return void lines.push('');
        }
        files.add(resolved);
        // `{2-4}` highlights lines; a word in the braces is the language (else the file's extension).
        const highlight = (braces ?? '').match(/[\d,\s-]*\d[\d,\s-]*/)?.[0].trim();
        const lang = (braces ?? '').replace(/[\d,\s-]+/g, ' ').trim() || path.posix.extname(resolved).slice(1);
        const meta = [highlight ? `{${highlight}}` : '', label ?? `[${path.posix.basename(resolved)}]`].filter(Boolean);
        const fenceMark = '`'.repeat(Math.max(3, ...[...selected.text.matchAll(/`{3,}/g)].map((m) => m[0].length + 1)));
        lines.push(`${fenceMark}${lang} ${meta.join(' ')}`);
        segments.push({ start: lines.length + 1, file: resolved, line: selected.first });
        lines.push(...selected.text.split('\n'));
        segments.push({ start: lines.length + 1, file, line: fileLine });
        lines.push(fenceMark);
        segmentOpen = false;
        return;
      }
      if (fenced?.has(i)) return void lines.push(line); // an MDX import in a code block is text to show
      const imported = mdx ? MDX_IMPORT.exec(line) : null;
      if (imported) {
        names.set(imported[1], imported[2]);
        lines.push(''); // keeps the lines below where they were
        return;
      }
      const include = mdx ? null : MD_INCLUDE.exec(line);
      const target = mdx ? MDX_USE.exec(line)?.[1] && names.get(MDX_USE.exec(line)![1]) : include?.[1];
      if (!target) return void lines.push(line);
      const at = { file, line: fileLine };
      if (++includes > MAX_INCLUDES) {
        stopped = true;
        problems.add(
          `the page includes partials more than ${MAX_INCLUDES} times (counting the includes in partials)`,
          at,
          'include each partial once, or split the page',
        );
        return;
      }
      const resolved = resolveInside(target, file);
      if (resolved === null) {
        problems.add(
          `included file outside the content folder: ${target}`,
          at,
          'partials are read from inside the content folder only: move the file there (in a folder starting with "_")',
        );
        return void lines.push('');
      }
      if (chain.includes(resolved) || chain.length > MAX_DEPTH) {
        problems.add(
          `include cycle: ${[...chain, resolved].join(' -> ')}`,
          at,
          'remove the include that leads back to a file already being included',
        );
        return void lines.push('');
      }
      const raw = read(resolved, target, at);
      if (raw === null) return void lines.push('');
      files.add(resolved);
      // A partial's own frontmatter (if any) is dropped; its lines still count.
      const partialBody = matter(raw, {}).content;
      const frontmatterLines = raw.endsWith(partialBody)
        ? (raw.slice(0, raw.length - partialBody.length).match(/\n/g) ?? []).length
        : 0;
      const [, , region, from, to] = include ?? [];
      const selected = selectLines(partialBody.replace(/\n$/, ''), region, from, to);
      if (!selected) {
        problems.add(
          `no region "${region}" in ${target}`,
          at,
          `mark it with lines \`<!-- #region ${region} -->\` and \`<!-- #endregion ${region} -->\``,
        );
        return void lines.push('');
      }
      emit(resolved, selected.text, frontmatterLines + selected.first, [...chain, resolved]);
      segmentOpen = false; // the lines after the include are this file's again
    });
  };
  emit(page, body, 1 + lineOffset, [page]);
  if (!files.size) return { body };
  return { body: lines.join('\n'), included: { files: [...files], segments } };
}

/** The indexes of the lines inside fenced code (the fences included). */
function fencedLines(text: string): Set<number> {
  const out = new Set<number>();
  let fence: string | undefined;
  text.split('\n').forEach((line, i) => {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence || marker) out.add(i);
    if (!fence) fence = marker;
    else if (
      marker &&
      marker[0] === fence[0] &&
      marker.length >= fence.length &&
      !line.trim().slice(marker.length).trim()
    )
      fence = undefined;
  });
  return out;
}

/** Where a line of the expanded body (1-based) was written. */
export function originOf(line: number, page: string, lineOffset: number, included?: Included): Origin {
  if (!included) return { file: page, line: line + lineOffset };
  let found = included.segments[0];
  for (const segment of included.segments) {
    if (segment.start > line) break;
    found = segment;
  }
  const origin: Origin = { file: found.file, line: found.line + (line - found.start) };
  if (found.file !== page) origin.includedBy = page;
  return origin;
}

/**
 * A path written in `file` (`./x.md`, `../x.md`, `/x.md` or VitePress's `@/x.md`, both from the content folder's
 * root), as a path under the content folder; null when it leads out of the folder.
 */
function resolveInside(target: string, file: string): string | null {
  const fromRoot = target.startsWith('@/') ? target.slice(2) : target.startsWith('/') ? target.slice(1) : null;
  const resolved = path.posix.normalize(fromRoot ?? path.posix.join(path.posix.dirname(file), target));
  return resolved === '..' || resolved.startsWith('../') || path.posix.isAbsolute(resolved) ? null : resolved;
}

/** A region marker line in any comment style: `// #region name`, `<!-- #region name -->`, `# #region name`. */
const REGION = /^\s*(?:\/\/|#|<!--|\/\*|--|;)?\s*#(end)?region\b\s*([\w-]*)/;

/**
 * The lines of `text` a `#region` and a `{from,to}` range select (1-based, either end optional), the region's marker
 * lines (and any nested markers) left out; `first` is the line the selection starts at. Null for a region that is
 * not there. `code`: a snippet, whose shared indentation and last blank lines go.
 */
export function selectLines(
  text: string,
  region: string | undefined,
  from: string | undefined,
  to: string | undefined,
  code = false,
): { text: string; first: number } | null {
  let all = text.split('\n').map((line, i) => ({ line, n: i + 1 }));
  if (region) {
    const start = all.findIndex(({ line }) => REGION.exec(line)?.[1] === undefined && REGION.exec(line)?.[2] === region);
    if (start < 0) return null;
    const end = all.findIndex(
      (l, i) => i > start && REGION.exec(l.line)?.[1] === 'end' && [region, ''].includes(REGION.exec(l.line)![2]),
    );
    all = all.slice(start + 1, end < 0 ? undefined : end);
  }
  // A range counts the file's lines (the region's, within a region), markers included, as VitePress counts them.
  if (from || to) all = all.slice(from ? Number(from) - 1 : 0, to ? Number(to) : undefined);
  all = all.filter(({ line }) => !REGION.test(line) || !/#(end)?region\b/.test(line));
  const kept = all.map((l) => l.line);
  while (code && kept.length && !kept[kept.length - 1].trim()) kept.pop(); // a file's last newline
  // The lines are contiguous in the file unless markers were left out inside: the map then drifts by their count, at most.
  return { text: (code ? dedent(kept) : kept).join('\n'), first: all[0]?.n ?? 1 };
}

/** Lines without the indentation they all share (a region inside a function). */
function dedent(lines: string[]): string[] {
  const indents = lines.filter((l) => l.trim()).map((l) => /^[ \t]*/.exec(l)![0].length);
  const common = indents.length ? Math.min(...indents) : 0;
  return common ? lines.map((l) => l.slice(common)) : lines;
}
