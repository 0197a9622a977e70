import { parentPort, workerData } from 'node:worker_threads';
import { statsIn } from './file-identity.js';

/**
 * A worker thread's entry (src/incremental/identities.ts): the identities of the files it is given, in
 * their order, and the times of the folders it is given. A file system error other than a missing file stops
 * the thread; the caller then stats the files itself, which throws that error where it belongs.
 */
export interface StatThreadData {
  /** The folder the files are relative to. */
  dir: string;
  files: string[];
  /** Folders whose times (`folderIdentity`) are wanted too, relative to their own folder. */
  folders?: { dir: string; list: string[] };
}

/** What the thread gives back: the files' identities and the folders' times, each in the order given. */
export interface StatThreadResult {
  files: string[];
  folders: string[];
}

parentPort!.postMessage(statsIn(workerData as StatThreadData));
