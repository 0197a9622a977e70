import type { BuildError } from '../model/errors.js';
import type { PageSource } from '../model/page.js';
import type { ResolvedVersion } from '../versions/config.js';
/** The content folder as a build listed it (src/content/index.ts): pages and other files, relative to it. */
export interface ContentListing {
    pages: string[];
    staticFiles: string[];
    refused: {
        path: string;
        message: string;
        fix: string;
    }[];
}
/**
 * Parsed page sources kept between the builds of one process (`dev`): a page whose file, partials
 * and OpenAPI document read the same as last time is not parsed and expanded again (validating an
 * OpenAPI document costs more than reading every page). `build` starts without one.
 *
 * With the watcher's list of changed files (`noteChanges`), a build lists and reads only what
 * changed: the last listing stands while every change is an edit of a file it lists, and a page
 * the watcher did not name is taken as it was, unread.
 */
export declare class SourceMemo {
    private readonly contentDir;
    private readonly versions?;
    private readonly sources;
    /** Hashes of the other files, read once a build. */
    private inputHashes;
    /** Paths under the content folder changed since the last build started; 'all' when not known. */
    private changes;
    /** This build's: the changes it started from. */
    private since;
    private listing?;
    /** Whether this build's changes are edits of listed files only (no file added or removed, no data changed). */
    onlyEdits: boolean;
    /** The last build's pages after the plugins' hooks, by path. */
    private hooked;
    /** `versions`: a versioned site's, whose pages' files are in each version's folder (src/versions/paths.ts). */
    constructor(contentDir: string, versions?: ResolvedVersion[] | undefined);
    /** The watcher's changed paths (absolute); those outside the content folder change no page. */
    noteChanges(files: string[]): void;
    /** The next build reads everything again (the first build, or changes the watcher may not have named). */
    forget(): void;
    /** Called as a build starts listing the content: the other files may have changed since the last one. */
    startBuild(): void;
    /**
     * The last listing, when every change since is an edit of a file it lists (found by binary search,
     * src/content/listing.ts), or under a data folder ("_model/", which no listing holds): nothing
     * added, removed or renamed. Else undefined: list again. (Patching it for a file added or removed
     * raced with a folder being deleted: a build between two deletions served half a site.)
     */
    lastListing(isData: (relativePath: string) => boolean): ContentListing | undefined;
    /** The listing whose pages, every one read, had no route twice (src/content/index.ts): the same listing has none twice again. */
    distinctRoutes?: ContentListing;
    /** The listing this build made or kept. */
    get current(): ContentListing | undefined;
    /** The listing this build made (a failed one leaves none: the next build lists again). */
    rememberListing(listing: ContentListing | undefined): void;
    /** Whether each file (an absolute path) is a listed page whose text is what the last build read. */
    readSame(files: string[]): boolean;
    /** A page the watcher has not named since the last build, as it was then (its file is not read again). */
    unchanged(relativePath: string): {
        source: PageSource;
        problems: BuildError[];
    } | undefined;
    get(relativePath: string, raw: string): {
        source: PageSource;
        problems: BuildError[];
    } | undefined;
    /**
     * This build's pages as the plugins' hooks left them, each one that reads as it did after the
     * last build's hooks (the same fields, the same frontmatter values) given back as that object:
     * what is kept by page object (outlines, cache keys) stays found.
     */
    settled(pages: PageSource[]): PageSource[];
    private inputsCurrent;
    set(source: PageSource, raw: string, problems: BuildError[]): void;
    /** A file beside a page, named as the site names content files ("1.0/api.yaml" in version 1.0's folder). */
    private nameOf;
    private hashOf;
}
