import type { ResolvedConfig } from '../config/index.js';
import type { PageRecord, PageSource } from '../model/page.js';
/**
 * Page records from earlier builds, keyed by a content hash of everything a record depends on:
 * the page's source, the base, the constants and the Markdown options (the users' remark and rehype
 * plugins by their code), and the generator's code. An unchanged page is
 * not parsed again. Stored under node_modules/.cache/docs/markdown/ in 256 shards by key prefix, each
 * three files: the records without their HTML, sections, code blocks and headings, which every build reads;
 * the HTML, read when a cached page's layout must be rendered again, or by `save` to carry over the
 * HTML of pages not rendered this run (a page whose files are kept needs none); and the sections, code
 * blocks and headings, read when a page's are first asked for (src/incremental/record-parts.ts). `save` rewrites only the shards whose
 * pages changed, so one edit writes about 1/128 of the cache (at 10,000 pages the whole is 400 MB).
 * A missing, unreadable or corrupt shard is simply empty (its pages are rendered again and the shard
 * rewritten), and pages with problems are never stored (their messages must show every run).
 */
export declare class MarkdownCache {
    private readonly config;
    private readonly salt;
    /** The stored records, by shard. */
    private readonly shards;
    /** Every entry of this build, cache hits and new records, as stored: what `save` keeps. */
    private readonly used;
    /** HTML of the records rendered in this run (cached records carry none), as UTF-8 bytes (src/pages/page-html.ts). */
    private readonly newHtml;
    /** The parts of the records rendered in this run (cached records read theirs from their shard's file). */
    private readonly newParts;
    /** The cached records' parts, in a file beside each shard. */
    private readonly parts;
    /** Each shard's stored HTML, read on first use. */
    private readonly storedHtml;
    private readonly images;
    private constructor();
    static open(config: ResolvedConfig): Promise<MarkdownCache>;
    /** Each source's key, computed once (planning, lookups and `set` all ask for it). */
    private readonly keys;
    /** The cache key of a page: also what its rendered files depend on of its own source. */
    key(source: PageSource): string;
    /** A page's cached record, without its HTML (`withHtml` adds it); none when an image it shows has changed. */
    get(source: PageSource): PageRecord | undefined;
    /** A cached record's parts, from its shard's file (read once, when a page of it first asks). */
    private storedParts;
    /** A kept record's parts for `save`, or undefined when its shard's file cannot give them. */
    private readPartsOf;
    /** A cached record (from `get`) with its HTML, or undefined if the HTML is lost (render the page again). */
    withHtml(source: PageSource, record: PageRecord): Promise<PageRecord | undefined>;
    private html;
    set(source: PageSource, record: PageRecord): void;
    /**
     * Keeps only this build's pages (deleted pages drop out): rewrites the shards whose set of pages
     * changed or that got new HTML, deletes those left with none, and leaves the others alone.
     * `checked: false` (a `dev` build that found problems) keeps nothing: a kept record counts as
     * one that passed the per-page checks (src/incremental/record-parts.ts).
     */
    save({ checked }?: {
        checked?: boolean | undefined;
    }): Promise<void>;
    private saveShard;
}
/**
 * Whether a record's images are still the ones it was rendered with: a page's size attributes and
 * rendition names come from its images. Each image is read once an instance (make one a build).
 */
export declare class ImageFreshness {
    private readonly config;
    private readonly hashes;
    constructor(config: Pick<ResolvedConfig, 'contentDir' | 'versions'>);
    current(record: Pick<PageRecord, 'images'>): boolean;
}
