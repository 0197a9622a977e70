import { statSync, type Stats } from 'node:fs';
import { deserialize, serialize } from 'node:v8';
import { cachePath, codeVersion } from './cache.js';
import type { ResolvedConfig } from './config.js';
import { sha1 } from './hash.js';
import { ShardedCache } from './sharded-cache.js';
import type { PageSource } from './types.js';
import { contentFile } from './versions/paths.js';
import { bodyKey, withLazyBody } from './page-body.js';

/** A file's identity on disk: inode, size, modification and change time (src/build-record.ts stamps inputs the same way). */
export type FileStamp = string;

/** The stamp of a stat'ed file; src/build-record.ts's walk of the project stamps with it too, and this build takes its stamps. */
export function statStamp(s: Stats): FileStamp {
  return `${s.ino} ${s.size} ${s.mtimeMs} ${s.ctimeMs}`;
}

/** The stamp of a file, or undefined when it cannot be stat'ed. */
export function fileStamp(file: string): FileStamp | undefined {
  const s = statSync(file, { throwIfNoEntry: false });
  return s?.isFile() ? statStamp(s) : undefined;
}

/**
 * A parsed page as kept: its file's stamp, its partials' stamps, and the source as bytes (a copy no
 * later stage can change), its body apart as UTF-8 with its digest (src/page-body.ts).
 */
interface Kept {
  stamp: FileStamp;
  inputs: [file: string, stamp: FileStamp | undefined][];
  source: Uint8Array;
  body: Uint8Array;
  bodyKey: string;
}

/**
 * Parsed page sources (frontmatter read and checked, partials taken in) kept between builds by the
 * stamps of their files: a page whose file and partials have the stamps they had is not read or
 * parsed again (at 10,000 pages, reading and parsing every page's frontmatter is 2 s of CPU a
 * build). Only pages parsed without problems are kept (their messages must show every run), and
 * not MDX pages (their components' imports are other files). Kept in 256 shards by path, so an
 * edit rewrites one; only this build's pages are kept. The stamps are taken before the file is
 * read, so an edit while the build reads it makes the next stamp differ.
 */
export class SourceCache {
  private constructor(
    private readonly config: ResolvedConfig,
    private readonly entries: ShardedCache<Kept>,
    /** Stamps already taken by this build (src/build-record.ts's walk of the project): not taken again. */
    private readonly known: Map<string, FileStamp>,
  ) {}

  static async open(config: ResolvedConfig, known = new Map<string, FileStamp>()): Promise<SourceCache> {
    const salt = sha1(
      await codeVersion(),
      JSON.stringify([config.contentDir, config.versions?.map((v) => [v.key, v.contentDir])]),
    );
    return new SourceCache(config, await ShardedCache.open<Kept>(cachePath(config, 'sources'), salt), known);
  }

  /** The file's stamp now (from this build's walk when it took one). */
  stamp(file: string): FileStamp | undefined {
    return this.known.get(file) ?? fileStamp(file);
  }

  /** The page as parsed before, if its file (stamped `stamp`) and partials are as they were then. */
  get(relativePath: string, stamp: FileStamp | undefined): PageSource | undefined {
    if (stamp === undefined) return undefined;
    const kept = this.entries.get(keyOf(relativePath));
    if (kept?.stamp !== stamp) return undefined;
    if (!kept.inputs.every(([file, was]) => this.stamp(contentFile(this.config, file)) === was)) return undefined;
    return withLazyBody(deserialize(kept.source) as Omit<PageSource, 'body'>, kept.bodyKey, kept.body);
  }

  /** Keeps a page parsed without problems from a file stamped `stamp` (taken before it was read). */
  set(source: PageSource, stamp: FileStamp | undefined): void {
    if (stamp === undefined || /\.mdx$/i.test(source.relativePath)) return;
    const inputs = (source.included?.files ?? []).map((file): [string, FileStamp | undefined] => [
      file,
      this.stamp(contentFile(this.config, file)),
    ]);
    const { body, ...rest } = source;
    this.entries.set(keyOf(source.relativePath), {
      stamp,
      inputs,
      source: serialize(rest),
      body: encoder.encode(body),
      bodyKey: bodyKey(source),
    });
  }

  /** Keeps only this build's pages; rewrites the shards that changed. */
  save(): Promise<void> {
    return this.entries.save();
  }
}

const keyOf = (relativePath: string) => sha1(relativePath);
const encoder = new TextEncoder();
