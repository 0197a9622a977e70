import { readdirSync } from 'node:fs';
import path from 'node:path';
import { readCacheSync, removeCache, writeCache } from './cache.js';

/** A shard of a key (a hex hash): its first two digits, so 256 shards at most. */
export const shardOf = (key: string): string => key.slice(0, 2);

/** A shard's file in a sharded cache's folder: `<kind>-<shard>.v8`. */
export const shardFile = (dir: string, kind: string, shard: string): string => path.join(dir, `${kind}-${shard}.v8`);

/**
 * The shards of one kind found in a folder, read under a salt. A shard that cannot be read (none,
 * another salt, corrupt) is left out: its entries are computed again and the shard rewritten.
 * Read one after another: a build reads its shards just after the last build wrote them, from the
 * page cache, where 256 small files come in 23-34 ms synchronously and in 44-184 ms through libuv's
 * thread pool.
 */
export function readShards<V>(dir: string, kind: string, salt: string): Map<string, Map<string, V>> {
  const pattern = new RegExp(`^${kind}-([0-9a-f]{2})\\.v8$`);
  let files: string[];
  try {
    files = readdirSync(dir);
  } catch {
    files = [];
  }
  const shards = new Map<string, Map<string, V>>();
  for (const name of files.flatMap((file) => pattern.exec(file)?.[1] ?? [])) {
    const entries = readCacheSync<Map<string, V>>(shardFile(dir, kind, name), salt);
    if (entries instanceof Map) shards.set(name, entries);
  }
  return shards;
}

/** Keys by shard. */
export function byShard(keys: Iterable<string>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const key of keys) {
    const list = out.get(shardOf(key));
    if (list) list.push(key);
    else out.set(shardOf(key), [key]);
  }
  return out;
}

/**
 * The shards to write after a build: those whose keys are not exactly the stored ones, or that
 * hold a key `fresh` says was computed this time. Shards left with no key are among them.
 */
export function changedShards(
  stored: Map<string, Map<string, unknown>>,
  used: Map<string, string[]>,
  fresh: (key: string) => boolean,
): string[] {
  return [...new Set([...used.keys(), ...stored.keys()])].filter((shard) => {
    const keys = used.get(shard) ?? [];
    const before = stored.get(shard);
    return !before || before.size !== keys.length || keys.some((key) => fresh(key) || !before.has(key));
  });
}

/** Writes a shard, or deletes it when it has no entry. */
export async function writeShard(
  dir: string,
  kind: string,
  shard: string,
  salt: string,
  entries: Map<string, unknown>,
): Promise<void> {
  if (entries.size) await writeCache(shardFile(dir, kind, shard), salt, entries);
  else await removeCache(shardFile(dir, kind, shard));
}

/**
 * Values by key (a hex hash) kept between builds in shards, so that a build that changes a few
 * entries rewrites a few shards. Only the keys used in a build are kept (it never grows past the
 * site).
 */
export class ShardedCache<V> {
  private readonly used = new Map<string, V>();
  private readonly fresh = new Set<string>();

  private constructor(
    private readonly dir: string,
    private readonly salt: string,
    private readonly stored: Map<string, Map<string, V>>,
  ) {}

  static async open<V>(dir: string, salt: string): Promise<ShardedCache<V>> {
    return new ShardedCache(dir, salt, readShards<V>(dir, 'values', salt));
  }

  get(key: string): V | undefined {
    const value = this.used.get(key) ?? this.stored.get(shardOf(key))?.get(key);
    if (value !== undefined) this.used.set(key, value);
    return value;
  }

  set(key: string, value: V): void {
    this.used.set(key, value);
    this.fresh.add(key);
  }

  /**
   * Writes the shards whose entries changed. `prepare` gets each one's entries first (a new map), and
   * returns those to store: a cache keeps a file beside a shard with it (src/incremental/shard-companions.ts).
   */
  async save(prepare?: (shard: string, entries: Map<string, V>) => Promise<Map<string, V>>): Promise<void> {
    const used = byShard(this.used.keys());
    const changed = changedShards(this.stored, used, (key) => this.fresh.has(key));
    await Promise.all(
      changed.map(async (shard) => {
        const entries = new Map((used.get(shard) ?? []).map((key) => [key, this.used.get(key)!]));
        await writeShard(this.dir, 'values', shard, this.salt, prepare ? await prepare(shard, entries) : entries);
      }),
    );
  }
}
