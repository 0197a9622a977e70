import type { Problems } from '../model/errors.js';
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
/**
 * Expands the includes of a page body. `page` is its path under the content folder, `lineOffset`
 * its frontmatter lines. Returns the body unchanged (and no map) when it includes nothing.
 */
export declare function expandIncludes(body: string, page: string, lineOffset: number, contentDir: string, problems: Problems): {
    body: string;
    included?: Included;
};
/** Where a line of the expanded body (1-based) was written. */
export declare function originOf(line: number, page: string, lineOffset: number, included?: Included): Origin;
