import type { Root } from 'mdast';
import type { Processor } from 'unified';
/**
 * GitHub Flavored Markdown from its parts: tables, task lists, strikethrough and footnotes as in
 * remark-gfm. Bare URLs become links in a pass over text nodes instead of micromark's
 * autolink-literal tokenizer, which doubled parse time on a realistic corpus.
 */
export default function remarkGfmFast(this: Processor): (tree: Root) => void;
