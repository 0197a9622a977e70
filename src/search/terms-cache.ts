import { cachePath, codeVersion } from '../incremental/cache.js';
import type { ResolvedConfig } from '../config/schema.js';
import { sha1 } from '../incremental/hash.js';
import { ShardedCache } from '../incremental/sharded-cache.js';
import type { PageTerms, SearchIndexOptions } from './index.js';
import { pageDigest } from './records.js';
import type { SearchPage } from '../model/search-page.js';

/**
 * Each page's search terms, kept between builds by a hash of the text search reads of the page
 * (title, group, headings, section text) and the language rules. Counting terms is most of the
 * index's work (58% at 1,000 pages), so after a one-page edit the index counts that page's terms
 * and reads the others'; the index itself is then assembled as a cold build would, so its files
 * are the same. Stored in shards (src/incremental/sharded-cache.ts): an edit rewrites one or two.
 */
export class SearchTermsCache {
  private constructor(private readonly store: ShardedCache<PageTerms>) {}

  /** Where the terms are kept (a site with one index a language; a site with one index keeps a store instead). */
  static folder(config: Pick<ResolvedConfig, 'root'>): string {
    return cachePath(config, 'search-terms');
  }

  static async open(config: Pick<ResolvedConfig, 'root'>): Promise<SearchTermsCache> {
    return new SearchTermsCache(
      await ShardedCache.open<PageTerms>(SearchTermsCache.folder(config), await codeVersion()),
    );
  }

  /** For `buildSearchIndex`'s `terms` option. */
  readonly terms: NonNullable<SearchIndexOptions['terms']> = (page, english, compute) => {
    const key = pageKey(page, english);
    const known = this.store.get(key);
    if (known) return known;
    const terms = compute();
    this.store.set(key, terms);
    return terms;
  };

  save(): Promise<void> {
    return this.store.save();
  }
}

/** By the page's digest (src/search/records.ts): its sections are read only when its terms must be counted. */
function pageKey(page: SearchPage, english: boolean): string {
  return sha1(english ? 'en' : '', pageDigest(page));
}
