import type { ResolvedConfig } from '../config/index.js';
import type { SearchIndexOptions } from './index.js';
/**
 * Each page's search terms, kept between builds by a hash of the text search reads of the page
 * (title, group, headings, section text) and the language rules. Counting terms is most of the
 * index's work (58% at 1,000 pages), so after a one-page edit the index counts that page's terms
 * and reads the others'; the index itself is then assembled as a cold build would, so its files
 * are the same. Stored in shards (src/incremental/sharded-cache.ts): an edit rewrites one or two.
 */
export declare class SearchTermsCache {
    private readonly store;
    private constructor();
    /** Where the terms are kept (a site with one index a language; a site with one index keeps a store instead). */
    static folder(config: Pick<ResolvedConfig, 'root'>): string;
    static open(config: Pick<ResolvedConfig, 'root'>): Promise<SearchTermsCache>;
    /** For `buildSearchIndex`'s `terms` option. */
    readonly terms: NonNullable<SearchIndexOptions['terms']>;
    save(): Promise<void>;
}
