import type { Construct, Effects, State, TokenizeContext } from 'micromark-util-types';
import type { Processor } from 'unified';

/**
 * A time budget for parsing one page. Parsing is synchronous, in this thread or a page worker, so
 * it cannot be stopped from outside; instead a construct that micromark tries before the others
 * (at each line and each character that may start inline syntax) looks at the clock and ends the
 * parse once the page's time is up. What is slow between those points (matching emphasis marks
 * after a paragraph is read) is bounded by src/markdown/limits.ts.
 */

/** Thrown out of the parser when the page's time is up. */
export class ParseTimeout extends Error {
  constructor(readonly line: number) {
    super('parse budget exceeded');
    this.name = 'ParseTimeout';
  }
}

/** The page being parsed: set by `withParseBudget` around one page (the processor is shared by all). */
const budget = { deadline: Number.POSITIVE_INFINITY, clock: () => performance.now() };

/** Tests replace the clock with a counter, so the budget runs out after a number of checks, not of milliseconds. */
export function setParseClock(clock: () => number): () => void {
  const before = budget.clock;
  budget.clock = clock;
  return () => {
    budget.clock = before;
  };
}

/** Runs `fn` (one page's processing) with `ms` to spend; true when the time ran out while it ran (ParseTimeout aside). */
export function withParseBudget<T>(ms: number, fn: () => T): { result: T; late: boolean } {
  const start = budget.clock();
  budget.deadline = start + ms;
  try {
    const result = fn();
    return { result, late: budget.clock() > budget.deadline };
  } finally {
    budget.deadline = Number.POSITIVE_INFINITY;
  }
}

const check: Construct = {
  name: 'parseBudget',
  partial: true,
  tokenize(this: TokenizeContext, _effects: Effects, _ok: State, nok: State): State {
    const context = this;
    return (code) => {
      if (budget.clock() > budget.deadline) throw new ParseTimeout(context.now().line);
      return nok(code);
    };
  },
};

/**
 * Characters where inline syntax starts (line endings and ! & * < [ backslash ] _ ~): each has
 * constructs, so hooking them does not cut more text into tokens. Hooked first, the check runs
 * before them. Not ":" and the backtick: their constructs look at the character before, which a
 * hook on them would bypass.
 */
const TEXT_CODES = [-5, -4, -3, 33, 38, 42, 60, 91, 92, 93, 95, 126];

/**
 * The remark plugin. In the flow (line starts), `null` hooks constructs tried after the others
 * fail: at every line of a paragraph. Use after GFM's tokenizers (`~`).
 */
export default function remarkParseBudget(this: Processor) {
  const data = this.data() as { micromarkExtensions?: unknown[] };
  (data.micromarkExtensions ??= []).push({
    flow: { null: [check] },
    text: Object.fromEntries(TEXT_CODES.map((code) => [code, [check]])),
  });
}
