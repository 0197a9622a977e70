import { readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sha1 } from '../../src/incremental/hash.js';
import { ShardedCache } from '../../src/incremental/sharded-cache.js';
import { tempFolders } from '../helpers/tmp-site.js';

const tempFolder = tempFolders();

async function tempDir(): Promise<string> {
  const root = await tempFolder('docs-sharded-');
  return path.join(root, 'cache');
}

const KEYS = Array.from({ length: 50 }, (_, i) => sha1(`page ${i}`));

/** One build: each key looked up, the misses set to `value(key)`; returns how many were found. */
async function build(dir: string, keys: string[], value = (key: string) => `value of ${key}`): Promise<number> {
  const cache = await ShardedCache.open<string>(dir, 'salt');
  let hits = 0;
  for (const key of keys) {
    if (cache.get(key) === value(key)) hits++;
    else cache.set(key, value(key));
  }
  await cache.save();
  return hits;
}

/** Each shard file's inode: a rewritten shard (a temporary file renamed over it) gets a new one. */
async function inodes(dir: string): Promise<Map<string, number>> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.v8'));
  return new Map(await Promise.all(files.map(async (f) => [f, (await stat(path.join(dir, f))).ino] as const)));
}

const changed = (a: Map<string, number>, b: Map<string, number>) =>
  [...new Set([...a.keys(), ...b.keys()])].filter((f) => a.get(f) !== b.get(f)).sort();

describe('sharded-cache', () => {
  it('keeps values between builds and rewrites no shard when nothing changed', async () => {
    const dir = await tempDir();
    expect(await build(dir, KEYS)).toBe(0);
    const before = await inodes(dir);
    expect(before.size).toBeGreaterThan(10);
    expect(await build(dir, KEYS)).toBe(KEYS.length);
    expect(changed(before, await inodes(dir))).toEqual([]);
  });

  it('rewrites only the shard of a changed value, and deletes a shard left empty', async () => {
    const dir = await tempDir();
    await build(dir, KEYS);
    const before = await inodes(dir);
    const edited = KEYS[4];
    expect(await build(dir, KEYS, (key) => (key === edited ? 'new value' : `value of ${key}`))).toBe(KEYS.length - 1);
    expect(changed(before, await inodes(dir))).toEqual([`values-${edited.slice(0, 2)}.v8`]);

    // A deleted key: its shard keeps the others, or goes when it held no other.
    const alone = KEYS.find((k) => KEYS.filter((o) => o.slice(0, 2) === k.slice(0, 2)).length === 1)!;
    await build(
      dir,
      KEYS.filter((k) => k !== alone),
    );
    expect((await readdir(dir)).includes(`values-${alone.slice(0, 2)}.v8`)).toBe(false);
    expect(await build(dir, KEYS)).toBe(KEYS.length - 1);
  });

  it('computes again the values of a corrupt shard', async () => {
    const dir = await tempDir();
    await build(dir, KEYS);
    const shard = KEYS[0].slice(0, 2);
    const inShard = KEYS.filter((k) => k.startsWith(shard)).length;
    await writeFile(path.join(dir, `values-${shard}.v8`), 'not a serialized value');
    expect(await build(dir, KEYS)).toBe(KEYS.length - inShard);
    expect(await build(dir, KEYS)).toBe(KEYS.length);
  });
});
