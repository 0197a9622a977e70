import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
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
      if (this.options.manifest) {
        const s = await stat(this.outDir);
        await writeCache(this.options.manifest, this.outDir, { folder: `${s.dev}:${s.ino}`, manifest: { pages: output.pages, siteFiles } satisfies OutputManifest });
      }
    } finally {
      await this.discard();
      await Promise.all(olds.map((old) => rm(old, { recursive: true, force: true })));
    }
  }

  async discard(): Promise<void> {
    await rm(this.staging, { recursive: true, force: true });
  }
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
