import type { Root } from 'mdast';
import type { Processor } from 'unified';
import type { VFile } from 'vfile';
import { ParseTimeout } from './parse-budget.js';

/**
 * Parsing again only what changed (`dev`): a page's Markdown is cut into top-level blocks where no
 * construct can cross the cut, each block is parsed on its own and its syntax tree kept by its
 * text, and the page's tree is its blocks' trees placed at their lines and offsets. A save that
 * changes one paragraph parses that paragraph. The result is the tree a whole parse gives,
 * positions included (test/unit/markdown/block-parse.test.ts compares both on every page of the
 * real site and of generated ones); a page the cutting cannot be sure of is parsed whole.
 */

/** One block of a page: its text, where it starts (offset, and line counted from 0). */
export interface Block {
  text: string;
  offset: number;
  line: number;
}

const FENCE = /^ {0,3}(`{3,}|~{3,}|\${2,})(.*)$/;
const CONTAINER = /^ {0,3}(:{3,})\s*([a-z][\w-]*)?/i;
const LIST_MARKER = /^(\s*)([-*+]|\d{1,9}[.)])([ \t]+|$)/;
/** HTML blocks that a blank line does not end (CommonMark kinds 1 to 5), and what ends each. */
const HTML_RAW = /^ {0,3}<(script|pre|style|textarea)(?=[\s>]|$)/i;
const HTML_OTHER: [RegExp, RegExp][] = [
  [/^ {0,3}<!--/, /-->/],
  [/^ {0,3}<\?/, /\?>/],
  [/^ {0,3}<!\[CDATA\[/, /\]\]>/],
  [/^ {0,3}<![a-z]/i, />/],
];
const BLANK = /^[ \t\r]*$/;

/** Columns of leading white space, a tab as four (more than it may be: only ever compared to be safe). */
function indentOf(text: string): number {
  let columns = 0;
  for (const char of text) {
    if (char === ' ') columns++;
    else if (char === '\t') columns += 4;
    else break;
  }
  return columns;
}

/** A fence line's character and length, when `text` opens one (code: no backtick after backticks; math: no dollar). */
function fenceOf(text: string): { fence: string; size: number; rest: string } | undefined {
  const match = FENCE.exec(text);
  if (!match) return undefined;
  const fence = match[1][0];
  return { fence, size: match[1].length, rest: match[2] };
}

const opens = (f: { fence: string; rest: string }) =>
  !((f.fence === '`' || f.fence === '$') && f.rest.includes(f.fence));
const closes = (f: { fence: string; size: number; rest: string } | undefined, open: { fence: string; size: number }) =>
  f !== undefined && f.fence === open.fence && f.size >= open.size && BLANK.test(f.rest);

/** Inside a list: a fence after the item's marker or indented under it. */
const NESTED_FENCE = /^(\s*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)?)(`{3,}|~{3,}|\${2,})(.*)$/;

/** A fence in a list item, and the column of its first character. */
function nestedFenceOf(text: string): { fence: string; size: number; rest: string; column: number } | undefined {
  const match = NESTED_FENCE.exec(text);
  if (!match || match[1].includes('\t')) return undefined;
  return { fence: match[2][0], size: match[2].length, rest: match[3], column: match[1].length };
}

/** Where a list item's text starts (at most: a tab counts four), from its marker line. */
function itemIndent(marker: RegExpExecArray): number {
  return indentOf(marker[1]) + marker[2].length + Math.max(1, indentOf(marker[3]));
}

/**
 * Where `markdown` may be cut: before a line at column 0 that follows a blank line, outside fenced
 * code, math, directive containers, raw HTML blocks and lists (a list goes on while its items'
 * lines are indented, and a list marker after a blank line may continue it). Undefined when the
 * page has definitions (link references, footnotes), which reach across blocks, or a construct
 * whose extent the lines alone do not tell (a fence less indented than its list item's text, HTML
 * or a container in a list, a container closing over an open fence): parse it whole.
 */
export function splitBlocks(markdown: string): Block[] | undefined {
  if (markdown.includes(']:')) return undefined;
  const blocks: Block[] = [];
  let start = 0;
  let startLine = 0;
  /** A top-level fence or raw HTML block open: its lines are its own. */
  let open: { fence: string; size: number } | { html: RegExp } | null = null;
  /** Directive containers open, by the length of their colon fence. */
  const containers: number[] = [];
  /** In a list: the column its last item's text starts at (the most it may be). */
  let listIndent = 0;
  /** A fence open inside the list's items, and its column. */
  let nested: { fence: string; size: number; column: number } | null = null;
  let afterBlank = false;
  let offset = 0;
  let line = 0;
  while (offset < markdown.length) {
    const end = markdown.indexOf('\n', offset);
    const next = end < 0 ? markdown.length : end + 1;
    const text = markdown.slice(offset, end < 0 ? markdown.length : end);
    const at = offset;
    offset = next;
    line++;
    if (open) {
      // A container's closing line inside: whether it closes the fence too is the parser's business.
      const closing = CONTAINER.exec(text);
      if (containers.length && closing && !closing[2]) return undefined;
      if ('html' in open) {
        if (open.html.test(text)) open = null;
      } else if (closes(fenceOf(text), open)) open = null;
      afterBlank = false;
      continue;
    }
    if (BLANK.test(text)) {
      afterBlank = true;
      continue;
    }
    const indent = indentOf(text);
    const fence = fenceOf(text);
    const opensFence = fence !== undefined && opens(fence);
    const container = CONTAINER.exec(text);
    const html = HTML_RAW.exec(text);
    const htmlOther = HTML_OTHER.find(([opening]) => opening.test(text));
    const marker = LIST_MARKER.exec(text);
    if (listIndent) {
      if (nested) {
        // Code in an item: its lines are indented at least as the item's text; a line less indented ends the item.
        if (indent < listIndent) return undefined;
        const closing = nestedFenceOf(text);
        if (closes(closing, nested)) {
          // Closing where it opened: a closing line indented otherwise may be code, as the item's text starts where it may.
          if (closing!.column !== nested.column) return undefined;
          nested = null;
        }
        afterBlank = false;
        continue;
      }
      const blockStart = opensFence || container !== null || html !== null || htmlOther !== undefined;
      if (indent > 0 || marker || (!afterBlank && !blockStart)) {
        // Still in the list: an item's line, or a lazy one after a paragraph's.
        if (marker) listIndent = itemIndent(marker);
        const inner = nestedFenceOf(text);
        if (inner && opens(inner)) {
          if (!marker && indent < listIndent) return undefined;
          nested = inner;
        } else if (container || html || htmlOther) return undefined;
        afterBlank = false;
        continue;
      }
      listIndent = 0;
    }
    if (afterBlank && indent === 0 && containers.length === 0 && !marker && at > start) {
      blocks.push({ text: markdown.slice(start, at), offset: start, line: startLine });
      start = at;
      startLine = line - 1;
    }
    afterBlank = false;
    if (opensFence) open = fence;
    else if (container) {
      if (container[2]) containers.push(container[1].length);
      else if (containers.length && container[1].length >= containers[containers.length - 1]) containers.pop();
    } else if (html) {
      const closing = new RegExp(`</${html[1]}>`, 'i');
      if (!closing.test(text)) open = { html: closing };
    } else if (htmlOther) {
      // The end marker may be on the opening line, after the opening itself.
      const rest = text.replace(htmlOther[0], '');
      if (!htmlOther[1].test(rest)) open = { html: htmlOther[1] };
    } else if (marker) {
      listIndent = itemIndent(marker);
      const inner = nestedFenceOf(text);
      if (inner && opens(inner)) nested = inner;
    }
  }
  if (start < markdown.length) blocks.push({ text: markdown.slice(start), offset: start, line: startLine });
  return blocks;
}

/** A copy of a syntax tree's node with its positions moved down `lines` and on `offset` characters. */
function placed<T>(value: T, lines: number, offset: number): T {
  if (Array.isArray(value)) return value.map((item) => placed(item, lines, offset)) as T;
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (key === 'position' && item) {
      const { start, end } = item as { start: Point; end: Point };
      copy.position = { start: movedPoint(start, lines, offset), end: movedPoint(end, lines, offset) };
    } else copy[key] = placed(item, lines, offset);
  }
  return copy as T;
}

interface Point {
  line: number;
  column: number;
  offset?: number;
}

function movedPoint(point: Point, lines: number, offset: number): Point {
  return point.offset === undefined
    ? { line: point.line + lines, column: point.column }
    : { line: point.line + lines, column: point.column, offset: point.offset + offset };
}

/** Pages whose blocks are kept: the ones being edited (a build parses each page once and keeps none for long). */
const KEPT_PAGES = 8;

const byBlocks = new WeakSet<Processor>();

/**
 * Makes `processor` parse pages by blocks from their second parse on, keeping each block's tree by
 * its text for the next parse of the same page (the last {@link KEPT_PAGES} pages parsed). Once is enough.
 */
export function parseByBlocks(processor: Processor): void {
  if (byBlocks.has(processor)) return;
  byBlocks.add(processor);
  processor.freeze();
  const whole = processor.parser as (document: string, file: VFile) => Root;
  /** Each page's blocks of its last parse: trees never handed out (the plugins change what they get). */
  const pages = new Map<string, Map<string, Root>>();
  /**
   * Pages parsed once already. A page's first parse is whole: by blocks it costs a fifth more (each
   * block sets the parser up again), and most pages of a `dev` session are never edited.
   */
  const seen = new Set<string>();
  processor.parser = (document: string, file: VFile): Root => {
    if (!seen.has(file.path)) {
      seen.add(file.path);
      return whole(document, file);
    }
    const blocks = splitBlocks(document);
    if (!blocks || blocks.length < 2) return whole(document, file);
    const before = pages.get(file.path) ?? new Map<string, Root>();
    const kept = new Map<string, Root>();
    const children: Root['children'] = [];
    let end: Point = { line: 1, column: 1, offset: 0 };
    for (const block of blocks) {
      let tree = before.get(block.text) ?? kept.get(block.text);
      if (!tree) {
        try {
          tree = whole(block.text, file);
        } catch (error) {
          // The budget's line is the block's: told as the page's.
          if (error instanceof ParseTimeout) throw new ParseTimeout(error.line + block.line);
          throw error;
        }
      }
      kept.set(block.text, tree);
      children.push(...placed(tree.children, block.line, block.offset));
      if (tree.position) end = movedPoint(tree.position.end, block.line, block.offset);
    }
    pages.delete(file.path);
    pages.set(file.path, kept);
    if (pages.size > KEPT_PAGES) pages.delete(pages.keys().next().value!);
    return {
      type: 'root',
      children,
      position: { start: { line: 1, column: 1, offset: 0 }, end },
    };
  };
}
