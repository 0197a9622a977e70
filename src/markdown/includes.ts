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

const MD_INCLUDE = /^\s*<!--\s*@include:\s*(\S+?)\s*-->\s*$/;
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
  if (!body.includes('@include:') && !(/\.mdx$/i.test(page) && /^import\s.+\.mdx?['"]/m.test(body))) return { body };
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
  const emit = (file: string, text: string, firstLine: number, chain: string[]) => {
    const mdx = /\.mdx$/i.test(file);
    const names = new Map<string, string>();
    let segmentOpen = false;
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
      if (fenced?.has(i)) return void lines.push(line); // an MDX import in a code block is text to show
      const imported = mdx ? MDX_IMPORT.exec(line) : null;
      if (imported) {
        names.set(imported[1], imported[2]);
        lines.push(''); // keeps the lines below where they were
        return;
      }
      const target = mdx ? MDX_USE.exec(line)?.[1] && names.get(MDX_USE.exec(line)![1]) : MD_INCLUDE.exec(line)?.[1];
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
      const resolved = path.posix.normalize(
        target.startsWith('/') ? target.slice(1) : path.posix.join(path.posix.dirname(file), target),
      );
      if (chain.includes(resolved) || chain.length > MAX_DEPTH) {
        problems.add(
          `include cycle: ${[...chain, resolved].join(' -> ')}`,
          at,
          'remove the include that leads back to a file already being included',
        );
        return void lines.push('');
      }
      let raw: string;
      try {
        raw = readProjectText(path.join(contentDir, resolved), contentRules(contentDir, fileBytes), target);
      } catch (error) {
        if (!(error instanceof RefusedFile)) throw error;
        if (error.reason === 'missing')
          problems.add(
            `included file not found: ${target} (resolved to ${resolved})`,
            at,
            'the path is relative to this file; partials live in a folder starting with "_", such as content/_partials/',
          );
        else problems.add(`cannot include ${target}: ${error.message}`, at, error.fix);
        return void lines.push('');
      }
      files.add(resolved);
      // A partial's own frontmatter (if any) is dropped; its lines still count.
      const partialBody = matter(raw, {}).content;
      const frontmatterLines = raw.endsWith(partialBody)
        ? (raw.slice(0, raw.length - partialBody.length).match(/\n/g) ?? []).length
        : 0;
      emit(resolved, partialBody.replace(/\n$/, ''), 1 + frontmatterLines, [...chain, resolved]);
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
