import { cachePath, readCache, removeCache, writeCache } from '../incremental/cache.js';
import type { ResolvedConfig } from '../config/schema.js';
import { sha1 } from '../incremental/hash.js';
import type { OutputFile } from '../model/page.js';
import type { OutputManifest } from '../write/index.js';

/** The search stage's outcome: files to write, or the previous output's files kept as they are (path -> content hash). */
export interface SearchOutput {
  files: OutputFile[];
  kept: Map<string, string>;
}

/**
 * The search index of a build whose search input (`key`) is the last build's: its files are still
 * in the output, so they are kept there unread (10,000 pages: 60 MB the build no longer reads,
 * hashes or stores in a cache). Only their paths and content hashes are stored, by key; a file
 * is kept only if the previous output holds it with that hash (another output folder, or a file
 * changed by hand, may hold another). Otherwise `build` makes them.
 */
export async function searchFiles(
  config: Pick<ResolvedConfig, 'root'>,
  key: string,
  previous: OutputManifest | undefined,
  build: () => Promise<SearchOutput>,
): Promise<SearchOutput> {
  const file = cachePath(config, 'search-files.v8');
  const stored = previous && (await readCache<Map<string, string>>(file, key));
  if (stored?.size && [...stored].every(([path, hash]) => previous!.siteFiles.get(path) === hash))
    return { files: [], kept: stored };
  // The files made, and those kept by part (src/search/page-blocks.ts).
  const made = await build();
  await writeCache(
    file,
    key,
    new Map([...made.files.map((f): [string, string] => [f.path, f.hash ?? sha1(f.contents)]), ...made.kept]),
  );
  await removeCache(cachePath(config, 'search.v8')); // where earlier versions kept the whole index
  return made;
}
