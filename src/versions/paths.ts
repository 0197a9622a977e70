/**
 * Where a version's files are. Every version's pages and files are named as if content/ held them
 * under the version's segment ("1.0/guide.md" for versions/1.0/content/guide.md), so routes,
 * output paths and relative links need no notion of versions; only reading a file maps the name
 * back to its folder.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { BuildError, type Problems } from '../model/errors.js';
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

/** The content folder a content path is read from: content/, or its version's versions/<name>/content/. */
export function contentFolderOf(config: Versioned, relative: string): string {
  return config.versions ? splitVersion(config.versions, relative).version.contentDir : config.contentDir;
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

/** The file of a content path as the project names it: an old version's under versions/<name>/content/, from the root. */
export function projectFile(config: Versioned & { root: string }, relative: string): string {
  if (!config.versions) return relative;
  const { version, path: inner } = splitVersion(config.versions, relative);
  if (version.contentDir === config.contentDir) return version.key ? inner : relative;
  const file = path.join(version.contentDir, inner);
  // A name without a version's segment may be the project's own file (docs.config.ts, a plugin's data file):
  // it is the current version's snapshot's only when the snapshot holds it.
  if (!version.key && !existsSync(file)) return relative;
  return path.relative(config.root, file).split(path.sep).join('/');
}

/**
 * Problems in the pages of a version not in content/ name their file where it is
 * ("versions/1.0/content/guide.md", not "1.0/guide.md"), so the writer finds it.
 */
export function nameVersionFiles(problems: Problems, config: Versioned & { root: string }): void {
  if (!config.versions) return;
  for (const list of [problems.list, problems.warnings]) {
    const named = list.map((p) => {
      const file = projectFile(config, p.place.file);
      return file === p.place.file ? p : new BuildError(p.message, { ...p.place, file }, p.fix);
    });
    list.splice(0, list.length, ...named);
  }
}

/** Where the edit links of a version's pages point: its folder from content/, and its segment in their paths. */
export interface EditFolder {
  /** The version's route segment, which the pages' paths start with ("1.0"). */
  key: string;
  /** Its content folder from content/ ("../versions/1.0/content"). */
  dir: string;
}

/** The edit link's folder of a version's pages; none for the current version when content/ holds it. */
export function editFolder(config: Versioned, version: ResolvedVersion): EditFolder | undefined {
  if (!version.key && version.contentDir === config.contentDir) return undefined;
  return {
    key: version.key,
    dir: path.relative(config.contentDir, version.contentDir).split(path.sep).join('/') || '.',
  };
}

/**
 * "Edit this page": the pattern with `:path`, the page's file under the content folder; for a
 * version kept in versions/<name>/, the path from content/ to it, resolved in the URL
 * (".../content/../versions/1.0/content/guide.md" is ".../versions/1.0/content/guide.md").
 */
export function editUrl(editLink: { pattern: string; folder?: EditFolder }, relative: string): string {
  const { pattern, folder } = editLink;
  if (!folder) return pattern.replace(':path', relative);
  const inner = folder.key ? relative.slice(folder.key.length + 1) : relative;
  const url = pattern.replace(':path', `${folder.dir}/${inner}`);
  try {
    return new URL(url).href;
  } catch {
    return path.posix.normalize(url);
  }
}
