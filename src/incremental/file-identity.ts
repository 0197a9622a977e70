import { statSync, type Stats } from 'node:fs';

/**
 * What tells a file apart from an edited or replaced one, in two recipes: the project's files (inputs) are
 * stamped with their change time too, which moves with any change of a file's content or metadata; the output's
 * files are not, because the writer hard-links unchanged files into the next output (src/write/index.ts), and a
 * link moves the change time of a file nobody changed.
 */

/** An input file's stamp: inode, size, modification and change time (the build record's walk, the source cache). */
export type FileStamp = string;

/** The stamp of a stat'ed input file. */
export function statStamp(s: Stats): FileStamp {
  return `${s.ino} ${s.size} ${s.mtimeMs} ${s.ctimeMs}`;
}

/** The stamp of an input file, or undefined when it is not a file. */
export function fileStamp(file: string): FileStamp | undefined {
  const s = statSync(file, { throwIfNoEntry: false });
  return s?.isFile() ? statStamp(s) : undefined;
}

/**
 * An output file's identity: inode, size and modification time ('' when missing, also when a folder on its path
 * was replaced by a file). The stat thread (src/incremental/stat-thread.ts) takes many files' identities with it.
 */
export function identity(file: string): string {
  const s = statOrNull(file);
  return s ? `${s.ino} ${s.size} ${s.mtimeMs}` : '';
}

function statOrNull(file: string): ReturnType<typeof statSync> | null {
  try {
    return statSync(file, { throwIfNoEntry: false }) ?? null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOTDIR') return null;
    throw error;
  }
}
