import { closeSync, mkdirSync, openSync, readFileSync, readSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { sha1 } from './hash.js';
import { generatorKey } from '../launch/compiled.js';

/** Kept for src/checks/code-blocks.ts (the plugins branch's area); new code imports sha1 from src/incremental/hash.ts. */
export { sha1 };

/**
 * What every cached result depends on besides its inputs: the generator's own code and packages
 * (`generatorKey`, the one recipe). Any change to them empties every cache.
 */
let version: Promise<string> | undefined;
export function codeVersion(): Promise<string> {
  version ??= generatorKey();
  return version;
}

/** A file under the project root's node_modules/.cache/docs (where npm-based tools keep caches). */
export function cachePath(config: { root: string }, name: string): string {
  return path.join(config.root, 'node_modules/.cache/docs', name);
}

/**
 * How a value is stored: the digest of its salt (40 ASCII bytes), then the value serialized, in one
 * file written whole and renamed into place, so a reader sees one build's key and value or none.
 * The key is checked first, so a stale cache costs no deserialization (the search index of 10,000
 * pages is 85 MB). One file a value, not a value and a key file: at 1,000 pages a cold build writes
 * 2,800 cache files, each a new inode, and on this machine's ext4 each creation costs 0.1-0.5 ms.
 */
const KEY_BYTES = 40;

/** The key at the start of stored bytes, or '' when they are too short to have one. */
const keyOf = (bytes: Uint8Array): string =>
  bytes.length < KEY_BYTES ? '' : Buffer.from(bytes.buffer, bytes.byteOffset, KEY_BYTES).toString('latin1');

/** A value stored by `writeCache` under the same salt, or undefined (none yet, another version, unreadable). */
export async function readCache<T>(file: string, salt: string): Promise<T | undefined> {
  try {
    return storedValue<T>(await readFile(file), salt);
  } catch {
    return undefined;
  }
}

/**
 * The value in the bytes of a file `writeCache` wrote, if it was stored under `salt`. Throws on
 * bytes that are not one.
 */
export function storedValue<T>(bytes: Uint8Array, salt: string): T | undefined {
  if (keyOf(bytes) !== sha1(salt)) return undefined;
  return deserialize(bytes.subarray(KEY_BYTES)) as T;
}

/** The key `writeCache` wrote at the start of an open file (read without moving its position), or '' when there is none. */
export function storedKey(fd: number): string {
  try {
    const head = Buffer.alloc(KEY_BYTES);
    return readSync(fd, head, 0, KEY_BYTES, 0) === KEY_BYTES ? head.toString('latin1') : '';
  } catch {
    return '';
  }
}

/** The two parts of a stored value. */
const storedParts = (salt: string, value: unknown): [Buffer, Buffer] => [
  Buffer.from(sha1(salt), 'latin1'),
  serialize(value),
];

/** Where a value's key was kept before it moved into the value's file: deleted when the value is written. */
const oldKeyFile = (file: string) => `${file}.key`;

/** Stores a value atomically (written whole, then renamed over the last); a read-only checkout simply builds without a cache. */
export async function writeCache(file: string, salt: string, value: unknown): Promise<void> {
  try {
    await mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    await writeFile(temp, storedParts(salt, value));
    await rename(temp, file);
    await rm(oldKeyFile(file), { force: true });
  } catch {
    // No cache this time.
  }
}

/** `readCache`, at once: for the stages that run synchronously (the plugins' outputs). */
export function readCacheSync<T>(file: string, salt: string): T | undefined {
  try {
    return storedValue<T>(readFileSync(file), salt);
  } catch {
    return undefined;
  }
}

/** `writeCache`, at once. */
export function writeCacheSync(file: string, salt: string, value: unknown): void {
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    const fd = openSync(temp, 'w');
    try {
      for (const part of storedParts(salt, value)) writeFileSync(fd, part);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, file);
    rmSync(oldKeyFile(file), { force: true });
  } catch {
    // No cache this time.
  }
}

/** Deletes a value stored by `writeCache`. */
export async function removeCache(file: string): Promise<void> {
  try {
    await rm(file, { force: true });
    await rm(oldKeyFile(file), { force: true });
  } catch {
    // A read-only checkout: nothing to delete.
  }
}

/** A value computed once per key and kept between builds (one entry: the latest). */
export async function memo<T>(file: string, key: string, compute: () => T | Promise<T>): Promise<T> {
  const hit = await readCache<T>(file, key);
  if (hit !== undefined) return hit;
  const value = await compute();
  await writeCache(file, key, value);
  return value;
}

/**
 * Keys of inputs known to pass a check (code blocks that parse), kept between builds. Only keys
 * used in this run are stored, so it never grows past the site; failures are never stored, since
 * their messages must show every run.
 */
export class PassedCache {
  private readonly used = new Set<string>();
  private added = false;

  private constructor(
    private readonly file: string,
    private readonly salt: string,
    private readonly known: Set<string>,
  ) {}

  static async open(file: string, salt: string): Promise<PassedCache> {
    return new PassedCache(file, salt, (await readCache<Set<string>>(file, salt)) ?? new Set());
  }

  has(key: string): boolean {
    const found = this.known.has(key);
    if (found) this.used.add(key);
    return found;
  }

  add(key: string): void {
    this.used.add(key);
    this.added = true;
  }

  async save(): Promise<void> {
    if (this.added || this.used.size !== this.known.size) await writeCache(this.file, this.salt, this.used);
  }
}

/**
 * Deletes a cache folder a build no longer uses (the layout of another kind of site, or of an earlier version of the
 * generator), so that it does not stay in node_modules/.cache for good.
 */
export async function removeCacheFolder(dir: string): Promise<void> {
  try {
    await rm(dir, { recursive: true, force: true });
  } catch {
    // A read-only checkout: nothing to delete.
  }
}
