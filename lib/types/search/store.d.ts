import type { ResolvedConfig } from '../config/index.js';
import type { OutputManifest } from '../write/index.js';
import type { PageLengths, TermPostings } from './postings.js';
/** A shard as the last build wrote it. */
export interface StoredShard {
    key: string;
    terms: string[];
    /** The file's name in the output (a content hash) and its SHA-1, as the writer records it. */
    hash: string;
    sha: string;
    bytes: number;
    /** The store's file of the full postings of its terms (before the cut of common words). */
    file: string;
}
/** What the last build's index was made of: enough to patch it for a few pages. */
export interface StoredIndex {
    /** Each page's URL and the key of its search text (src/search/index.ts pageKey), in page order. */
    pages: string[];
    keys: string[];
    lengths: PageLengths;
    /** Every term's size in its shard (src/search/postings.ts ShardWriter.size), for cutting shards. */
    sizes: Map<string, number>;
    shards: StoredShard[];
    /** The store's file of each block of PAGE_BLOCK pages' terms. */
    blocks: string[];
}
/** A piece of the store that cannot be read: the index is then made whole. */
export declare class MissingPiece extends Error {
}
/**
 * The search index's working state kept between builds (node_modules/.cache/docs/search-index):
 * each page's terms, a block of pages a file; each shard's full postings, a file a shard; and a
 * small file naming them with the pages, field lengths and term sizes. A build that changes a
 * few pages' text reads the blocks and shards of those pages' terms, patches them, and writes the
 * shards they touched (src/search/index.ts); the other shards stay in the output as they were.
 *
 * Files are named with the build that wrote them and never rewritten in place: the state of the
 * last build stays readable until the next one's is saved whole, then what it no longer names is
 * deleted. A piece that is missing or unreadable (MissingPiece) makes the index whole again.
 */
export declare class SearchIndexStore {
    private readonly dir;
    private readonly salt;
    /** The last build's index, when it was made with the same code and settings. */
    readonly stored: StoredIndex | undefined;
    private readonly previous;
    /** The output files of this build's index kept from the previous output (path -> SHA-1), for the writer. */
    readonly kept: Map<string, string>;
    private readonly stamp;
    private readonly pending;
    private next?;
    private count;
    private constructor();
    /** Where the store is kept (a site with one index; a site with one index a language keeps each page's terms). */
    static folder(config: Pick<ResolvedConfig, 'root'>): string;
    static open(config: Pick<ResolvedConfig, 'root'>, previous: OutputManifest | undefined, settings: unknown): Promise<SearchIndexStore>;
    /** Whether the previous output holds a file with these contents (by SHA-1). */
    inOutput(file: string, sha: string): boolean;
    /** The stored terms of a block of pages ([page key, terms] each). */
    block(index: number): [key: string, terms: string][];
    /** The stored full postings of a shard's terms. */
    postings(shard: StoredShard): Map<string, TermPostings>;
    /** Stores a block of pages' terms for the next build; returns the file's name. */
    writeBlock(entries: [key: string, terms: string][]): string;
    /** Stores a shard's full postings for the next build; returns the file's name. */
    writePostings(postings: Map<string, TermPostings>): string;
    /** The state to save for the next build. */
    record(index: StoredIndex): void;
    /** Writes the new pieces, then the index naming them, then deletes what it no longer names. */
    save(): Promise<void>;
    private add;
    /** A piece of the stored state, read at once (a patch needs few), checked against the salt. */
    private read;
}
