import { statSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

/**
 * What tells a file apart from an edited or replaced one: inode, size and modification time ('' when
 * missing, also when a folder on its path was replaced by a file).
 */
export function identity(file: string): string {
  const s = statOrNull(file);
  return s ? identityOf(Number(s.ino), Number(s.size), Number(s.mtimeMs)) : '';
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
 * The identities in a list of stats' numbers (three a file, NaN first for a missing one, as the stat thread and
 * the stored manifest keep them), '' for a missing file: one string made of all, cut a file at a time.
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
 * Files from which their stats are taken in a thread of their own. A one-page edit at 10,000 pages
 * checks the 40,000 files of the last output: 0.2 s of stat calls that the main thread, busy
 * reading the content meanwhile, no longer waits for. Below it a thread's start costs more than
 * it saves.
 */
export const ASIDE_FROM = 5_000;

/** The worker: a stat each, sent back as numbers (inode, size, time; NaN for a missing file). */
const STAT_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { statSync } = require('node:fs');
const { join } = require('node:path');
const { dir, files } = workerData;
const list = files.split('\\n');
const out = new Float64Array(list.length * 3);
const stat = (file) => {
  try {
    return statSync(file, { throwIfNoEntry: false });
  } catch (error) {
    if (error.code === 'ENOTDIR') return undefined;
    throw error;
  }
};
for (let i = 0; i < list.length; i++) {
  const s = stat(join(dir, list[i]));
  if (s) { out[i * 3] = s.ino; out[i * 3 + 1] = s.size; out[i * 3 + 2] = s.mtimeMs; }
  else out[i * 3] = NaN;
}
parentPort.postMessage(out, [out.buffer]);
`;

/**
 * The identities of `files` (paths relative to `dir`, with forward slashes), in their order: for
 * many files taken by a worker thread, so the caller's thread goes on until it needs them.
 */
export async function identitiesOf(dir: string, files: string[], asideFrom = ASIDE_FROM): Promise<string[]> {
  const here = () => files.map((file) => identity(path.join(dir, file)));
  if (files.length < asideFrom || files.some((file) => file.includes('\n'))) return here();
  const stats = await statsAside(dir, files);
  // A thread that could not start or stopped (a process limit, memory): the stats are taken here, and a real
  // file system error is thrown from here.
  return stats ? identitiesIn(stats) : here();
}

/** The stats from a worker thread, or undefined if it failed. */
async function statsAside(dir: string, files: string[]): Promise<Float64Array | undefined> {
  let worker: Worker | undefined;
  try {
    worker = new Worker(STAT_WORKER, { eval: true, workerData: { dir, files: files.join('\n') } });
    const started = worker;
    return await new Promise<Float64Array>((resolve, reject) => {
      started.once('message', resolve);
      started.once('error', reject);
      started.once('exit', (code) => reject(new Error(`the stat thread stopped (exit code ${code})`)));
    });
  } catch {
    return undefined;
  } finally {
    void worker?.terminate();
  }
}
