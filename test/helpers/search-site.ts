/** The search fixture (or any root) built in memory, and a search engine reading its index files. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { SearchEngine } from '../../client/search/engine.js';
import {
  searchPageUrl,
  shardUrl,
  type SearchManifest,
  type SearchPageData,
  type SearchShard,
} from '../../src/shared/search-format.js';
import { buildInMemory, sharedBuild } from './site.js';

export async function searchSite(root: string) {
  const built = await buildInMemory(root);
  const { writer, config } = built;
  const json = <T>(file: string): T => {
    const text = writer.text(file);
    if (text === undefined) throw new Error(`no file ${file} in the build`);
    return JSON.parse(text) as T;
  };
  /** Reads a URL of the site (with the base) from the build, counting what was read. */
  const loaded: string[] = [];
  const load = async (url: string) => {
    loaded.push(url);
    return json(url.slice(config.base.length));
  };
  const manifest = json<SearchManifest>('search.json');
  return {
    ...built,
    manifest,
    loaded,
    shards: () => manifest.shards.map((_, i) => json<SearchShard>(shardUrl(manifest, i).slice(config.base.length))),
    pages: () =>
      manifest.counts.map((_, i) => json<SearchPageData>(searchPageUrl(manifest, i).slice(config.base.length))),
    engine: () => SearchEngine.open(`${config.base}search.json`, load),
  };
}

/**
 * A search engine reading the index files of a site built once for the run and shared
 * (`sharedBuild`): the real site's, which the quality gates build too, is then not built again.
 */
export async function sharedSearchEngine(root: string): Promise<SearchEngine> {
  const { outDir, base } = await sharedBuild(root);
  return SearchEngine.open(`${base}search.json`, async (url) =>
    JSON.parse(await readFile(path.join(outDir, url.slice(base.length)), 'utf8')),
  );
}
