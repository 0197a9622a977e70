/**
 * Versions in the configuration: which version content/ is, the older ones snapshotted into
 * versions/<name>/ (by `docs version <name>`), and an optional unreleased "next". Each version
 * resolves to its content folder, its route segment, its sidebar and its constants.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { BuildError, BuildFailure } from '../model/errors.js';
import { ENGLISH } from '../i18n/strings.js';

/** Version names are folder names and URL segments: "2.0", "v1", "2024-06". */
export const VERSION_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
/** The route segment of the unreleased version when `next` is set. */
export const NEXT = 'next';
/** Beside docs.config.ts: the older versions, newest first, as `docs version` lists them. */
export const VERSIONS_FILE = 'versions.json';
/** Beside docs.config.ts: one folder per older version. */
export const VERSIONS_DIR = 'versions';
/** In a version's folder: what it pinned of the configuration when it was snapshotted. */
export const SIDEBAR_FILE = 'sidebar.json';
export const CONSTANTS_FILE = 'constants.json';
export const REDIRECTS_FILE = 'redirects.json';

const versionName = z.string().regex(VERSION_NAME, 'a version name of letters, digits, ".", "-" and "_" ("2.0")');
const olderVersion = z.union([versionName, z.strictObject({ name: versionName, label: z.string().min(1) })]);

/** `versions` of docs.config.ts. */
export const versionsSchema = z
  .strictObject({
    /** The version readers get at /docs/...: its name ("3.0") and its label in the version menu. @default label: the name */
    current: z.strictObject({ name: versionName, label: z.string().min(1).optional() }),
    /** Older versions, newest first, each in versions/<name>/ and served at /docs/<name>/... @default the names in versions.json */
    older: z.array(olderVersion).optional(),
    /**
     * An unreleased version: content/ is served at /docs/next/..., and the current version is then
     * the snapshot versions/<current.name>/. @default none (content/ is the current version)
     */
    next: z.strictObject({ label: z.string().min(1).optional() }).optional(),
  })
  .optional();

export type VersionsConfig = z.infer<typeof versionsSchema>;
type SidebarJson = unknown;

export interface ResolvedVersion {
  name: string;
  label: string;
  /** Route segment: "" for the current version, else its name (or "next"). */
  key: string;
  /** The unreleased version's label was not configured: each language shows its own word ("Next"). */
  defaultLabel?: true;
  /** Which of the three it is: the current one is the canonical home of every page. */
  kind: 'current' | 'older' | 'next';
  /** The folder of its Markdown: content/ or versions/<name>/content/. */
  contentDir: string;
  /** Its own sidebar (a snapshot's sidebar.json); undefined: the configured one (content/) or generated. */
  sidebar?: SidebarJson;
  /** Its own constants over the configuration's (a snapshot's constants.json). */
  constants?: Record<string, string | number>;
  /** Its own redirect table, in place of the configuration's (a snapshot's redirects.json), routes within the version. */
  redirects?: { from: string; to: string }[];
}

/** The folder a version's snapshot lives in. */
export const versionDir = (root: string, name: string) => path.join(root, VERSIONS_DIR, name);

/** The older versions versions.json lists (newest first); none when it does not exist. */
export function readVersionsFile(root: string): string[] {
  const file = path.join(root, VERSIONS_FILE);
  if (!existsSync(file)) return [];
  let names: unknown;
  try {
    names = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new BuildFailure([
      new BuildError(
        `cannot read ${VERSIONS_FILE}: ${(error as Error).message}`,
        { file: VERSIONS_FILE },
        'write it as a JSON array of version names, newest first: ["2.0", "1.0"]',
      ),
    ]);
  }
  if (!Array.isArray(names) || !names.every((n) => typeof n === 'string' && VERSION_NAME.test(n))) {
    throw new BuildFailure([
      new BuildError(
        `${VERSIONS_FILE} is not a list of version names`,
        { file: VERSIONS_FILE },
        'write it as a JSON array of version names, newest first: ["2.0", "1.0"]',
      ),
    ]);
  }
  return names as string[];
}

function readJson(file: string, root: string): unknown {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new BuildFailure([
      new BuildError(
        `cannot read ${path.relative(root, file)}: ${(error as Error).message}`,
        { file: path.relative(root, file) },
        'fix the JSON, or take the snapshot again with `docs version <name>`',
      ),
    ]);
  }
}

