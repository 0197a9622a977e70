/** Search in a site of several languages: an index per locale, each read with its language's rules. */
import { buildSearchIndex, SEARCH_MANIFEST, type SearchIndexOptions } from '../search/index.js';
import { pageDigest, searchPages } from '../search/records.js';
import { sha1 } from '../incremental/hash.js';
import type { Site } from '../model/site.js';
import type { OutputFile } from '../model/page.js';
import { searchManifestPath } from './head.js';
import { localeSites } from './site.js';
import { siteViews } from '../versions/views.js';

/** The site's search files: one index, or one per locale with its manifest under the locale's prefix. */
export function buildSearchIndexes(site: Site, options: SearchIndexOptions = {}): OutputFile[] {
  if (!siteViews(site.config)) return buildSearchIndex(site, options);
  const files = new Map<string, OutputFile>();
  // The store (src/search/store.ts) holds one index: each locale's is made whole.
  for (const [key, view] of localeSites(site)) {
    for (const file of buildSearchIndex(view, { ...options, store: undefined }))
      files.set(file.path === SEARCH_MANIFEST ? searchManifestPath(key) : file.path, {
        ...file,
        path: file.path === SEARCH_MANIFEST ? searchManifestPath(key) : file.path,
      });
  }
  return [...files.values()];
}

/**
 * A digest of what the indexes show of the pages (the build's cache key for them), with each
 * locale's group names and language: each page by its digest (src/search/records.ts pageDigest).
 */
export function searchInputKey(site: Site): string {
  const views = siteViews(site.config)
    ? [...localeSites(site).values()].map((view) => [view.config.lang, searchPages(view)] as const)
    : [['', searchPages(site)] as const];
  return sha1(...views.flatMap(([lang, pages]) => [lang, String(pages.length), ...pages.map(pageDigest)]));
}
