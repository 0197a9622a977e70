/**
 * The files beside a sharded cache's shards that hold what its entries rarely need: a record's
 * sections, code blocks and headings (src/incremental/markdown-cache.ts), a parsed page's body
 * (src/incremental/source-cache.ts). A one-page edit at 10,000 pages reads its shards whole but needs these
 * for one page: left out of the shards, they are neither read nor deserialized.
 *
 * Each file is written with a stamp its shard's entries name (a build may die between writing the
 * two). It is opened when an entry of its shard is first taken, and read through that descriptor on
 * first use: another build that replaces it meanwhile (a new file renamed over it) leaves this one
 * the file its entries were written with.
 */
export declare class ShardCompanions<V> {
    private readonly dir;
    private readonly kind;
    private readonly salt;
    /** Each shard's file, opened when an entry of it is first taken, with the key it had then. */
    private readonly files;
    /** Each shard's values, read on first use. */
    private readonly values;
    constructor(dir: string, kind: string, salt: string);
    /** Whether a shard's file is the one written with `stamp` (opened here, if not yet). */
    has(shard: string, stamp: string): boolean;
    /**
     * The value of `key` in a shard's file written with `stamp` (the file read once, through the
     * descriptor `has` opened), or undefined when the file cannot give it (damaged since).
     */
    get(shard: string, stamp: string, key: string): V | undefined;
    private read;
    /** Writes a shard's file (deletes it when `values` is empty); returns the stamp its entries must name. */
    write(shard: string, values: Map<string, V>): Promise<string>;
    /** The file of a shard. */
    file(shard: string): string;
    /** Closes the files opened (what must be carried over has been read). */
    close(): void;
    private saltOf;
}
