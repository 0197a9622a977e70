import { fileStamp, type FileStamp } from './file-identity.js';

/**
 * What changed since the last build, as the build is told it (an argument of `buildSite`, src/build/index.ts):
 * - `named`: the files the watcher named since then (`dev`, absolute paths); a file not named is as it was;
 * - `stamps`: every project file's stamp now (`build`, from the walk of src/incremental/build-record.ts), each
 *   compared with the stamp a store kept: the diff is taken file by file where a record is looked at;
 * - 'unknown': any file may have changed (`dev`'s first build): each one looked at is stat'ed.
 */
export type Changes = { named: ReadonlySet<string> } | { stamps: ReadonlyMap<string, FileStamp> } | 'unknown';

/**
 * A file's stamp now, as one build sees it: `known` is the stamp a record holds, taken as current when the changes
 * say the file was not named. Each file is stat'ed at most once a build.
 */
export type StampNow = (file: string, known?: FileStamp) => FileStamp | undefined;

/** The stamps of one build, under `changes`. */
export function stampsNow(changes: Changes): StampNow {
  const taken = new Map<string, FileStamp | undefined>();
  return (file, known) => {
    if (changes !== 'unknown') {
      if ('stamps' in changes) {
        const stamp = changes.stamps.get(file);
        if (stamp !== undefined) return stamp;
      } else if (known !== undefined && !changes.named.has(file)) return known;
    }
    if (!taken.has(file)) taken.set(file, fileStamp(file));
    return taken.get(file);
  };
}

/** The stamps the changes carry (`build`'s walk), if they are of that kind. */
export function takenStamps(changes: Changes | undefined): ReadonlyMap<string, FileStamp> | undefined {
  return changes !== undefined && changes !== 'unknown' && 'stamps' in changes ? changes.stamps : undefined;
}

/** The files the watcher named, if the changes are of that kind. */
export function namedFiles(changes: Changes | undefined): ReadonlySet<string> | undefined {
  return changes !== undefined && changes !== 'unknown' && 'named' in changes ? changes.named : undefined;
}
