/**
 * `docs version <name>`: the current docs frozen as a version. Its content folder (every locale's
 * pages with it), the sidebar, the constants and the redirects it builds with are copied into
 * versions/<name>/, and the name is put first in versions.json, so the site keeps building that
 * version as it was while content/ moves on.
 *
 * What MDX pages import from outside content/ (`../../components/Note.tsx`, and what that imports)
 * is copied too, at the same path from the version's folder as from the project's root
 * (versions/1.0/components/Note.tsx): versions/<name>/content/ stands where content/ stands,
 * one level deeper, so the pages' relative imports resolve to the copies with no rewriting,
 * and the old version keeps the components it was written with while the project's move on.
 * Packages (node_modules) are not copied: Node's resolution finds the project's from any depth.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ResolvedConfig } from '../config/schema.js';
import { splitLocale } from '../i18n/locales.js';
import { withSlash } from '../shared/paths.js';
import { UsageError } from '../model/errors.js';
import { importedProjectFiles, importLines } from '../markdown/mdx.js';
import {
  CONSTANTS_FILE,
  NEXT,
  readVersionsFile,
  REDIRECTS_FILE,
  SIDEBAR_FILE,
  MAX_VERSION_NAME,
  VERSION_NAME,
  reservedVersionName,
  versionDir,
  VERSIONS_FILE,
} from './config.js';

export interface Snapshot {
  dir: string;
  /** versions.json after the snapshot, newest first. */
  versions: string[];
}

export function snapshotVersion(config: ResolvedConfig, name: string): Snapshot {
  if (!VERSION_NAME.test(name))
    throw new UsageError(`"${name}" is not a version name: use letters, digits, ".", "-" and "_" ("2.0")`);
  if (name.length > MAX_VERSION_NAME)
    throw new UsageError(`"${name}" is not a version name: use at most ${MAX_VERSION_NAME} characters ("2.0")`);
  const reserved = reservedVersionName(name);
  if (reserved) throw new UsageError(`${reserved}: pick another name, such as "v${name.replace(/\W+/g, '-')}"`);
  if (name === NEXT) throw new UsageError(`"${NEXT}" is the unreleased version's route: pick the version's own name`);
  if (config.locales?.some((l) => l.key === name))
    throw new UsageError(`"${name}" is a locale's key: both are route prefixes, pick another name`);
  const { root } = config;
  const dir = versionDir(root, name);
  const listed = readVersionsFile(root);
  if (existsSync(dir) || listed.includes(name))
    throw new UsageError(
      `version ${name} exists already (${path.relative(process.cwd(), dir) || dir}): pick a new name, or remove it first`,
    );
  // The copy is made beside its place and moved in at once: a failed copy leaves no half version.
  const staging = path.join(path.dirname(dir), `.${name}.partial`);
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  try {
    const skipped = unversionedFolders(config);
    cpSync(config.contentDir, path.join(staging, 'content'), {
      recursive: true,
      filter: (source) => !skipped.has(path.relative(config.contentDir, source).split(path.sep).join('/')),
    });
    for (const file of componentFiles(config))
      cpSync(path.join(config.root, file), path.join(staging, file), { recursive: true });
    if (config.sidebar) writeFileSync(path.join(staging, SIDEBAR_FILE), `${JSON.stringify(config.sidebar, null, 2)}\n`);
    writeFileSync(path.join(staging, CONSTANTS_FILE), `${JSON.stringify(config.constants, null, 2)}\n`);
    const redirects = ownRedirects(config);
    if (redirects.length) writeFileSync(path.join(staging, REDIRECTS_FILE), `${JSON.stringify(redirects, null, 2)}\n`);
    renameSync(staging, dir);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  const versions = [name, ...listed];
  writeFileSync(path.join(root, VERSIONS_FILE), `${JSON.stringify(versions, null, 2)}\n`);
  return { dir, versions };
}

/** The folders plugins keep out of versions (`unversioned`: the blog's), in the content folder and in each locale's. */
function unversionedFolders(config: ResolvedConfig): Set<string> {
  const folders = config.plugins.flatMap((plugin) => plugin.unversioned ?? []).map((f) => f.replace(/^\/+|\/+$/g, ''));
  const locales = (config.locales ?? []).filter((l) => l.key).map((l) => l.key);
  return new Set(folders.flatMap((folder) => [folder, ...locales.map((key) => `${key}/${folder}`)]));
}

/**
 * The project's files outside content/ that the MDX pages import, from the root: not the ones in
 * content/ (copied with it), in node_modules or outside the project.
 */
function componentFiles(config: ResolvedConfig): string[] {
  const found = new Set<string>();
  const content = path.relative(config.root, config.contentDir).split(path.sep).join('/');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(file);
      } else if (entry.isFile() && /\.mdx$/i.test(entry.name)) {
        const imports = importLines(readFileSync(file, 'utf8'))
          .filter((i) => !/\.mdx?$/i.test(i.from)) // Markdown imports are includes, from content/
          .map((i) => i.from);
        for (const imported of importedProjectFiles(imports, dir, config.root)) found.add(imported);
      }
    }
  };
  walk(config.contentDir);
  return [...found].filter(
    (file) => !file.startsWith('../') && !path.isAbsolute(file) && file !== content && !file.startsWith(`${content}/`),
  );
}

/** The redirect table as configured: the copies of it the configuration made for each locale left out. */
function ownRedirects(config: ResolvedConfig): ResolvedConfig['redirects'] {
  const { locales } = config;
  if (!locales) return config.redirects;
  return config.redirects.filter((r) => splitLocale(locales, withSlash(r.from)).locale.key === '');
}
