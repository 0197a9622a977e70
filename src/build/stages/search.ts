import type { ResolvedConfig } from '../../config/schema.js';
import { removeCacheFolder } from '../../incremental/cache.js';
import { sha1 } from '../../incremental/hash.js';
import { buildSearchIndexes, searchInputKey } from '../../i18n/search.js';
import type { Site } from '../../model/site.js';
import { searchFiles, type SearchOutput } from '../../search/carry-over.js';
import { storeSettings } from '../../search/index.js';
import { SearchPageBlocks } from '../../search/page-blocks.js';
import { SearchIndexStore } from '../../search/store.js';
import { SearchTermsCache } from '../../search/terms-cache.js';
import { siteViews } from '../../versions/views.js';
import type { OutputManifest } from '../../write/index.js';

/**
 * The search files: the last build's when what search shows of the pages and its settings are the same (the same
 * give the same files, src/search/carry-over.ts), else the index made again.
 */
export function searchStage(
  config: ResolvedConfig,
  site: Site,
  salt: string,
  previous: OutputManifest | undefined,
): Promise<SearchOutput> {
  const key = sha1(salt, JSON.stringify([config.base, config.search, config.lang]), searchInputKey(site));
  return searchFiles(config, key, previous, () => searchIndexWithTerms(config, site, previous));
}

/**
 * The search index, counting only the terms of pages whose text the last build did not see
 * (src/search/terms-cache.ts), and keeping the blocks of page files whose pages it saw (src/search/page-blocks.ts).
 */
async function searchIndexWithTerms(
  config: ResolvedConfig,
  site: Site,
  previous: OutputManifest | undefined,
): Promise<SearchOutput> {
  // One index: patched from the last build's (src/search/store.ts); an index a locale: each locale's terms cached.
  // Each kind keeps its own cache; the other kind's, left by an earlier build of the site, goes.
  if (!siteViews(config)) {
    const [store, pageBlocks] = await Promise.all([
      SearchIndexStore.open(config, previous, storeSettings(site)),
      SearchPageBlocks.open(config, previous),
      removeCacheFolder(SearchTermsCache.folder(config)),
    ]);
    const files = buildSearchIndexes(site, { store, pageBlocks });
    await Promise.all([store.save(), pageBlocks.save()]);
    return { files, kept: new Map([...pageBlocks.kept, ...store.kept]) };
  }
  const [terms, pageBlocks] = await Promise.all([
    SearchTermsCache.open(config),
    SearchPageBlocks.open(config, previous),
    removeCacheFolder(SearchIndexStore.folder(config)),
  ]);
  const files = buildSearchIndexes(site, { terms: terms.terms, pageBlocks });
  await Promise.all([terms.save(), pageBlocks.save()]);
  return { files, kept: pageBlocks.kept };
}
