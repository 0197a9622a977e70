import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, renameSync, rmdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { readCache, sha1, writeCache } from './cache.js';
import type { OutputFile } from './types.js';

/** What a page's files were rendered from, and where they are. */
export interface PageEntry {
  /** Hash of everything the files show (src/layout-keys.ts): equal keys, equal files. */
  renderKey: string;
  /** Path of the chunk, for the route table. */
  chunk: string;
  paths: string[];
}

/** What an output folder holds: each page's files by route, and a content hash of every other file. */
export interface OutputManifest {
  pages: Map<string, PageEntry>;
  siteFiles: Map<string, string>;
}

export interface BuildOutput {
  /** Files to write: everything but the pages already written to the staging folder or kept. */
  files: OutputFile[];
  /** Every page of the site. */
  pages: Map<string, PageEntry>;
  /** Routes whose files are those of the previous output (`Writer.previous`). */
  kept: Set<string>;
}

/** Where a build's files go. Only the pages stage (into `staging`) and `commit` touch the output. */
export interface Writer {
  /** A folder pages may be written into while the build runs, or null: their files come with `commit`. */
  readonly staging: string | null;
  /** The previous output, when its page files can be kept (every one of them is still there). */
  previous(): Promise<OutputManifest | undefined>;
  commit(output: BuildOutput): Promise<void>;
  /** Drops what was staged (the build failed). */
  discard(): Promise<void>;
}

/**
 * Writes into a temporary folder beside the output and swaps it in only when every file is
 * written, so a failed build never leaves half a site. With a manifest file (kept in the cache),
 * pages unchanged since the last build are hard-linked from the previous output instead of
 * written, and a build that changes nothing leaves the output as it is.
 */
export class FsWriter implements Writer {
  readonly staging: string;
  private readonly stamp = `${process.pid}-${Date.now()}-${randomBytes(4).toString('hex')}`;

  constructor(
    readonly outDir: string,
    private readonly options: { manifest?: string } = {},
  ) {
    // Unique per build: two builds in one process (or one millisecond) must not share folders.
    this.staging = `${outDir}.tmp-${this.stamp}`;
  }

  private found?: Promise<OutputManifest | undefined>;

  /** The manifest describes the output folder only if that folder is the one this writer last put in place. */
  previous(): Promise<OutputManifest | undefined> {
    this.found ??= this.readPrevious();
    return this.found;
  }

  private async readPrevious(): Promise<OutputManifest | undefined> {
    if (!this.options.manifest) return undefined;
    const stored = await readCache<{ folder: string; manifest: OutputManifest }>(this.options.manifest, this.outDir);
    const folder = await stat(this.outDir).then((s) => `${s.dev}:${s.ino}`, () => null);
    if (!stored || stored.folder !== folder) return undefined;
    // A page whose files were deleted by hand is rendered again.
    for (const [route, entry] of stored.manifest.pages) {
      if (!entry.paths.every((p) => statSync(path.join(this.outDir, p), { throwIfNoEntry: false })?.isFile())) stored.manifest.pages.delete(route);
    }
    return stored.manifest;
  }

  async commit(output: BuildOutput): Promise<void> {
    const previous = output.kept.size ? await this.previous() : undefined;
    const siteFiles = new Map(output.files.map((f) => [f.path, sha1(f.contents)]));
    if (previous && output.kept.size === output.pages.size && sameEntries(siteFiles, previous.siteFiles) && sameEntries(output.pages, previous.pages, (a, b) => a.renderKey === b.renderKey)) {
      await this.discard(); // nothing changed: the output stays as it is
      return;
    }
    if (previous && !pathConflicts(previous, output)) return this.update(previous, output, siteFiles);
    const olds: string[] = [];
    try {
      const made = new Set<string>();
      const dirOf = (file: string) => {
        const dir = path.dirname(path.join(this.staging, file));
        if (!made.has(dir)) mkdirSync(dir, { recursive: true });
        made.add(dir);
      };
      mkdirSync(this.staging, { recursive: true });
      for (const route of output.kept) {
        for (const file of output.pages.get(route)!.paths) {
          dirOf(file);
          linkSync(path.join(this.outDir, file), path.join(this.staging, file));
        }
      }
      for (const file of output.files) {
        dirOf(file.path);
        writeFileSync(path.join(this.staging, file.path), file.contents);
      }
      // Another build may put its output in place between our two renames: move that aside too, and retry.
      for (let attempt = 0; ; attempt++) {
        const old = `${this.outDir}.old-${this.stamp}-${attempt}`;
        olds.push(old);
        await rename(this.outDir, old).catch((error: NodeJS.ErrnoException) => {
          if (error.code !== 'ENOENT') throw error;
        });
        try {
          await rename(this.staging, this.outDir);
          break;
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code;
          if (attempt >= 10 || (code !== 'ENOTEMPTY' && code !== 'EEXIST')) throw error;
        }
      }
      await this.saveManifest(output, siteFiles);
    } finally {
      await this.discard();
      await Promise.all(olds.map((old) => rm(old, { recursive: true, force: true })));
    }
  }

