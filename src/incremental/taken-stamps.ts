import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ResolvedConfig } from '../config/index.js';
import type { FileStamp } from './source-cache.js';

/**
 * The stamps a build took of the project's files (src/incremental/build-record.ts, by absolute path), which hold
 * each file's modification time and tell which files exist: the stages that would otherwise stat a file a page or
 * a folder ask them ("Last updated" and the sitemap's dates; each folder's `_folder.yml`).
 */
export const takenStamps = new WeakMap<ResolvedConfig, Map<string, FileStamp>>();

/** The folders holding a stamped file: only there does a missing stamp mean a missing file. */
const stampedFolders = new WeakMap<Map<string, FileStamp>, Set<string>>();

/**
 * Whether `file` exists, from the build's stamps when its folder was walked, else by a stat: at 10,000 pages in
 * 2,000 folders the sidebar asked for three folder-file names a folder, 6,000 stats in every build. A folder the
 * walk did not enter (one linked in, or only holding folders) is asked the file system.
 */
export function projectFileExists(config: ResolvedConfig, file: string): boolean {
  const stamps = takenStamps.get(config);
  if (stamps) {
    let folders = stampedFolders.get(stamps);
    if (!folders) stampedFolders.set(stamps, (folders = new Set([...stamps.keys()].map((f) => path.dirname(f)))));
    if (folders.has(path.dirname(file))) return stamps.has(file);
  }
  return existsSync(file);
}
