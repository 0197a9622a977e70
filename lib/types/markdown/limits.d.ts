/**
 * What a page may be before its Markdown is parsed. The parser (micromark) takes time that grows
 * with the square of some inputs (thousands of emphasis marks or brackets in one paragraph) and
 * recurses once a level of nesting: such a page is refused with its line, before it can stall
 * the build or overflow the stack. Limits are sizes and counts, so a page passes or fails the
 * same on any machine.
 */
export interface MarkdownLimits {
    /** Largest page source, in bytes. */
    pageBytes: number;
    /** Deepest nesting of lists, block quotes and callouts. */
    nesting: number;
    /** Longest a page's Markdown may take to parse, in milliseconds (src/markdown/parse-budget.ts). */
    parseMs: number;
}
export declare const DEFAULT_LIMITS: MarkdownLimits;
/**
 * Emphasis marks (`*`, `_`) or brackets (`[`, `]`) one paragraph may hold. Matching them costs
 * the square of their number in micromark (1,000 take about 0.3 s; 30,000 would take hours); a long
 * real paragraph or table has a few dozen.
 */
export declare const MAX_DELIMITERS_PER_BLOCK = 1000;
export interface LimitProblem {
    message: string;
    /** Line in the Markdown passed in. */
    line: number;
    fix: string;
}
/** The first limit the page breaks, or null. */
export declare function checkLimits(markdown: string, limits: MarkdownLimits): LimitProblem | null;
