import type { Link, PhrasingContent, Root, Text } from 'mdast';
import { gfmFootnoteFromMarkdown } from 'mdast-util-gfm-footnote';
import { gfmStrikethroughFromMarkdown } from 'mdast-util-gfm-strikethrough';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmTaskListItemFromMarkdown } from 'mdast-util-gfm-task-list-item';
import { gfmFootnote } from 'micromark-extension-gfm-footnote';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
import { gfmTable } from 'micromark-extension-gfm-table';
import { gfmTaskListItem } from 'micromark-extension-gfm-task-list-item';
import type { Construct, Effects, State, TokenizeContext } from 'micromark-util-types';
import type { Processor } from 'unified';
import type { Node } from 'unist';
import { SKIP, walk } from './walk.js';

/** A bare URL in prose; trailing punctuation belongs to the sentence, not the link. */
const BARE_URL = /\bhttps?:\/\/[^\s<>"'`]*[^\s<>"'`.,:;!?)\]}]/g;

/**
 * GitHub Flavored Markdown from its parts: tables, task lists, strikethrough and footnotes as in
 * remark-gfm. Bare URLs become links in a pass over text nodes instead of micromark's
 * autolink-literal tokenizer, which doubled parse time on a realistic corpus.
 */
export default function remarkGfmFast(this: Processor) {
  const data = this.data() as { micromarkExtensions?: unknown[]; fromMarkdownExtensions?: unknown[] };
  (data.micromarkExtensions ??= []).push(guardedTable(), gfmTaskListItem(), gfmStrikethrough(), gfmFootnote());
  const parse = this.parser as ((document: string, file: unknown) => Root) | undefined;
  if (parse)
    this.parser = (document: string, file: unknown) => {
      delimiterLines = possibleDelimiterRows(document);
      try {
        return parse(document, file);
      } finally {
        delimiterLines = undefined;
      }
    };
  (data.fromMarkdownExtensions ??= []).push(
    gfmTableFromMarkdown(),
    gfmTaskListItemFromMarkdown(),
    gfmStrikethroughFromMarkdown(),
    gfmFootnoteFromMarkdown(),
  );
  return (tree: Root) => linkBareUrls(tree);
}

/**
 * The lines of the document being parsed that could be a table's delimiter row (`| --- | :-: |`),
 * 1-based as micromark counts them; undefined when the parse did not come through our parser.
 */
let delimiterLines: Uint8Array | undefined;

/**
 * Flags the lines that could be a table's delimiter row (micromark-extension-gfm-table): spaces,
 * tabs, pipes, colons and hyphens, with at least one pipe or colon, after the markers of the
 * containers it is in (`>` of a block quote; a list item's or footnote's indentation). A superset:
 * every such line counts. One pass over the characters (a pattern would backtrack on long lines).
 */
function possibleDelimiterRows(document: string): Uint8Array {
  const flags = new Uint8Array(document.length + 3);
  let line = 1;
  let inPrefix = true;
  let possible = true;
  let marker = false;
  const endLine = () => {
    if (possible && marker) flags[line] = 1;
    line++;
    inPrefix = possible = true;
    marker = false;
  };
  for (let i = 0; i < document.length; i++) {
    const c = document.charCodeAt(i);
    if (c === 13 || c === 10) {
      if (c === 13 && document.charCodeAt(i + 1) === 10) i++;
      endLine();
    } else if (!possible) continue;
    else if (c === 32 || c === 9) continue;
    else if (c === 62 /* > */ && inPrefix) continue;
    else if (c === 124 /* | */ || c === 58 /* : */) inPrefix = !(marker = true);
    else if (c === 45 /* - */) inPrefix = false;
    else possible = false;
  }
  endLine();
  return flags.subarray(0, line + 2);
}

/**
 * GFM's table construct, tried only where a table can start. micromark tries it at the start of
 * every line of every paragraph (a table's head row needs no pipe), reading the line as a head row
 * before failing at the next one: a fifth of the parse of a page of prose. A table starts on a line
 * followed by a delimiter row, and goes on after its head or a row (the construct's own test), so
 * anywhere else it fails: the construct returns the same `nok` at once. Nothing else differs: the
 * attempt is undone either way, and the only state it leaves behind (the flow's `interrupt`, set
 * and then reset to false) reads as the `undefined` it was.
 */
function guardedTable(): { flow: { null: Construct } } {
  const table = gfmTable().flow!.null as unknown as Construct;
  return {
    flow: {
      null: {
        ...table,
        tokenize(this: TokenizeContext, effects: Effects, ok: State, nok: State): State {
          return (code) => (mayStartTable(this) ? table.tokenize.call(this, effects, ok, nok)(code) : nok(code));
        },
      },
    },
  };
}

function mayStartTable(context: TokenizeContext): boolean {
  if (!delimiterLines || delimiterLines[context.now().line + 1] === 1) return true;
  // After a table's head or row (whitespace and line endings aside): a body row, as the construct decides.
  const events = context.events;
  let index = events.length - 1;
  while (index > -1 && (events[index][1].type === 'lineEnding' || events[index][1].type === 'linePrefix')) index--;
  const tail = index > -1 ? events[index][1].type : null;
  return tail === 'tableHead' || tail === 'tableRow';
}

/** Where a bare URL is not a link: already in one, or code. */
const NOT_LINKED = new Set(['link', 'linkReference', 'inlineCode', 'code']);
const isLinkable = (node: Node): node is Text | Node => node.type === 'text' || NOT_LINKED.has(node.type);

/**
 * Bare URLs in text become links, text outside links and code only. The same nodes as
 * mdast-util-find-and-replace gave, in one walk that runs the pattern only on text with "http" in it.
 */
function linkBareUrls(tree: Root): void {
  walk(tree, isLinkable, (node, index, parent) => {
    if (node.type !== 'text') return SKIP;
    const { value } = node as Text;
    if (!value.includes('http')) return;
    const nodes: PhrasingContent[] = [];
    let start = 0;
    for (const match of value.matchAll(BARE_URL)) {
      if (match.index > start) nodes.push({ type: 'text', value: value.slice(start, match.index) });
      nodes.push({
        type: 'link',
        url: match[0],
        title: null,
        children: [{ type: 'text', value: match[0] }],
      } satisfies Link);
      start = match.index + match[0].length;
    }
    if (!nodes.length) return;
    if (start < value.length) nodes.push({ type: 'text', value: value.slice(start) });
    parent.children.splice(index, 1, ...(nodes as never[]));
    return index + nodes.length;
  });
}
