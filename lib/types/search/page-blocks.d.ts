import type { ResolvedConfig } from '../config/index.js';
import type { OutputManifest } from '../write/index.js';
import { type SearchPage } from './records.js';
/** A block of page files as a build wrote it: its folder, each page's digest (src/search/records.ts pageDigest), and each file's path and content hash. */
interface StoredBlock {
    folder: string;
    digests: string[];
    files: [path: string, hash: string][];
}
/**
 * The search index's page files kept from the previous output, a block (PAGE_BLOCK pages) at a
 * time: a block whose pages show search what they showed then keeps its folder and files unread,
 * so a one-page edit makes one block's files rather than 10,000 (and the writer hashes none of the
 * others). A block is kept only if the previous output holds every file of it with the hash it was
 * written with; otherwise it is made again. Stored by a key of the block's pages and position.
 */
export declare class SearchPageBlocks {
    private readonly file;
    private readonly salt;
    private readonly known;
    private readonly previous;
    /** The files kept this build (path -> content hash), for the writer to link. */
    readonly kept: Map<string, string>;
    private readonly used;
    private constructor();
    static open(config: Pick<ResolvedConfig, 'root'>, previous: OutputManifest | undefined): Promise<SearchPageBlocks>;
    /** What a block's files depend on: its pages as search shows them, and where the block starts. */
    static key(start: number, pages: SearchPage[]): string;
    /** The folder of a block kept from the previous output, its files then counted as kept; undefined when it must be made. */
    keep(key: string): string | undefined;
    /** A block made this build. */
    made(key: string, block: StoredBlock): void;
    /** The previous output's page files by the digest of the page each shows. */
    private byDigest?;
    /**
     * The contents of the file of a page search shows as `digest` shows it, read from the previous
     * output (wherever the page was then: pages added before it move it to another block), when
     * that file is as written; else undefined.
     */
    previousFile(digest: string): string | undefined;
    /** Keeps this build's blocks only: the store never grows beyond the site's. */
    save(): Promise<void>;
}
export {};
