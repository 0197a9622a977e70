import type { BuildChecks, BuildMode } from '../mode.js';
import { checkOutputCollisions } from '../../content/static-files.js';
import type { RecordCache } from '../../incremental/markdown-cache.js';
import type { Problems } from '../../model/errors.js';
import type { BuildOutput, Writer } from '../../write/index.js';

/**
 * Every path of the output: the pages' files (`pages`: a writer without staging has them among the others), the
 * other files, and the files kept from the previous output.
 */
export function outputPaths(output: BuildOutput, pages = true): string[] {
  return [
    ...(pages ? [...output.pages.values()].flatMap((e) => e.paths) : []),
    ...output.files.map((f) => f.path),
    ...(output.keptFiles?.keys() ?? []),
  ];
}

/**
 * Stops the build on its problems, as its mode says, before anything is written: two files at one path cannot
 * both be written, even by `keepGoing`. A writer without staging has the pages' files among the others.
 */
export function stopBeforeWriting(
  output: BuildOutput,
  staticFiles: string[],
  mode: BuildMode,
  problems: Problems,
): void {
  const before = problems.list.length;
  checkOutputCollisions(outputPaths(output, mode.staged), staticFiles, problems);
  if (problems.list.length > before) problems.throwIfAny();
  mode.stopOnProblems(problems);
}

/** Writes the output while the caches go to disk (both are mostly waiting on the disk). */
export function writeOutput(
  writer: Writer,
  output: BuildOutput,
  cache: RecordCache,
  checks: BuildChecks,
  problems: Problems,
): Promise<void> {
  return allSettled([
    writer.commit(output),
    // A record the cache keeps is known to pass the per-page checks (src/incremental/record-parts.ts): `dev`'s build with problems stores none.
    cache.save({ checked: problems.list.length === 0 }),
    checks.save(),
  ]);
}

/** Like Promise.all, but a failure is reported once every task has ended: none writes on after the build. */
async function allSettled(tasks: Promise<unknown>[]): Promise<void> {
  const failed = (await Promise.allSettled(tasks)).find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
}
