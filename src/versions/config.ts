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
import { redirectTargetProblem } from '../shared/paths.js';
import { readProjectText, RefusedFile, resolveProjectFile } from '../content/project-files.js';

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

/**
 * Names a version may not have: its pages would sit in the output's own folder (`assets/`, whose files
 * are cached for a year as immutable) or stand where the output's own files are (`404.html`, ...).
 */
export const RESERVED_VERSION_NAMES = [
  'assets',
  '404.html',
  'index.html',
  'index.md',
  'search.json',
  'routes.json',
  'pages.json',
  'robots.txt',
  'sitemap.xml',
  'feed.xml',
  'llms.txt',
  'llms-full.txt',
  'favicon.svg',
  'nginx-headers.conf',
  'nginx-redirects.conf',
  '_headers',
  '_redirects',
  '__dev',
];

const RESERVED_FIRST_FOLDER = new RegExp(
  `^/(?:${RESERVED_VERSION_NAMES.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?:/|$)`,
  'i',
);

/** Whether a route's first folder is one of RESERVED_VERSION_NAMES, in any case (one test a page, no copies). */
export function underReservedName(route: string): boolean {
  return RESERVED_FIRST_FOLDER.test(route);
}

/** Why a version may not have this name (it collides with the output's own files and folders), or null. */
export function reservedVersionName(name: string): string | null {
  const lower = name.toLowerCase();
  if (RESERVED_VERSION_NAMES.includes(lower) || /\.(?:html?|json|txt|xml|md|conf|svg|js|css)$/.test(lower))
    return `"${name}" is the name of one of the site's own files or folders (${RESERVED_VERSION_NAMES.slice(0, 5).join(', ')}, ...): the version's pages would stand in their place`;
  return null;
}

/** Longest version name: it is a folder name, and part of output file names (file systems stop at 255 bytes). */
export const MAX_VERSION_NAME = 64;

const versionName = z
  .string()
  .regex(VERSION_NAME, 'a version name of letters, digits, ".", "-" and "_" ("2.0")')
  .max(MAX_VERSION_NAME, `a version name of at most ${MAX_VERSION_NAME} characters ("2.0")`)
  .refine((name) => reservedVersionName(name) === null, {
    message:
      'a version name that is not one of the output\'s own files or folders ("assets", "404.html", ...), such as "2.0"',
  });
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
  const reserved = Array.isArray(names)
    ? names.find((n) => typeof n === 'string' && reservedVersionName(n))
    : undefined;
  if (reserved !== undefined)
    throw new BuildFailure([
      new BuildError(
        `${VERSIONS_FILE} lists a version named ${reservedVersionName(reserved)}`,
        { file: VERSIONS_FILE },
        `rename the version (its folder ${VERSIONS_DIR}/${reserved}/ and its entry here), such as "v${reserved.replace(/\W+/g, '-')}"`,
      ),
    ]);
  if (
    !Array.isArray(names) ||
    !names.every((n) => typeof n === 'string' && VERSION_NAME.test(n) && n.length <= MAX_VERSION_NAME)
  ) {
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

/** A snapshot's JSON file: read only inside the project, a regular file of at most 64 MB (src/content/project-files.ts). */
function readJson(file: string, root: string): unknown {
  if (!existsSync(file)) return undefined;
  try {
    const rules = {
      within: [root],
      withinName: 'the project',
      maxBytes: 64 * 1024 * 1024,
      limitSetting: 'limits.fileBytes',
    };
    return JSON.parse(readProjectText(file, rules, path.relative(root, file)));
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

/** A snapshot's redirects.json: a list of `{ from, to }` whose targets are the site's paths or http(s) URLs. */
function checkRedirects(value: unknown, file: string, root: string): ResolvedVersion['redirects'] {
  if (value === undefined) return undefined;
  const place = { file: path.relative(root, file) };
  const fix =
    'write it as a JSON list of { "from": "/old/", "to": "/new/" }, or take the snapshot again with `docs version <name>`';
  if (!Array.isArray(value))
    throw new BuildFailure([new BuildError(`${REDIRECTS_FILE} is not a list of redirects`, place, fix)]);
  const problems: BuildError[] = [];
  value.forEach((entry: { from?: unknown; to?: unknown } | null, i) => {
    if (typeof entry?.from !== 'string' || !entry.from.startsWith('/') || typeof entry.to !== 'string')
      problems.push(new BuildError(`redirect ${i + 1} has no "from" route and "to" target`, place, fix));
    else {
      const why = redirectTargetProblem(entry.to);
      if (why)
        problems.push(
          new BuildError(
            `redirect ${i + 1} (from ${entry.from}) goes to ${JSON.stringify(entry.to)}, which ${why}`,
            place,
            'point it at a page of the site or an https:// address (a redirect page navigates there by script)',
          ),
        );
    }
  });
  if (problems.length) throw new BuildFailure(problems);
  return value as ResolvedVersion['redirects'];
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
  try {
    // A folder a symbolic link leads out of the project would publish the machine's files.
    resolveProjectFile(contentDir, { within: [root], withinName: 'the project' }, path.relative(root, contentDir));
  } catch (error) {
    if (!(error instanceof RefusedFile)) throw error;
    throw new BuildFailure([
      new BuildError(
        `version "${name}": ${error.message}`,
        { file: path.relative(root, contentDir) },
        `make ${path.relative(root, contentDir)} a folder of the project (not a link out of it), or take the snapshot again with \`docs version ${name}\``,
      ),
    ]);
  }
  const sidebar = readJson(path.join(dir, SIDEBAR_FILE), root) as SidebarJson | undefined;
  const constants = readJson(path.join(dir, CONSTANTS_FILE), root) as Record<string, string | number> | undefined;
  const redirects = checkRedirects(
    readJson(path.join(dir, REDIRECTS_FILE), root),
    path.join(dir, REDIRECTS_FILE),
    root,
  );
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
