import { BuildError } from '../model/errors.js';
/** What went wrong, as the list of problems the terminal and the overlay show. */
export declare function asProblems(error: unknown): BuildError[];
/** A bug or a syntax error in the layout code: where it happened, from the stack. */
export declare function renderProblem(error: unknown): BuildError;
/** esbuild's errors, with the file and line each points at. */
export declare function bundleProblems(error: unknown, root: string): BuildError[];
/** A path as the writer knows it: under the site's root from there, else (client/, src/render/) from here. */
export declare function shownPath(file: string, root: string): string;
