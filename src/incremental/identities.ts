import { Worker } from 'node:worker_threads';
import { statThreadBundle } from '../launch/compiled.js';
import { statsIn } from './file-identity.js';
import type { StatThreadData, StatThreadResult } from './stat-thread.js';

/**
 * Files from which their stats are taken in a thread of their own. A one-page edit at 10,000 pages
 * checks the 40,000 files of the last output: 0.2 s of stat calls that the main thread, busy
 * reading the content meanwhile, no longer waits for. Below it a thread's start costs more than
 * it saves.
 */
export const ASIDE_FROM = 5_000;

/**
 * The identities (src/incremental/file-identity.ts) of `files` (paths relative to `dir`), in their
 * order: for many files taken by a worker thread, so the caller's thread goes on until it needs them.
 */
export async function identitiesOf(dir: string, files: string[], asideFrom = ASIDE_FROM): Promise<string[]> {
  return (await statsOf({ dir, files }, asideFrom)).files;
}

/**
 * `identitiesOf`, and the times of other folders (`folderIdentity`) with them: the spare version's folders
 * (src/write/index.ts), which a one-page edit at 10,000 pages checks (13,000 folders) before it uses the spare.
 */
export async function statsOf(data: StatThreadData, asideFrom = ASIDE_FROM): Promise<StatThreadResult> {
  // A thread that could not start or stopped (a process limit, memory, a file system error): the stats are
  // taken here, and a real file system error is thrown from here.
  const many = data.files.length + (data.folders?.list.length ?? 0);
  const aside = many < asideFrom ? undefined : await identitiesAside(data);
  if (aside) return aside;
  return statsIn(data);
}

/** The identities from a worker thread, or undefined if it failed. */
async function identitiesAside(data: StatThreadData): Promise<StatThreadResult | undefined> {
  let worker: Worker | undefined;
  try {
    worker = new Worker(await statThreadBundle(), { workerData: data });
    const started = worker;
    return await new Promise<StatThreadResult>((resolve, reject) => {
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
