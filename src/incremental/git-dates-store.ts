import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { cachePath, readCacheSync, writeCacheSync } from './cache.js';
import { sha1 } from './hash.js';
import type { ResolvedConfig } from '../config/schema.js';

/** Changes when what is kept does (the dates' shape, or how the log is read): an older store is then not read. */
const FORMAT = 1;

/**
 * The "Last updated" dates git's log gives a content folder, kept for the next process: the log walks the whole
 * history (at 10,000 pages 0.1-0.3 s of waiting in every build, more on a long history), yet what it says depends
 * only on the commit checked out, and on how much of the history a shallow clone has. Uncommitted edits and files
 * git does not know are not in the log (their dates come from the files, in every build), so a store under those
 * keys gives what the log would.
 */
export function storedGitDates(
  config: Pick<ResolvedConfig, 'root'>,
  contentDir: string,
  log: () => Map<string, string>,
): Map<string, string> {
  const state = checkedOut(contentDir);
  if (!state) return log();
  const file = cachePath(config, `git-dates-${sha1(contentDir).slice(0, 12)}.v8`);
  const salt = sha1(String(FORMAT), contentDir, state);
  const stored = readCacheSync<Map<string, string>>(file, salt);
  if (stored) return stored;
  const dates = log();
  writeCacheSync(file, salt, dates);
  return dates;
}

/**
 * The commit checked out where `dir` is, with the list of a shallow clone's boundary commits (fetching more of its
 * history changes the log, not the commit); undefined when git cannot tell (no commit yet, no git).
 */
function checkedOut(dir: string): string | undefined {
  try {
    const [head, commonDir] = execFileSync('git', ['rev-parse', 'HEAD', '--git-common-dir'], {
      cwd: dir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .trim()
      .split('\n');
    if (!head || !commonDir) return undefined;
    let shallow = '';
    try {
      shallow = readFileSync(path.resolve(dir, commonDir, 'shallow'), 'utf8');
    } catch {
      // A full clone.
    }
    return `${head}\0${shallow}`;
  } catch {
    return undefined;
  }
}
