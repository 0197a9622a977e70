import { statSync, type Stats } from 'node:fs';
import type { StatThreadData, StatThreadResult } from './stat-thread.js';

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
  return s ? identityOf(Number(s.ino), Number(s.size), Number(s.mtimeMs)) : '';
}

/**
 * A folder's identity: its modification time (to the millisecond), which adding, removing or replacing a file in
 * it changes; '' when it is missing (also when a folder on its path was replaced by a file).
 */
export function folderIdentity(folder: string): string {
  const s = statOrNull(folder);
  return s ? String(Math.trunc(Number(s.mtimeMs))) : '';
}

/** The bytes of one identity's three numbers, written and read back as one string. */
const numbers = new Float64Array(3);
const numberBytes = Buffer.from(numbers.buffer);

/** Bytes an identity takes: three 64-bit numbers. */
export const IDENTITY_BYTES = 24;

/**
 * An identity from a stat's numbers: their bytes as a Latin-1 string, equal numbers giving equal strings. Not
 * the numbers printed: a one-page edit at 10,000 pages reads the identities of 40,000 files twice over (the
 * stats, the manifest), and printing three numbers a file cost 0.2-0.5 s of CPU a time.
 */
export function identityOf(ino: number, size: number, mtimeMs: number): string {
  numbers[0] = ino;
  numbers[1] = size;
  numbers[2] = mtimeMs;
  return numberBytes.toString('latin1');
}

/**
 * The identities in a list of stats' numbers (three a file, NaN first for a missing one, as the stored manifest
 * keeps them), '' for a missing file: one string made of all, cut a file at a time.
 */
export function identitiesIn(stats: Float64Array): string[] {
  const all = Buffer.from(stats.buffer, stats.byteOffset, stats.byteLength).toString('latin1');
  const ids: string[] = new Array(stats.length / 3);
  for (let i = 0; i < ids.length; i++)
    ids[i] = Number.isNaN(stats[i * 3]) ? '' : all.slice(i * IDENTITY_BYTES, (i + 1) * IDENTITY_BYTES);
  return ids;
}

/** The numbers of identities (`identitiesIn` read back): NaN for a missing file's. Throws on one that is not an identity. */
export function identityNumbers(ids: Iterable<string>, count: number): Float64Array {
  const stats = new Float64Array(count * 3);
  const bytes = Buffer.from(stats.buffer);
  let i = 0;
  for (const id of ids) {
    if (id === '') stats.fill(NaN, i * 3, i * 3 + 3);
    else if (id.length !== IDENTITY_BYTES || bytes.write(id, i * IDENTITY_BYTES, 'latin1') !== IDENTITY_BYTES)
      throw new Error('not an identity');
    i++;
  }
  return stats;
}

function statOrNull(file: string): ReturnType<typeof statSync> | null {
  try {
    return statSync(file, { throwIfNoEntry: false }) ?? null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOTDIR') return null;
    throw error;
  }
}

/**
 * The identities of a stat thread's files and the times of its folders (src/incremental/stat-thread.ts), taken
 * in this thread. Paths joined as text, not by `path.join`: the files are a manifest's, relative and with forward
 * slashes, and normalizing 40,000 of them took a sixth of the thread's time.
 */
export function statsIn({ dir, files, folders }: StatThreadData): StatThreadResult {
  return {
    files: files.map((file) => identity(`${dir}/${file}`)),
    folders: folders ? folders.list.map((folder) => folderIdentity(`${folders.dir}/${folder}`)) : [],
  };
}
