import { closeSync, openSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { serialize } from 'node:v8';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readCache, readCacheSync, removeCache, storedKey, writeCache, writeCacheSync } from '../../src/incremental/cache.js';
import { sha1 } from '../../src/incremental/hash.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'docs-cache-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('stored values (src/incremental/cache.ts)', () => {
  it('reads back a value under its salt, and none under another', async () => {
    const file = path.join(dir, 'deep/value.v8');
    const value = new Map([['a', { n: 1, list: new Uint32Array([1, 2, 3]) }]]);
    await writeCache(file, 'salt', value);
    expect(await readCache(file, 'salt')).toEqual(value);
    expect(readCacheSync(file, 'salt')).toEqual(value);
    expect(await readCache(file, 'another salt')).toBeUndefined();
    writeCacheSync(file, 'salt 2', 'second');
    expect(await readCache(file, 'salt 2')).toBe('second');
    expect(await readCache(file, 'salt')).toBeUndefined();
  });

  it('keeps a value and its key in one file, and deletes the key file an older generator wrote beside it', async () => {
    const file = path.join(dir, 'value.v8');
    await writeFile(`${file}.key`, sha1('salt'));
    await writeCache(file, 'salt', [1, 2]);
    expect(await readdir(dir)).toEqual(['value.v8']);
    const fd = openSync(file, 'r');
    try {
      expect(storedKey(fd)).toBe(sha1('salt'));
    } finally {
      closeSync(fd);
    }
    await removeCache(file);
    expect(await readdir(dir)).toEqual([]);
  });

  it('reads none from a missing, short or foreign file, or one in the older format (the value without its key)', async () => {
    const file = path.join(dir, 'value.v8');
    expect(await readCache(file, 'salt')).toBeUndefined();
    await writeFile(file, 'short');
    expect(await readCache(file, 'salt')).toBeUndefined();
    expect(readCacheSync(file, 'salt')).toBeUndefined();
    await writeFile(file, serialize({ salt: 'salt', value: [1, 2] }));
    await writeFile(`${file}.key`, sha1('salt'));
    expect(await readCache(file, 'salt')).toBeUndefined();
    await writeFile(file, Buffer.concat([Buffer.from(sha1('salt')), Buffer.from('not serialized')]));
    expect(await readCache(file, 'salt')).toBeUndefined();
  });
});