/** A snapshot of a version: its content folder, and what it pinned of the configuration. */
function snapshot(
  root: string,
  name: string,
  place: string,
): Pick<ResolvedVersion, 'contentDir' | 'sidebar' | 'constants' | 'redirects'> {
  const dir = versionDir(root, name);
  const contentDir = path.join(dir, 'content');
  if (!existsSync(contentDir)) {
    throw new BuildFailure([
      new BuildError(
        `version "${name}" has no content: ${path.relative(root, contentDir)} does not exist`,
        { file: place },
        `snapshot it with \`docs version ${name}\`, or remove it from the versions`,
      ),
    ]);
  }
  const sidebar = readJson(path.join(dir, SIDEBAR_FILE), root) as SidebarJson | undefined;
  const constants = readJson(path.join(dir, CONSTANTS_FILE), root) as Record<string, string | number> | undefined;
  const redirects = readJson(path.join(dir, REDIRECTS_FILE), root) as ResolvedVersion['redirects'];
  return {
    contentDir,
    ...(sidebar ? { sidebar } : {}),
    ...(constants ? { constants } : {}),
    ...(redirects ? { redirects } : {}),
  };
}

/**
 * Versions without a `versions` key, when versions.json lists some (as `docs version` leaves it):
 * as in Docusaurus, the newest snapshot is the current version at the base and content/ is the
 * unreleased "next", so the command alone makes a versioned site and the base keeps showing
 * what was released.
 */
function fromVersionsFile(root: string): VersionsConfig {
  const [newest] = readVersionsFile(root);
  return newest ? { current: { name: newest }, next: {} } : undefined;
}

/**
 * The versions of a configuration, the current one first, then "next", then the older ones
 * newest first; undefined for an unversioned site. `localeKeys`: a version's segment must not
 * be a locale's, since both are route prefixes.
 */
export function resolveVersions(
  versions: VersionsConfig,
  root: string,
  contentDir: string,
  localeKeys: string[],
  file: string,
): ResolvedVersion[] | undefined {
  versions ??= fromVersionsFile(root);
  if (!versions) return undefined;
  const olderList = (versions.older ?? readVersionsFile(root)).map((v) =>
    typeof v === 'string' ? { name: v, label: v } : v,
  );
  const { current, next } = versions;
  const problems: BuildError[] = [];
  const seen = new Set<string>();
  for (const { name } of olderList) {
    if (seen.has(name))
      problems.push(new BuildError(`version "${name}" is listed twice`, { file }, 'list each older version once'));
    seen.add(name);
    if (name === current.name && !next)
      problems.push(
        new BuildError(
          `the older version "${name}" has the current version's name`,
          { file },
          `set "versions.current.name" to the version content/ holds now (the one after ${name})`,
        ),
      );
    if (name === NEXT)
      problems.push(
        new BuildError(
          `"${NEXT}" cannot name an older version: it is the unreleased version's route`,
          { file },
          'rename the version',
        ),
      );
    if (localeKeys.includes(name))
      problems.push(
        new BuildError(
          `version "${name}" has the name of a locale`,
          { file },
          'rename the version: both are route prefixes',
        ),
      );
  }
  if (next && !olderList.some((v) => v.name === current.name)) {
    problems.push(
      new BuildError(
        `with "versions.next", the current version "${current.name}" must be a snapshot in ${VERSIONS_DIR}/${current.name}/`,
        { file },
        `snapshot it with \`docs version ${current.name}\``,
      ),
    );
  }
  if (problems.length) throw new BuildFailure(problems);
  const label = current.label ?? current.name;
  const out: ResolvedVersion[] = [];
  if (next) {
    out.push({ name: current.name, label, key: '', kind: 'current', ...snapshot(root, current.name, file) });
    out.push({
      name: NEXT,
      label: next.label ?? ENGLISH['version.next'],
      ...(next.label ? {} : { defaultLabel: true as const }),
      key: NEXT,
      kind: 'next',
      contentDir,
    });
  } else {
    out.push({ name: current.name, label, key: '', kind: 'current', contentDir });
  }
  for (const v of olderList)
    if (!(next && v.name === current.name))
      out.push({ name: v.name, label: v.label, key: v.name, kind: 'older', ...snapshot(root, v.name, file) });
  return out;
}
