import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { identity } from './file-identity.js';

/**
 * A worker thread's entry (src/incremental/identities.ts): the identities of the files it is given, in
 * their order. A file system error other than a missing file stops the thread; the caller then
 * stats the files itself, which throws that error where it belongs.
 */
export interface StatThreadData {
  /** The folder the files are relative to. */
  dir: string;
  files: string[];
}

const { dir, files } = workerData as StatThreadData;
parentPort!.postMessage(files.map((file) => identity(path.join(dir, file))));
