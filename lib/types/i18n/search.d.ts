/** Search in a site of several languages: an index per locale, each read with its language's rules. */
import { type SearchIndexOptions } from '../search/index.js';
import type { Site } from '../model/site.js';
import type { OutputFile } from '../model/page.js';
/** The site's search files: one index, or one per locale with its manifest under the locale's prefix. */
export declare function buildSearchIndexes(site: Site, options?: SearchIndexOptions): OutputFile[];
/**
 * A digest of what the indexes show of the pages (the build's cache key for them), with each
 * locale's group names and language: each page by its digest (src/search/records.ts pageDigest).
 */
export declare function searchInputKey(site: Site): string;
