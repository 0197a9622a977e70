import { readCache, writeCache } from './cache.js';
import { identitiesIn, identityNumbers } from './file-identity.js';

/** What a page's files were rendered from, and where they are. */
export interface PageEntry {
  /** Hash of everything the files show (src/pages/layout-keys.ts): equal keys, equal files. */
  renderKey: string;
  /** Path of the chunk, for the route table. */
  chunk: string;
  paths: string[];
}

/**
 * What an output folder holds: each page's files by route, and a content hash of every other
 * file. As read back (`Writer.previous`), only what is still on disk as the last build left it.
 */
export interface OutputManifest {
  pages: Map<string, PageEntry>;
  siteFiles: Map<string, string>;
  /** The folder of the previous version, where the files listed can be read (until this build ends). */
  dir?: string;
}

/** The manifest as stored: also every file's identity on disk after the build that wrote it. */
export interface StoredManifest extends OutputManifest {
  /** Path -> its inode, size and modification time (src/incremental/file-identity.ts `identity`): a file deleted, replaced or edited since no longer matches. */
  identities: Map<string, string>;
  /** The name of the version it describes (src/write/output-link.ts). */
  version?: string;
  /** The name of the version before it, kept as the spare (src/write/output-link.ts), whose manifest is stored beside this one. */
  spare?: string;
  /**
   * Each folder's identity (its modification time) after the build: a file added to a folder, or removed
   * or replaced in it, changes its time. Checked before a spare is used, since no other stat of
   * its files would find a file added to it by hand while it was shown.
   */
  folders?: Map<string, string>;
}

/**
 * A manifest in the file: its lists as lines of one string each and its identities as numbers, not
 * as maps of strings. At 10,000 pages a manifest lists 40,000 files; read as maps, it took 0.2 s to
 * deserialize (and a build reads two), as lines 0.08 s to decode.
 */
interface ManifestFile {
  /** Each file's path, one a line, in the order of `ids`. */
  files: string;
  /** Each file's identity, three numbers a file (inode, size, modification time); NaN when it had none. */
  ids: Float64Array;
  /** Each page's route, render key and chunk, one a line each, in one order; its paths, one a line, `pathCounts` a page. */
  routes: string;
  renderKeys: string;
  chunks: string;
  paths: string;
  pathCounts: Uint32Array;
  /** Each site file's path and hash, one a line each. */
  siteFiles: string;
  siteHashes: string;
  version?: string;
  spare?: string;
  /** Each folder's path and identity, one a line each. */
  folders?: string;
  folderIds?: string;
}

/** The manifest stored at `file` under `salt`, or undefined (none, another salt, unreadable). */
export async function readManifest(file: string, salt: string): Promise<StoredManifest | undefined> {
  const stored = await readCache<ManifestFile>(file, salt);
  try {
    return stored && decode(stored);
  } catch {
    return undefined; // not a manifest of this shape
  }
}

/**
 * Stores a manifest at `file` under `salt` (atomically, src/incremental/cache.ts). One with a line break in a
 * name cannot be stored as lines: none is stored then (the next build links no file from this one).
 */
export function writeManifest(file: string, salt: string, manifest: StoredManifest): Promise<void> {
  return writeCache(file, salt, encode(manifest));
}

/** `count` lines of `text` (none of an empty text when none are expected: one empty line is a line). */
function lines(text: string, count: number): string[] {
  const list = count === 0 ? [] : text.split('\n');
  if (list.length !== count) throw new Error('not a manifest');
  return list;
}

/** The lines of a list, as one string: as many lines as items (an item with a line break would make more). */
function joined(list: Iterable<string>): string {
  const all = Array.isArray(list) ? (list as string[]) : [...list];
  const text = all.join('\n');
  let breaks = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) breaks++;
  if (all.length && breaks !== all.length - 1) throw new Error('a line break in a name');
  return text;
}

function encode(manifest: StoredManifest): ManifestFile | undefined {
  try {
    return encodeLines(manifest);
  } catch {
    return undefined;
  }
}

function encodeLines(manifest: StoredManifest): ManifestFile {
  const ids = identityNumbers(manifest.identities.values(), manifest.identities.size);
  const pages = [...manifest.pages.values()];
  return {
    files: joined(manifest.identities.keys()),
    ids,
    routes: joined(manifest.pages.keys()),
    renderKeys: joined(pages.map((entry) => entry.renderKey)),
    chunks: joined(pages.map((entry) => entry.chunk)),
    paths: joined(pages.flatMap((entry) => entry.paths)),
    pathCounts: Uint32Array.from(pages, (entry) => entry.paths.length),
    siteFiles: joined(manifest.siteFiles.keys()),
    siteHashes: joined(manifest.siteFiles.values()),
    ...(manifest.version !== undefined ? { version: manifest.version } : {}),
    ...(manifest.spare !== undefined ? { spare: manifest.spare } : {}),
    ...(manifest.folders
      ? { folders: joined(manifest.folders.keys()), folderIds: joined(manifest.folders.values()) }
      : {}),
  };
}

function decode(stored: ManifestFile): StoredManifest {
  const identities = new Map<string, string>();
  const files = lines(stored.files, stored.ids.length / 3);
  const ids = identitiesIn(stored.ids);
  for (let i = 0; i < files.length; i++) identities.set(files[i], ids[i]);
  const count = stored.pathCounts.length;
  const routes = lines(stored.routes, count);
  const renderKeys = lines(stored.renderKeys, count);
  const chunks = lines(stored.chunks, count);
  const paths = lines(
    stored.paths,
    stored.pathCounts.reduce((sum, n) => sum + n, 0),
  );
  const pages = new Map<string, PageEntry>();
  let next = 0;
  routes.forEach((route, i) => {
    const count = stored.pathCounts[i];
    pages.set(route, { renderKey: renderKeys[i], chunk: chunks[i], paths: paths.slice(next, next + count) });
    next += count;
  });
  return {
    pages,
    siteFiles: zip(stored.siteFiles, stored.siteHashes),
    identities,
    ...(stored.version !== undefined ? { version: stored.version } : {}),
    ...(stored.spare !== undefined ? { spare: stored.spare } : {}),
    ...(stored.folders !== undefined ? { folders: zip(stored.folders, stored.folderIds ?? '') } : {}),
  };
}

/** A map from lines of keys (never empty) and as many lines of values. */
function zip(keyLines: string, valueLines: string): Map<string, string> {
  const keys = keyLines === '' ? [] : keyLines.split('\n');
  const values = lines(valueLines, keys.length);
  const map = new Map<string, string>();
  keys.forEach((key, i) => map.set(key, values[i]));
  return map;
}
