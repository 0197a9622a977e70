/**
 * The files of the search index, written by src/search/ and read by client/search/. The index is
 * split so that a query downloads only what it needs, whatever the size of the site:
 *
 * - `search.json` (at the site root, small, not hashed so pages can find it): the manifest.
 * - `<dir>t/<hash>.json`: shard i, the postings of every term whose longest shard key is `keys[i]`.
 * - `<dir>v/<hash>.json`: the words starting with one letter, to find typo candidates.
 * - `<pages[⌊i / PAGE_BLOCK⌋]><i>.json`: page i's title, URL and section texts, for result titles and
 *   snippets. Pages come in blocks with a folder each, so that editing a page changes one block.
 *
 * Each shard and vocabulary file is named by a hash of its contents, and each block's folder holds
 * one, so everything but the manifest can be cached forever. Nothing in a shard depends on pages
 * whose terms it does not hold (sections are named by page and position, and the statistics BM25
 * needs of the whole site are sums in the manifest): editing a page rewrites the manifest and the
 * shards of the page's old and new terms only (src/search/store.ts).
 */
/**
 * Indexed fields, in MiniSearch field-id order: the page title, the section heading, the section
 * text, and the sidebar group the page is in (its breadcrumb, as DocSearch's "lvl0").
 */
export declare const SEARCH_FIELDS: readonly ['title', 'heading', 'text', 'group'];
export declare const SEARCH_FORMAT_VERSION = 3;
/** Pages a folder of page files holds. */
export declare const PAGE_BLOCK = 100;
/** URL of page i's file. */
export declare function searchPageUrl(manifest: Pick<SearchManifest, 'pages'>, index: number): string;
/** URL of shard i. */
export declare function shardUrl(manifest: Pick<SearchManifest, 'dir' | 'shards'>, i: number): string;
/** URL of vocabulary file i. */
export declare function vocabUrl(manifest: Pick<SearchManifest, 'dir' | 'vocab'>, i: number): string;
/** Average length of each field, in terms, as BM25 needs it: from the sums the manifest keeps. */
export declare function averageLengths(manifest: Pick<SearchManifest, 'docs' | 'lengths'>): number[];
export interface SearchManifest {
    version: number;
    /** URL of the folder of shards and vocabularies ("/docs/assets/search/"). */
    dir: string;
    /** URL of the folder of each block of PAGE_BLOCK pages ("/docs/assets/search/p/<block>.<hash>/"). */
    pages: string[];
    /** Number of sections (MiniSearch documents); a section's id is its position in page order. */
    docs: number;
    /** Total length of each field over every section, in terms (BM25's averages are these over `docs`). */
    lengths: number[];
    /** Sections per page, in page order: section id -> page. */
    counts: number[];
    /** Shard keys (term prefixes), sizes in bytes and content hashes (file names), sorted by key. */
    shards: [key: string, bytes: number, hash: string][];
    /** First letters with a vocabulary file, sizes in bytes and content hashes. */
    vocab: [letter: string, bytes: number, hash: string][];
    /**
     * `search.synonyms` of the configuration. Read from here rather than from `__DOCS_SYNONYMS__`,
     * so the page's initial script carries none of search (esbuild would share the define in a chunk).
     */
    synonyms: string[][];
    /** False when the pages are not English: queries are then read without stemming or stop words (src/shared/search-text.ts). */
    stem?: false;
}
/**
 * A shard. `docs` lists the sections the shard refers to, in page order, six numbers each: the
 * page (as a gap from the previous row's page), the section's position in its page, and the
 * length of each field. `terms[i]` has `postings[i]`: per field, a list of rows of `docs` as gaps
 * from the previous row, where a negative gap means the next number is the term's count in that
 * section (count 1 is implied otherwise); 0 when the term is not in that field.
 */
export interface SearchShard {
    terms: string[];
    postings: (number[] | 0)[][];
    docs: number[];
}
/** Numbers a row of `SearchShard.docs` holds: page gap, section, then a length per field. */
export declare const DOC_ROW: number;
/** Page i of the index: what a result shows. `sections[0]` is the top of the page (slug ""). */
export interface SearchPageData {
    title: string;
    /** Sidebar group of the page, "" when it is in none. */
    group: string;
    /** URL of the page with the base ("/docs/a/b/"). */
    url: string;
    sections: [slug: string, heading: string, text: string][];
}
/** Posting list of one field, flat (document id, count) pairs in id order -> the compact form above. */
export declare function encodePostings(pairs: number[]): number[];
export declare function decodePostings(list: number[]): [doc: number, count: number][];
/** The shard a term lives in: the longest key that starts it ("" is the root). Keys are sorted. */
export declare function shardOf(keys: string[], term: string): number;
/** Shards whose keys start with `prefix` (where longer terms that start with it may live). */
export declare function shardsUnder(keys: string[], prefix: string): number[];
