import { cachePath, readCache, writeCache } from './cache.js';
import type { ResolvedConfig } from '../config/schema.js';

/** Each page's layout key by route, with the "Last updated" date it was made for (src/pages/layout-keys.ts). */
export type KeysByRoute = Map<string, { date?: string; key: string }>;

/**
 * The last build's layout keys, kept for the next process: a one-page edit's build takes every other page's key
 * from here instead of laying each page out again (its sidebar, groups, prev/next: at 10,000 pages a view, a JSON
 * text and a hash a page). Stored under the plan they were made in (`LayoutMemo.plan`: the generator, assets and
 * templates, the configuration and sidebars, every page's outline as other pages show it), so any change to what
 * a page's layout shows is another plan and finds nothing; a page whose date differs gets its key made again.
 */
const keysFile = (config: Pick<ResolvedConfig, 'root'>) => cachePath(config, 'layout-keys.v8');

export function readLayoutKeys(config: Pick<ResolvedConfig, 'root'>, plan: string): Promise<KeysByRoute | undefined> {
  return readCache<KeysByRoute>(keysFile(config), plan);
}

export function saveLayoutKeys(config: Pick<ResolvedConfig, 'root'>, plan: string, keys: KeysByRoute): Promise<void> {
  return writeCache(keysFile(config), plan, keys);
}
