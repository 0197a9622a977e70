/** What a page's files were rendered from, and where they are. */
export interface PageEntry {
    /** Hash of everything the files show (src/pages/layout-keys.ts): equal keys, equal files. */
    renderKey: string;
    /** Path of the chunk, for the route table. */
    chunk: string;
    paths: string[];
}
/**
 * What an output folder holds: each page's files by route, and a content hash of every other
 * file. As read back (`Writer.previous`), only what is still on disk as the last build left it.
 */
export interface OutputManifest {
    pages: Map<string, PageEntry>;
    siteFiles: Map<string, string>;
    /** The folder of the previous version, where the files listed can be read (until this build ends). */
    dir?: string;
}
/** The manifest as stored: also every file's identity on disk after the build that wrote it. */
export interface StoredManifest extends OutputManifest {
    /** Path -> "inode size mtime" (src/write/index.ts's `identity`): a file deleted, replaced or edited since no longer matches. */
    identities: Map<string, string>;
    /** The name of the version it describes (src/write/output-link.ts). */
    version?: string;
    /** The name of the version before it, kept as the spare (src/write/output-link.ts), whose manifest is stored beside this one. */
    spare?: string;
    /**
     * Each folder's identity (its modification time) after the build: a file added to a folder, or removed
     * or replaced in it, changes its time. Checked before a spare is used, since no other stat of
     * its files would find a file added to it by hand while it was shown.
     */
    folders?: Map<string, string>;
}
/** The manifest stored at `file` under `salt`, or undefined (none, another salt, unreadable). */
export declare function readManifest(file: string, salt: string): Promise<StoredManifest | undefined>;
/**
 * Stores a manifest at `file` under `salt` (atomically, src/incremental/cache.ts). One with a line break in a
 * name cannot be stored as lines: none is stored then (the next build links no file from this one).
 */
export declare function writeManifest(file: string, salt: string, manifest: StoredManifest): Promise<void>;
