/**
 * Splits the terms of the index into shards by prefix, Pagefind-style: a shard holds the terms
 * that start with its key, and a prefix whose terms would make the shard too big gets a key
 * (and a shard) of its own, recursively. Small neighbours are merged so shards stay few.
 *
 * A query term then needs the shard of its longest key, plus, for prefix search, the shards
 * whose keys start with it: a few kilobytes, whatever the size of the site.
 */
export declare function partition(sizes: Map<string, number>, target: number): Map<string, string[]>;
