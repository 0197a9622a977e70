import { execFileSync } from 'node:child_process';
import { inGitCheckout } from '../content/git.js';
import { contentFile } from '../versions/paths.js';
import type { ResolvedConfig } from '../config/schema.js';
import { storedGitDates } from '../incremental/git-dates-store.js';
import { modifiedOnDisk, type TakenStamps } from '../incremental/taken-stamps.js';

/**
 * When each page's source last changed: the date of the last commit that touched it, from ONE
 * `git log` over the content folder (one call per file is slow on a big site); the file's mtime
 * for files git does not know (new, or no git at all). Keys are paths under the content folder.
 * The log is read once per configuration: "Last updated" and the sitemap of a build share it
 * (so `dev` sees commits made while it runs when it restarts or its configuration changes).
 */
export function lastModified(site: {
  config: ResolvedConfig;
  pages: { relativePath: string }[];
  taken?: TakenStamps;
}): Map<string, string> {
  let logged = logs.get(site.config);
  if (!logged) logs.set(site.config, (logged = versionedGitDates(site.config)));
  const dates = new Map(logged);
  for (const page of site.pages) {
    if (dates.has(page.relativePath)) continue;
    const file = contentFile(site.config, page.relativePath);
    const date = site.taken ? site.taken.modified(file) : modifiedOnDisk(file);
    if (date) dates.set(page.relativePath, date);
  }
  return dates;
}

const logs = new WeakMap<ResolvedConfig, Map<string, string>>();

/** The dates of each version's folder, named as the site names its pages ("1.0/guide.md"). */
function versionedGitDates(config: ResolvedConfig): Map<string, string> {
  if (!config.versions) return gitDates(config, config.contentDir);
  const dates = new Map<string, string>();
  for (const { key, contentDir } of config.versions)
    for (const [file, date] of gitDates(config, contentDir)) dates.set(key ? `${key}/${file}` : file, date);
  return dates;
}

/** The log's dates of a content folder: the last process's while the same commit is checked out. */
function gitDates(config: ResolvedConfig, contentDir: string): Map<string, string> {
  if (!inGitCheckout(contentDir)) return new Map();
  return storedGitDates(config, contentDir, () => loggedDates(contentDir));
}

/** Newest first, so the first date seen for a file is its last change. */
function loggedDates(contentDir: string): Map<string, string> {
  const dates = new Map<string, string>();
  let log: string;
  try {
    log = execFileSync('git', ['log', '--relative', '--name-only', '--no-renames', '--format=%x00%cI', '--', '.'], {
      cwd: contentDir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      maxBuffer: 256 * 1024 * 1024,
    });
  } catch {
    return dates; // not a git checkout, or git is not installed
  }
  for (const commit of log.split('\0').slice(1)) {
    const [date, ...files] = commit.split('\n').filter(Boolean);
    for (const file of files) if (!dates.has(file)) dates.set(file, date);
  }
  return dates;
}
