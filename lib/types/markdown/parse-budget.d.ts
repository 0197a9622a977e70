import type { Processor } from 'unified';
/**
 * A time budget for parsing one page. Parsing is synchronous, in this thread or a page worker, so
 * it cannot be stopped from outside; instead a construct that micromark tries before the others
 * (at each line and each character that may start inline syntax) looks at the clock and ends the
 * parse once the page's time is up. What is slow between those points (matching emphasis marks
 * after a paragraph is read) is bounded by src/markdown/limits.ts.
 */
/** Thrown out of the parser when the page's time is up. */
export declare class ParseTimeout extends Error {
    readonly line: number;
    constructor(line: number);
}
/** Tests replace the clock with a counter, so the budget runs out after a number of checks, not of milliseconds. */
export declare function setParseClock(clock: () => number): () => void;
/** Runs `fn` (one page's processing) with `ms` to spend; true when the time ran out while it ran (ParseTimeout aside). */
export declare function withParseBudget<T>(ms: number, fn: () => T): {
    result: T;
    late: boolean;
};
/**
 * The remark plugin. In the flow (line starts), `null` hooks constructs tried after the others
 * fail: at every line of a paragraph. Use after GFM's tokenizers (`~`).
 */
export default function remarkParseBudget(this: Processor): void;
