import { type Stats } from 'node:fs';
import type { ResolvedConfig } from '../config/index.js';
import type { PageSource } from '../model/page.js';
/** A file's identity on disk: inode, size, modification and change time (src/incremental/build-record.ts stamps inputs the same way). */
export type FileStamp = string;
/** The stamp of a stat'ed file; src/incremental/build-record.ts's walk of the project stamps with it too, and this build takes its stamps. */
export declare function statStamp(s: Stats): FileStamp;
/** The stamp of a file, or undefined when it cannot be stat'ed. */
export declare function fileStamp(file: string): FileStamp | undefined;
/**
 * Parsed page sources (frontmatter read and checked, partials taken in) kept between builds by the
 * stamps of their files: a page whose file and partials have the stamps they had is not read or
 * parsed again (at 10,000 pages, reading and parsing every page's frontmatter is 2 s of CPU a
 * build). Only pages parsed without problems are kept (their messages must show every run), and
 * not MDX pages (their components' imports are other files). Kept in 256 shards by path, so an
 * edit rewrites one; only this build's pages are kept. The stamps are taken before the file is
 * read, so an edit while the build reads it makes the next stamp differ. The bodies are in a file
 * beside each shard, read when a page of it is rendered: a one-page edit at 10,000 pages reads
 * 7 MB of shards, not 74.
 */
export declare class SourceCache {
    private readonly config;
    private readonly entries;
    /** The kept pages' bodies, in a file beside each shard. */
    private readonly bodies;
    /** Stamps already taken by this build (src/incremental/build-record.ts's walk of the project): not taken again. */
    private readonly known;
    /** The bodies of the pages parsed this build. */
    private readonly newBodies;
    private constructor();
    static open(config: ResolvedConfig, known?: Map<string, string>): Promise<SourceCache>;
    /** The file's stamp now (from this build's walk when it took one). */
    stamp(file: string): FileStamp | undefined;
    /** The page as parsed before, if its file (stamped `stamp`) and partials are as they were then. */
    get(relativePath: string, stamp: FileStamp | undefined): PageSource | undefined;
    /** A kept page's body, from its shard's file (read once, when a page of it is first rendered). */
    private storedBody;
    /** Keeps a page parsed without problems from a file stamped `stamp` (taken before it was read). */
    set(source: PageSource, stamp: FileStamp | undefined): void;
    /** Keeps only this build's pages; rewrites the shards that changed, each with its bodies' file first. */
    save(): Promise<void>;
}