  /**
   * An output with pages kept is updated in place, file by file, each replaced atomically (written
   * beside it, then renamed over it): new content-hashed assets first, then the pages and files
   * that refer to them, and last the files the site no longer has, so that at every moment each
   * page is whole and finds its assets. Cheaper than a new folder when most of the site stays
   * (at 10,000 pages, linking 30,000 files and deleting the old folder took 4 s).
   */
  private async update(previous: OutputManifest, output: BuildOutput, siteFiles: Map<string, string>): Promise<void> {
    // Until the new manifest is written, the next build must not trust the old one.
    await rm(this.options.manifest!, { force: true });
    const made = new Set<string>();
    const target = (file: string) => {
      const full = path.join(this.outDir, file);
      const dir = path.dirname(full);
      if (!made.has(dir)) mkdirSync(dir, { recursive: true });
      made.add(dir);
      return full;
    };
    const rendered = [...output.pages].filter(([route]) => !output.kept.has(route)).flatMap(([, entry]) => entry.paths);
    const changed = output.files.filter((file) => previous.siteFiles.get(file.path) !== siteFiles.get(file.path));
    const isAsset = (file: string) => file.startsWith('assets/');
    for (const assets of [true, false]) {
      for (const file of rendered) if (isAsset(file) === assets) renameSync(path.join(this.staging, file), target(file));
      for (const file of changed) {
        if (isAsset(file.path) !== assets) continue;
        const full = target(file.path);
        writeFileSync(`${full}.tmp-${this.stamp}`, file.contents);
        renameSync(`${full}.tmp-${this.stamp}`, full);
      }
    }
    const now = new Set([...[...output.pages.values()].flatMap((entry) => entry.paths), ...siteFiles.keys()]);
    const gone = [...[...previous.pages.values()].flatMap((entry) => entry.paths), ...previous.siteFiles.keys()].filter((file) => !now.has(file));
    const emptied = new Set<string>();
    for (const file of gone) {
      rmSync(path.join(this.outDir, file), { force: true });
      for (let dir = path.posix.dirname(file); dir !== '.'; dir = path.posix.dirname(dir)) emptied.add(dir);
    }
    // Deepest first; a folder that still holds something stays.
    for (const dir of [...emptied].sort((a, b) => b.length - a.length)) removeIfEmpty(path.join(this.outDir, dir));
    await this.discard();
    await this.saveManifest(output, siteFiles);
  }

  private async saveManifest(output: BuildOutput, siteFiles: Map<string, string>): Promise<void> {
    if (!this.options.manifest) return;
    const s = await stat(this.outDir);
    await writeCache(this.options.manifest, this.outDir, { folder: `${s.dev}:${s.ino}`, manifest: { pages: output.pages, siteFiles } satisfies OutputManifest });
  }

  async discard(): Promise<void> {
    await rm(this.staging, { recursive: true, force: true });
  }
}

function removeIfEmpty(dir: string): void {
  try {
    rmdirSync(dir);
  } catch {
    // Not empty (or already gone): it stays.
  }
}

/** A path that is a file in one output and a folder in the other: the update cannot go file by file. */
function pathConflicts(previous: OutputManifest, output: BuildOutput): boolean {
  const files = new Set([...[...previous.pages.values(), ...output.pages.values()].flatMap((entry) => entry.paths), ...previous.siteFiles.keys(), ...output.files.map((f) => f.path)]);
  for (const file of files) for (let dir = path.posix.dirname(file); dir !== '.'; dir = path.posix.dirname(dir)) if (files.has(dir)) return true;
  return false;
}

function sameEntries<T>(a: Map<string, T>, b: Map<string, T>, same: (x: T, y: T) => boolean = (x, y) => x === y): boolean {
  if (a.size !== b.size) return false;
  for (const [key, value] of a) {
    const other = b.get(key);
    if (other === undefined || !same(value, other)) return false;
  }
  return true;
}

/** Keeps the site in memory: for tests and for the dev server. */
export class MemoryWriter implements Writer {
  readonly staging = null;
  readonly files = new Map<string, string | Uint8Array>();
  async previous(): Promise<undefined> {
    return undefined;
  }
  async commit(output: BuildOutput): Promise<void> {
    this.files.clear();
    for (const f of output.files) this.files.set(f.path, f.contents);
  }
  async discard(): Promise<void> {}
  text(file: string): string | undefined {
    const c = this.files.get(file);
    return c === undefined ? undefined : typeof c === 'string' ? c : Buffer.from(c).toString('utf8');
  }
}

/** A whole site as files, committed without any page kept (tests, and callers that render everything themselves). */
export function allFiles(files: OutputFile[]): BuildOutput {
  return { files, pages: new Map(), kept: new Set() };
}
