/**
 * Line notations in code blocks, as VitePress and Shiki write them: a comment such as
 * `// [!code ++]` at the end of a line marks that line and is removed from what readers see and copy.
 * On a line of its own, the comment marks the next line. `:N` marks N lines (`// [!code focus:3]`).
 * Any of the comment forms `//`, `#`, `--`, `/* *\/`, `<!-- -->` works in any language.
 */
/** What a line is: added, removed, focused, highlighted, an error or a warning; `hunk` for a diff's headers. */
export type LineMark = 'add' | 'remove' | 'focused' | 'highlighted' | 'error' | 'warning' | 'hunk';
/** Code lines with their marks (a line may have several). */
export interface MarkedCode {
    lines: string[];
    marks: Set<LineMark>[];
    /** Each line's index in the source (lines holding only a notation are gone). */
    from: number[];
}
/** Reads and removes `[!code ...]` comments. */
export declare function readNotations(code: string): MarkedCode;
/** A `diff` block: `+` and `-` lines are additions and removals (their marker removed), headers are hunks. */
export declare function readDiff(code: string): MarkedCode;
/**
 * The code the content checks parse: what a reader runs, at the source's line numbers (removed
 * lines, diff headers and notation-only lines are blank), so an error points at the file's line.
 */
export declare function checkedCode({ lines, marks, from }: MarkedCode, sourceLines: number): string;
