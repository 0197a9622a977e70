import type { Link, PhrasingContent, Root, Text } from 'mdast';
import { gfmFootnoteFromMarkdown } from 'mdast-util-gfm-footnote';
import { gfmStrikethroughFromMarkdown } from 'mdast-util-gfm-strikethrough';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmTaskListItemFromMarkdown } from 'mdast-util-gfm-task-list-item';
import { gfmFootnote } from 'micromark-extension-gfm-footnote';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
import { gfmTable } from 'micromark-extension-gfm-table';
import { gfmTaskListItem } from 'micromark-extension-gfm-task-list-item';
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
  (data.micromarkExtensions ??= []).push(gfmTable(), gfmTaskListItem(), gfmStrikethrough(), gfmFootnote());
  (data.fromMarkdownExtensions ??= []).push(
    gfmTableFromMarkdown(),
    gfmTaskListItemFromMarkdown(),
    gfmStrikethroughFromMarkdown(),
    gfmFootnoteFromMarkdown(),
  );
  return (tree: Root) => linkBareUrls(tree);
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
