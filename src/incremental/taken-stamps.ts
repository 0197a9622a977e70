import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FileStamp } from './file-identity.js';

/**
 * The stamps a build took of the project's files (src/incremental/build-record.ts, by absolute path), which hold
 * each file's modification time and tell which files exist. The build hands them to the site it makes
 * (`createSite`), and the stages that would otherwise stat a file a page or a folder ask them: "Last updated" and
 * the sitemap's dates, each folder's `_folder.yml`. Without them (`dev`, `check`, the page workers) each question
 * is asked of the file system.
 */
export class TakenStamps {
  /** The folders holding a stamped file: only there does a missing stamp mean a missing file. */
  private folders?: Set<string>;

  constructor(private readonly stamps: ReadonlyMap<string, FileStamp>) {}

  /**
   * Whether `file` exists, from the stamps when its folder was walked, else by a stat: at 10,000 pages in 2,000
   * folders the sidebar asked for three folder-file names a folder, 6,000 stats in every build. A folder the walk
   * did not enter (one linked in, or only holding folders) is asked the file system.
   */
  exists(file: string): boolean {
    this.folders ??= new Set([...this.stamps.keys()].map((f) => path.dirname(f)));
    return this.folders.has(path.dirname(file)) ? this.stamps.has(file) : existsSync(file);
  }

  /** When `file` was last modified (ISO), from its stamp ("ino size mtimeMs ctimeMs") or a stat; undefined if it is gone. */
  modified(file: string): string | undefined {
    const stamp = this.stamps.get(file);
    if (stamp) return new Date(Math.round(Number(stamp.split(' ')[2]))).toISOString();
    return modifiedOnDisk(file);
  }
}

/** `TakenStamps.modified` without stamps: a stat. */
export function modifiedOnDisk(file: string): string | undefined {
  try {
    return statSync(file).mtime.toISOString();
  } catch {
    return undefined; // a page built from memory (tests) has no file: no date rather than a wrong one
  }
}
