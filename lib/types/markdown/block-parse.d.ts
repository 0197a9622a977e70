import type { Processor } from 'unified';
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
/**
 * Where `markdown` may be cut: before a line at column 0 that follows a blank line, outside fenced
 * code, math, directive containers, raw HTML blocks and lists (a list goes on while its items'
 * lines are indented, and a list marker after a blank line may continue it). Undefined when the
 * page has definitions (link references, footnotes), which reach across blocks, or a construct
 * whose extent the lines alone do not tell (a fence less indented than its list item's text, HTML
 * or a container in a list, a container closing over an open fence): parse it whole.
 */
export declare function splitBlocks(markdown: string): Block[] | undefined;
/**
 * Makes `processor` parse pages by blocks from their second parse on, keeping each block's tree by
 * its text for the next parse of the same page (the last {@link KEPT_PAGES} pages parsed). Once is enough.
 */
export declare function parseByBlocks(processor: Processor): void;
