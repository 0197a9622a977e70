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
 * A file's stamp now, as one build sees it, the file named as the site names content files ("guide/intro.md",
 * "1.0/api.yaml"): `known` is the stamp a record holds, taken as current when the changes say the file was not named.
 * Each file is stat'ed at most once a build.
 */
export type StampNow = (name: string, known?: FileStamp) => FileStamp | undefined;

/**
 * The stamps of one build, under `changes`: `fileOf` gives a name's file (an absolute path), `nameOf` a file's name
 * (undefined outside the content).
 */
export function stampsNow(
  changes: Changes,
  fileOf: (name: string) => string,
  nameOf: (file: string) => string | undefined,
): StampNow {
  const taken = new Map<string, FileStamp | undefined>();
  const stamps = takenStamps(changes);
  // By name, so a page not named is taken without making its path (10,000 joins are 4 ms of a save).
  const named = namedFiles(changes) && new Set([...namedFiles(changes)!].flatMap((file) => nameOf(file) ?? []));
  return (name, known) => {
    if (known !== undefined && named && !named.has(name)) return known;
    if (taken.has(name)) return taken.get(name);
    const file = fileOf(name);
    const walked = stamps?.get(file);
    if (walked !== undefined) return walked;
    const stamp = stampOrNone(file);
    taken.set(name, stamp);
    return stamp;
  };
}

/** A file's stamp, or none when it cannot be stat'ed (a folder on its path replaced by a file): reading it then says why. */
export function stampOrNone(file: string): FileStamp | undefined {
  try {
    return fileStamp(file);
  } catch {
    return undefined;
  }
}

/** The stamps the changes carry (`build`'s walk), if they are of that kind. */
export function takenStamps(changes: Changes | undefined): ReadonlyMap<string, FileStamp> | undefined {
  return changes !== undefined && changes !== 'unknown' && 'stamps' in changes ? changes.stamps : undefined;
}

/** The files the watcher named, if the changes are of that kind. */
export function namedFiles(changes: Changes | undefined): ReadonlySet<string> | undefined {
  return changes !== undefined && changes !== 'unknown' && 'named' in changes ? changes.named : undefined;
}
