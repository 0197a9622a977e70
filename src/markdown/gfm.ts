import type { Link, Root } from 'mdast';
import { findAndReplace } from 'mdast-util-find-and-replace';
import { gfmFootnoteFromMarkdown } from 'mdast-util-gfm-footnote';
import { gfmStrikethroughFromMarkdown } from 'mdast-util-gfm-strikethrough';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmTaskListItemFromMarkdown } from 'mdast-util-gfm-task-list-item';
import { gfmFootnote } from 'micromark-extension-gfm-footnote';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
import { gfmTable } from 'micromark-extension-gfm-table';
import { gfmTaskListItem } from 'micromark-extension-gfm-task-list-item';
import type { Processor } from 'unified';

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
  return (tree: Root) => {
    findAndReplace(
      tree,
      [BARE_URL, (url: string): Link => ({ type: 'link', url, title: null, children: [{ type: 'text', value: url }] })],
      { ignore: ['link', 'linkReference', 'inlineCode', 'code'] },
    );
  };
}
