import { execFileSync } from 'node:child_process';
import { readdirSync, readlinkSync, statSync, type Dirent } from 'node:fs';
import path from 'node:path';
import { cachePath, codeVersion, readCache, writeCache } from './cache.js';
import type { ResolvedConfig } from '../config/schema.js';
import { BuildError } from '../model/errors.js';
import { inGitCheckout } from '../content/git.js';
import { sha1 } from './hash.js';
import { statStamp, type FileStamp } from './file-identity.js';
import type { ShownVersion } from '../write/index.js';

/**
 * The last build's record: a stamp of every input (the project's files by size and modification
 * time, the resolved configuration, the generator's own sources) and what the build reported. A
 * build whose inputs have the same stamp, while the output is still the version that build made,
 * has nothing to do: it reads no page, no cache and no frontmatter.
 */

/** What a build reports, as the record keeps it for the next unchanged build to report again. */
export interface BuildSummary {
  pages: number;
  redirects: number;
  warnings: ReturnType<BuildError['toJSON']>[];
  missingTranslations?: Record<string, string[]>;
}

interface StoredRecord {
  /** The output version the build left (the folder `dist` points at). */
  version: ShownVersion;
  summary: BuildSummary;
}

/** Changes when the stamp's recipe does: an older record then never matches. */
const RECORD_FORMAT = 1;

function recordFile(config: ResolvedConfig): string {
  return cachePath(config, `last-build-${sha1(config.outDir).slice(0, 12)}.v8`);
}

/**
 * The stamp of everything a build of `config` reads, from stats alone (no file is read): taken
 * before the build reads anything, so a file edited while it runs makes the next stamp differ.
 * Undefined when the configuration cannot be written down (the build then keeps no record).
 */
export async function inputStamp(config: ResolvedConfig, stamps?: Map<string, FileStamp>): Promise<string | undefined> {
  const settings = configText(config);
  if (settings === undefined) return undefined;
  const generator = await codeVersion(); // the generator's key, taken once a process
  const files = projectFiles(config, stamps);
  return sha1(String(RECORD_FORMAT), generator, settings, config.theme.lastUpdated ? gitHead(config.root) : '', files);
}

/**
 * The resolved configuration as text: functions (plugins, remark plugins) by their source, so an
 * edited hook changes it; what they import is among the project's files. Undefined if it cannot be
 * written down (a cycle).
 */
function configText(config: ResolvedConfig): string | undefined {
  try {
    return JSON.stringify(config, (_key, value: unknown) => {
      if (typeof value === 'function') return `fn:${value.toString()}`;
      if (value instanceof Map) return [...value];
      if (value instanceof Set) return [...value];
      if (value instanceof RegExp) return `re:${value.toString()}`;
      return value;
    });
  } catch {
    return undefined;
  }
}

/**
 * Every file a build may read, by path, inode, size and times (the change time too, which no tool
 * sets back as `touch -r` or an unpacked archive set the modification time): the whole project folder
 * (content, configuration, constants, versions, layout parts, static files) and the content folder
 * if it is elsewhere. Left out: node_modules (the caches), hidden entries (.git, the output's
 * versions) and the output folder itself. Each file's stamp also goes to `stamps` (by absolute
 * path): the content stage takes pages by them (src/incremental/source-cache.ts) without a stat of its own.
 */
function projectFiles(config: ResolvedConfig, stamps?: Map<string, FileStamp>): string {
  const lines: string[] = [];
  const walk = (dir: string) => {
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      lines.push(`${dir} unreadable`);
      return;
    }
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const full = path.join(dir, entry.name);
      if (full === config.outDir) continue;
      if (entry.isDirectory()) walk(full);
      else {
        // A linked file counts as what it links to; a linked folder by its target (not walked: no cycles).
        // A link loop (ELOOP) stamps like a missing file: the content stage refuses it by name.
        let s: ReturnType<typeof statSync>;
        try {
          s = statSync(full, { throwIfNoEntry: false });
        } catch {
          s = undefined;
        }
        if (s?.isDirectory()) lines.push(`${full} -> ${readlinkSync(full)}`);
        else {
          const stamp = s ? statStamp(s) : 'missing';
          lines.push(`${full} ${stamp}`);
          if (s?.isFile()) stamps?.set(full, stamp);
        }
      }
    }
  };
  walk(config.root);
  if (path.relative(config.root, config.contentDir).startsWith('..')) walk(config.contentDir);
  return lines.join('\n');
}

/** The commit checked out: "last updated" dates come from git's log, which a commit changes. */
function gitHead(root: string): string {
  if (!inGitCheckout(root)) return 'no git';
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] }).toString();
  } catch {
    return 'no git';
  }
}

/** The last build's summary, when its stamp is `stamp` and the output is still the version it made. */
export async function unchangedBuild(
  config: ResolvedConfig,
  stamp: string,
  outputIs: (version: ShownVersion) => boolean,
): Promise<BuildSummary | undefined> {
  const record = await readCache<StoredRecord>(recordFile(config), stamp);
  if (!record || !outputIs(record.version)) return undefined;
  return record.summary;
}

/** Keeps the record of a build that succeeded (none when its output version is unknown). */
export async function saveRecord(
  config: ResolvedConfig,
  stamp: string,
  version: ShownVersion | undefined,
  summary: BuildSummary,
): Promise<void> {
  if (version === undefined) return;
  await writeCache(recordFile(config), stamp, { version, summary } satisfies StoredRecord);
}

/** The warnings of a summary, as the build reported them. */
export function summaryWarnings(summary: BuildSummary): BuildError[] {
  return summary.warnings.map(BuildError.fromJSON);
}
