/**
 * Sections a page may have: a section's key is `page * SECTION_SLOTS + position`, so a page that
 * gains or loses a section renames none of the other pages' sections.
 */
export declare const SECTION_SLOTS = 4096;
/**
 * Flat (section key, count) pairs in key order. A whole index builds them as arrays; the store
 * keeps them as typed arrays (src/search/store.ts), which a patch reads and replaces without
 * copying them into the heap (at 10,000 pages a one-page edit reads some 20 million numbers).
 */
export type Pairs = number[] | Uint32Array;
/** Per field, the pairs of every section that has the term. */
export type TermPostings = Pairs[];
/** Every term's postings: the whole index, before the cut of common words. */
export type Postings = Map<string, TermPostings>;
/** Each page's field lengths: per section, one number a field (SEARCH_FIELDS order), flat. */
export type PageLengths = number[][];
/**
 * Adds a page's terms (a PageTerms string, see src/search/index.ts) to the postings, keeping each
 * list in key order; returns the page's field lengths.
 */
export declare function addPage(postings: Postings, page: number, terms: string): number[];
/**
 * A page's terms replaced: the sections of page `page` taken out of the postings of its old terms
 * (`before`, a PageTerms string) and those of `after` put in, each list rebuilt once; returns the
 * page's field lengths. A term left with no section goes. `terms`: the terms to rebuild, when the
 * caller knows the others' lists stay as they are (`changedTerms`); by default all of both.
 */
export declare function replacePage(postings: Postings, page: number, before: string, after: string, terms?: Iterable<string>): number[];
/**
 * The terms whose shard an edit of a page changes, from its terms before and after (PageTerms
 * strings): those of the sections whose lines differ (a section's key is its position, so a
 * section added or removed differs from there on), old and new. A term's shard also holds the
 * field lengths of every section it names, and the title's and group's terms name every section
 * of the page: they change with any section, and a changed title or group changes all of them.
 * One sentence added to one section touches that section's words, not the whole page's.
 */
export declare function changedTerms(before: string, after: string): Set<string>;
/** The distinct terms of a PageTerms string. */
export declare function termsOf(terms: string): Set<string>;
/**
 * The shard files' contents, worked out from the postings a term at a time: each depends on the
 * term's own postings and the lengths of the sections they name, never on the rest of the site,
 * so an edit recomputes only the terms of the pages it changed.
 */
export declare class ShardWriter {
    private readonly postings;
    private readonly lengths;
    private readonly maxPostings;
    private readonly cuts;
    constructor(postings: Postings, lengths: PageLengths, maxPostings: number);
    /** A term's full postings (before the cut), as the store keeps them. */
    postingsOf(t: string): TermPostings;
    /** A section's field length. */
    private fieldLength;
    /**
     * The postings of a term the shard keeps. A word found in more sections than `maxPostings` (on
     * a site of thousands of pages) keeps only those where it weighs most, which bounds a shard's
     * size and a query's work; its weight is BM25's with the average length of the sections that
     * have the word, so that the cut depends on nothing else.
     */
    kept(t: string): TermPostings;
    /**
     * About the bytes a term adds to its shard, for cutting shards to size: its postings and a row
     * of lengths for each section it names (rows shared with other terms counted each time).
     */
    size(t: string): number;
    /** The JSON of the shard holding `terms` (sorted). */
    shard(terms: string[]): string;
}
/**
 * The k-th smallest number of `xs` (from 0), as `xs.sort()[k]` gives it, in linear time: xs is
 * reordered in place. Sorting every common word's scores was a fifth of the index's work at
 * 10,000 pages.
 */
export declare function kthSmallest(xs: Float64Array, k: number): number;
