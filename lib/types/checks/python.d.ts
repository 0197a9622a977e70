/**
 * A Python code block must tokenize: strings closed (single, double, triple-quoted, with prefixes
 * such as f or rb), brackets balanced and matched, and each dedent back to an indentation level
 * already open, as Python's own tokenizer requires. No interpreter is needed at build time.
 * Returns the first problem with its line and column in the block (1-based), or null.
 */
export declare function pythonProblem(code: string): {
    message: string;
    line: number;
    column: number;
} | null;
