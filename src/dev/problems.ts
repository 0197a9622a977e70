import path from 'node:path';
import type { Message } from 'esbuild';
import { BuildError, BuildFailure, fileSystemProblem } from '../model/errors.js';

/** What went wrong, as the list of problems the terminal and the overlay show. */
export function asProblems(error: unknown): BuildError[] {
  if (error instanceof BuildFailure) return error.problems;
  if (error instanceof BuildError) return [error];
  const onDisk = fileSystemProblem(error);
  return [onDisk ?? renderProblem(error)];
}

/** A bug or a syntax error in the layout code: where it happened, from the stack. */
export function renderProblem(error: unknown): BuildError {
  const stack = (error as Error).stack ?? String(error);
  const at = /((?:src|templates)\/[^\s:()]+):(\d+):(\d+)/.exec(stack);
  return new BuildError(
    `cannot render the site: ${(error as Error).message ?? String(error)}`,
    at ? { file: at[1], line: Number(at[2]), column: Number(at[3]) } : { file: 'src/render' },
    'fix the component (the stack trace above says where), then save it again',
  );
}

/** esbuild's errors, with the file and line each points at. */
export function bundleProblems(error: unknown, root: string): BuildError[] {
  const errors = (error as { errors?: Message[] }).errors;
  if (!errors?.length) return [renderProblem(error)];
  return errors.map(
    (e) =>
      new BuildError(
        `cannot bundle the browser code: ${e.text}`,
        e.location
          ? {
              file: shownPath(path.resolve(e.location.file), root),
              line: e.location.line,
              column: e.location.column + 1,
            }
          : { file: 'client' },
        'fix the syntax error; the page keeps its last good script and styles meanwhile',
      ),
  );
}

/** A path as the writer knows it: under the site's root from there, else (client/, src/render/) from here. */
export function shownPath(file: string, root: string): string {
  const fromRoot = path.relative(root, file);
  return (fromRoot.startsWith('..') ? path.relative(process.cwd(), file) : fromRoot) || file;
}
