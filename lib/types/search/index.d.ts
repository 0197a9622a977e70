import type { Site } from '../model/site.js';
import type { OutputFile } from '../model/page.js';
import { type SearchPage } from './records.js';
import { SearchPageBlocks } from './page-blocks.js';
import { type SearchIndexStore } from './store.js';
/** Where pages find the index (relative to the base); not hashed, so it must stay small. */
export declare const SEARCH_MANIFEST = "search.json";
/** A shard grows to about this many bytes before a longer prefix gets its own (~5 KB gzip). */
export declare const SHARD_BYTES = 16000;
/**
 * Postings kept per term and field. A word found in more sections than this (on a site of
 * thousands of pages) keeps only the sections where it weighs most, which bounds any shard's size
 * and a query's work; a site of a few hundred pages never reaches it.
 */
export declare const MAX_POSTINGS = 500;
export interface SearchIndexOptions {
    /** Each page's terms from an earlier build (src/search/terms-cache.ts), computed by `compute` when it has none. */
    terms?: (page: SearchPage, english: boolean, compute: () => PageTerms) => PageTerms;
    /** Blocks of page files kept from the previous output (src/search/page-blocks.ts); all are made without. */
    pageBlocks?: SearchPageBlocks;
    /**
     * The last build's index (src/search/store.ts): when only some pages' text changed, their
     * shards are patched and the others kept (`store.kept`); the files are those a build without
     * it makes. Takes the place of `terms`.
     */
    store?: SearchIndexStore;
    /** @default SHARD_BYTES */
    shardBytes?: number;
    /** @default MAX_POSTINGS */
    maxPostings?: number;
}
/** The settings a stored index was made with: another value makes the index whole. */
export declare function storeSettings(site: Site, options?: Pick<SearchIndexOptions, 'shardBytes' | 'maxPostings'>): (number | boolean)[];
/**
 * The build's search stage. Every section of every page is a document with four fields (page
 * title, heading, text, sidebar group), indexed the way MiniSearch indexes (same terms, same field
 * lengths), and written in MiniSearch's terms, cut into shards by prefix; the browser hands the
 * shards a query needs to MiniSearch (client/search/engine.ts). Counting here rather than in a
 * MiniSearch instance keeps the stage a few times faster on large sites. Also written: a
 * vocabulary per first letter (typo candidates) and a small file per page (titles and snippets).
 *
 * Every file but the manifest depends only on its own terms' pages, so with a store of the last
 * build's index an edit patches the shards of the pages it changed (same files as made whole).
 */
export declare function buildSearchIndex(site: Site, options?: SearchIndexOptions): OutputFile[];
/** What a page's terms depend on: the text search reads of it (with its URL and slugs), and the language rules. */
export declare function pageKey(page: SearchPage, english: boolean): string;
/**
 * The terms of a page's fields: what the index needs of a page, and all it needs to read of its
 * text. One string, a line a field: the title, the group, then each section's heading and text.
 * A line is the field's length as MiniSearch counts it (its distinct terms), then each term and
 * its count, space-separated ("2 log 1 in 1 login 1"); terms are letters, digits and dots. A
 * string rather than a Map a field: after an edit, the other 10,000 pages' terms are read back
 * from the cache (src/search/terms-cache.ts), and a string is read at once and leaves no garbage.
 */
export type PageTerms = string;
export declare function pageTerms(page: SearchPage, english: boolean): PageTerms;
