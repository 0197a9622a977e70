/**
 * What `dev` watches of a versioned site besides content/: each version's content folder (its
 * pages, rebuilt as content/'s are) and what the configuration reads (versions.json, and the
 * sidebar, constants and redirects each snapshot pinned).
 */
import path from 'node:path';
import type { ResolvedConfig } from '../config/schema.js';
import { VERSIONS_DIR, VERSIONS_FILE } from './config.js';

type Versioned = Pick<ResolvedConfig, 'root' | 'contentDir' | 'versions'>;

/** The folders of the site's pages: content/ and each snapshot's content folder. */
export function contentDirs(config: Versioned): string[] {
  const own = (config.versions ?? []).map((v) => v.contentDir).filter((dir) => dir !== config.contentDir);
  return [config.contentDir, ...own];
}

/** Besides content/: versions/ (its pages are told apart by `contentDirs`) and versions.json; none unversioned. */
export function versionsWatch(config: Versioned): string[] {
  if (!config.versions) return [];
  return [path.join(config.root, VERSIONS_DIR), path.join(config.root, VERSIONS_FILE)];
}
