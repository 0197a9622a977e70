import { type OutputManifest, type PageEntry } from '../incremental/stored-manifest.js';
import type { OutputFile } from '../model/page.js';
export type { OutputManifest, PageEntry } from '../incremental/stored-manifest.js';
/** A version of the output as a build left it: its folder, and a digest of its files' identities. */
export interface ShownVersion {
    dir: string;
    digest: string;
}
export interface BuildOutput {
    /** Files to write: everything but the pages already written to the staging folder or kept. */
    files: OutputFile[];
    /** Every page of the site. */
    pages: Map<string, PageEntry>;
    /** Routes whose files are those of the previous output (`Writer.previous`). */
    kept: Set<string>;
    /** Site files kept from the previous output unread (path -> content hash, from `Writer.previous`): the search index. */
    keptFiles?: Map<string, string>;
}
/** Where a build's files go. Only the pages stage (into `staging`) and `commit` touch the output. */
export interface Writer {
    /** A folder pages may be written into while the build runs, or null: their files come with `commit`. */
    readonly staging: string | null;
    /** What of the previous output can be kept: the pages and site files still on disk as the last build left them. */
    previous(): Promise<OutputManifest | undefined>;
    commit(output: BuildOutput): Promise<void>;
    /** Ends the build: drops what was staged (unless committed), and what earlier builds left. */
    discard(): Promise<void>;
}
/**
 * A fault injected into the writer (tests): `kill` runs just before the writer's change to the disk
 * number `at` (counted from 0), and again before every later one, so that nothing more changes,
 * as if the process had died there. By default it kills the process (SIGKILL: no clean-up runs).
 * `DOCS_WRITE_FAULT=N` injects it into any build, as a crash or an impatient CI would.
 */
export interface WriteFault {
    at: number;
    kill?: () => void;
}
/**
 * Writes the output so that it is never half a site (src/write/output-link.ts): each build that changes
 * anything writes a new version of the site and points the output path at it at once. Its pages
 * are staged there while the build runs (so a failed build touches nothing); with a manifest file
 * (kept in the cache), the files of unchanged pages and site files are hard links to the previous
 * version's, so a one-page edit writes a few files; a build that changes nothing writes nothing.
 */
export declare class FsWriter implements Writer {
    readonly outDir: string;
    private readonly options;
    readonly staging: string;
    private readonly link;
    private steps;
    private dead;
    private published;
    /** The folders of the version this build made from the spare that it left as they were, with their identities. */
    private unchangedFolders?;
    private readonly fault?;
    constructor(outDir: string, options?: {
        manifest?: string;
        fault?: WriteFault;
    });
    /** Called before every change to the disk: where a fault strikes. */
    private step;
    private found?;
    /** A manifest describes one output folder, in one format. */
    private manifestSalt;
    /** The manifest's pages and files that are still on disk as the last build left them. */
    previous(): Promise<OutputManifest | undefined>;
    private findPrevious;
    private readPrevious;
    /**
     * Whether the output shows `version` still as the build that made it left it: no file added,
     * removed, replaced or edited since (src/incremental/build-record.ts keeps the last build's). Reads no manifest.
     */
    isUntouched(version: ShownVersion): boolean;
    /** The version the output shows after `commit`: this build's, or the previous one when nothing changed. */
    shown?: ShownVersion;
    /**
     * The new version: the pages rendered into it already, the kept pages' files and unchanged
     * site files linked from the previous version, the other site files written; then published.
     */
    commit(built: BuildOutput): Promise<void>;
    /**
     * The new version in the staging folder: the pages rendered into it already, the kept pages'
     * files and unchanged site files linked from the previous version, the other site files written.
     * Returns the identities of the files linked.
     */
    private linkAll;
    /**
     * The new version made from the spare (the version before the previous one, src/write/output-link.ts):
     * it already holds most files as they must be, so only those that differ are changed (each
     * replaced by a new file, never written into: the spare shares its files with the previous
     * version by hard links), and the pages rendered are moved in from the staging folder. The spare
     * is renamed into this build's names first: killed meanwhile, the build leaves it to the sweep.
     * Returns the identities of the files not written by this build, or undefined when there is no
     * spare to use (none kept, its manifest lost, or taken by another build).
     */
    private fromSpare;
    private saveManifest;
    /** Ends the build: what it staged goes (unless published), and so does what earlier builds left. */
    discard(): Promise<void>;
}
/**
 * The full path of a file under `root`, its folder made first: each folder once, however many
 * files go in it (the stages that write thousands of files).
 */
export declare function folderMaker(root: string): (file: string) => string;
/** Keeps the site in memory: for tests. */
export declare class MemoryWriter implements Writer {
    readonly staging: null;
    readonly files: Map<string, string | Uint8Array<ArrayBufferLike>>;
    previous(): Promise<undefined>;
    commit(output: BuildOutput): Promise<void>;
    discard(): Promise<void>;
    text(file: string): string | undefined;
}
/** A whole site as files, committed without any page kept (tests). */
export declare function allFiles(files: OutputFile[]): BuildOutput;
