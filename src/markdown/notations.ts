/**
 * Line notations in code blocks, as VitePress and Shiki write them: a comment such as
 * `// [!code ++]` at the end of a line marks that line and is removed from what readers see and copy.
 * On a line of its own, the comment marks the next line. `:N` marks N lines (`// [!code focus:3]`).
 * Any of the comment forms `//`, `#`, `--`, `/* *\/`, `<!-- -->` works in any language.
 */

/** What a line is: added, removed, focused, highlighted, an error or a warning; `hunk` for a diff's headers. */
export type LineMark = 'add' | 'remove' | 'focused' | 'highlighted' | 'error' | 'warning' | 'hunk';

const WORDS: Record<string, LineMark> = {
  '++': 'add',
  '--': 'remove',
  focus: 'focused',
  highlight: 'highlighted',
  hl: 'highlighted',
  error: 'error',
  warning: 'warning',
};

const NOTATION =
  /[ \t]*(?:\/\/|#|--|\/\*|<!--)[ \t]*\[!code (\+\+|--|focus|highlight|hl|error|warning)(?::(\d+))?\][ \t]*(?:\*\/|-->)?[ \t]*$/;

/** Code lines with their marks (a line may have several). */
export interface MarkedCode {
  lines: string[];
  marks: Set<LineMark>[];
  /** Each line's index in the source (lines holding only a notation are gone). */
  from: number[];
}

function mark(marks: Set<LineMark>[], from: number, count: number, what: LineMark): void {
  for (let i = from; i < from + count; i++) (marks[i] ??= new Set()).add(what);
}

/** Reads and removes `[!code ...]` comments. */
export function readNotations(code: string): MarkedCode {
  const lines: string[] = [];
  const marks: Set<LineMark>[] = [];
  const from: number[] = [];
  const pending: [LineMark, number][] = []; // notations on a line of their own, for the lines after
  for (const [index, raw] of code.split('\n').entries()) {
    const match = NOTATION.exec(raw);
    const text = match ? raw.slice(0, match.index) : raw;
    const count = match?.[2] ? Number(match[2]) : 1;
    if (match && !text.trim()) {
      pending.push([WORDS[match[1]], count]);
      continue;
    }
    const at = lines.length;
    lines.push(text);
    from.push(index);
    for (const [what, n] of pending.splice(0)) mark(marks, at, n, what);
    if (match) mark(marks, at, count, WORDS[match[1]]);
  }
  return { lines, marks: lines.map((_, i) => marks[i] ?? new Set()), from };
}

/** A `diff` block: `+` and `-` lines are additions and removals (their marker removed), headers are hunks. */
export function readDiff(code: string): MarkedCode {
  const lines: string[] = [];
  const marks: Set<LineMark>[] = [];
  for (const line of code.split('\n')) {
    if (/^(diff |index |--- |\+\+\+ |@@)/.test(line)) {
      lines.push(line);
      marks.push(new Set(['hunk']));
    } else {
      const kind = line[0] === '+' ? 'add' : line[0] === '-' ? 'remove' : undefined;
      lines.push(kind || line[0] === ' ' ? line.slice(1) : line);
      marks.push(new Set(kind ? [kind] : []));
    }
  }
  return { lines, marks, from: lines.map((_, i) => i) };
}

/**
 * The code the content checks parse: what a reader runs, at the source's line numbers (removed
 * lines, diff headers and notation-only lines are blank), so an error points at the file's line.
 */
export function checkedCode({ lines, marks, from }: MarkedCode, sourceLines: number): string {
  const out: string[] = new Array(sourceLines).fill('');
  lines.forEach((line, i) => {
    if (!marks[i].has('remove') && !marks[i].has('hunk')) out[from[i]] = line;
  });
  return out.join('\n');
}
