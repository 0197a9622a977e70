/** A shard of a key (a hex hash): its first two digits, so 256 shards at most. */
export declare const shardOf: (key: string) => string;
/** A shard's file in a sharded cache's folder: `<kind>-<shard>.v8`. */
export declare const shardFile: (dir: string, kind: string, shard: string) => string;
/**
 * The shards of one kind found in a folder, read under a salt. A shard that cannot be read (none,
 * another salt, corrupt) is left out: its entries are computed again and the shard rewritten.
 * Read one after another: a build reads its shards just after the last build wrote them, from the
 * page cache, where 256 small files come in 23-34 ms synchronously and in 44-184 ms through libuv's
 * thread pool.
 */
export declare function readShards<V>(dir: string, kind: string, salt: string): Map<string, Map<string, V>>;
/** Keys by shard. */
export declare function byShard(keys: Iterable<string>): Map<string, string[]>;
/**
 * The shards to write after a build: those whose keys are not exactly the stored ones, or that
 * hold a key `fresh` says was computed this time. Shards left with no key are among them.
 */
export declare function changedShards(stored: Map<string, Map<string, unknown>>, used: Map<string, string[]>, fresh: (key: string) => boolean): string[];
/** Writes a shard, or deletes it when it has no entry. */
export declare function writeShard(dir: string, kind: string, shard: string, salt: string, entries: Map<string, unknown>): Promise<void>;
/**
 * Values by key (a hex hash) kept between builds in shards, so that a build that changes a few
 * entries rewrites a few shards. Only the keys used in a build are kept (it never grows past the
 * site).
 */
export declare class ShardedCache<V> {
    private readonly dir;
    private readonly salt;
    private readonly stored;
    private readonly used;
    private readonly fresh;
    private constructor();
    static open<V>(dir: string, salt: string): Promise<ShardedCache<V>>;
    get(key: string): V | undefined;
    set(key: string, value: V): void;
    /**
     * Writes the shards whose entries changed. `prepare` gets each one's entries first (a new map), and
     * returns those to store: a cache keeps a file beside a shard with it (src/incremental/shard-companions.ts).
     */
    save(prepare?: (shard: string, entries: Map<string, V>) => Promise<Map<string, V>>): Promise<void>;
}
