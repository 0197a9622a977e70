/**
 * Where a version's files are. Every version's pages and files are named as if content/ held them
 * under the version's segment ("1.0/guide.md" for versions/1.0/content/guide.md), so routes,
 * output paths and relative links need no notion of versions; only reading a file maps the name
 * back to its folder.
 */
import path from 'node:path';
import type { ResolvedVersion } from './config.js';

type Versioned = { contentDir: string; versions?: ResolvedVersion[] };

/** The version a content path ("1.0/guide.md") or a route ("/1.0/guide/") belongs to, and the path within it. */
export function splitVersion(versions: ResolvedVersion[], name: string): { version: ResolvedVersion; path: string } {
  const slash = name.startsWith('/') ? '/' : '';
  const rest = name.slice(slash.length);
  const own = versions.find((v) => v.key && (rest === v.key || rest.startsWith(`${v.key}/`)));
  if (!own) return { version: versions[0], path: name };
  return { version: own, path: slash + rest.slice(own.key.length + 1) || '/' };
}

/** The file on disk of a content path. */
export function contentFile(config: Versioned, relative: string): string {
  if (!config.versions) return path.join(config.contentDir, relative);
  const { version, path: inner } = splitVersion(config.versions, relative);
  return path.join(version.contentDir, inner);
}

/** The constants a content path's page is written with: its version's own over the configuration's. */
export function constantsOf<C extends Versioned & { constants: Record<string, string | number> }>(
  config: C,
  relative: string,
): Record<string, string | number> {
  if (!config.versions) return config.constants;
  const own = splitVersion(config.versions, relative).version.constants;
  return own ? { ...config.constants, ...own } : config.constants;
}
