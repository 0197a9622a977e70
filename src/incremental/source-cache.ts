import { deserialize, serialize } from 'node:v8';
import { cachePath, codeVersion } from './cache.js';
import type { ResolvedConfig } from '../config/index.js';
import { sha1 } from './hash.js';
import { fileStamp, type FileStamp } from './file-identity.js';
import { ShardedCache, shardOf } from './sharded-cache.js';
import { ShardCompanions } from './shard-companions.js';
import { BuildError } from '../model/errors.js';
import type { PageSource } from '../model/page.js';
import { contentFile } from '../versions/paths.js';
import { bodyKey, withLazyBody } from '../content/page-body.js';

/**
 * A parsed page as kept: its file's stamp, its partials' stamps, and the source as bytes (a copy no
 * later stage can change) without its body, which is kept apart as UTF-8 (in the file beside the
 * shard written with the stamp `bodies`, src/incremental/shard-companions.ts), and its body's digest (src/content/page-body.ts).
 */
interface Kept {
  stamp: FileStamp;
  inputs: [file: string, stamp: FileStamp | undefined][];
  source: Uint8Array;
  bodyKey: string;
  bodies: string;
}

/**
 * Parsed page sources (frontmatter read and checked, partials taken in) kept between builds by the
 * stamps of their files: a page whose file and partials have the stamps they had is not read or
 * parsed again (at 10,000 pages, reading and parsing every page's frontmatter is 2 s of CPU a
 * build). Only pages parsed without problems are kept (their messages must show every run), and
 * not MDX pages (their components' imports are other files). Kept in 256 shards by path, so an
 * edit rewrites one; only this build's pages are kept. The stamps are taken before the file is
 * read, so an edit while the build reads it makes the next stamp differ. The bodies are in a file
 * beside each shard, read when a page of it is rendered: a one-page edit at 10,000 pages reads
 * 7 MB of shards, not 74.
 */
export class SourceCache {
  /** The bodies of the pages parsed this build. */
  private readonly newBodies = new Map<string, Uint8Array>();

  private constructor(
    private readonly config: ResolvedConfig,
    private readonly entries: ShardedCache<Kept>,
    /** The kept pages' bodies, in a file beside each shard. */
    private readonly bodies: ShardCompanions<Uint8Array>,
    /** Stamps already taken by this build (src/incremental/build-record.ts's walk of the project): not taken again. */
    private readonly known: Map<string, FileStamp>,
  ) {}

  static async open(config: ResolvedConfig, known = new Map<string, FileStamp>()): Promise<SourceCache> {
    const salt = sha1(
      await codeVersion(),
      JSON.stringify([config.contentDir, config.versions?.map((v) => [v.key, v.contentDir])]),
    );
    const dir = cachePath(config, 'sources');
    return new SourceCache(
      config,
      await ShardedCache.open<Kept>(dir, salt),
      new ShardCompanions<Uint8Array>(dir, 'bodies', salt),
      known,
    );
  }

  /** The file's stamp now (from this build's walk when it took one). */
  stamp(file: string): FileStamp | undefined {
    return this.known.get(file) ?? fileStamp(file);
  }

  /** The page as parsed before, if its file (stamped `stamp`) and partials are as they were then. */
  get(relativePath: string, stamp: FileStamp | undefined): PageSource | undefined {
    if (stamp === undefined) return undefined;
    const key = keyOf(relativePath);
    const kept = this.entries.get(key);
    if (kept?.stamp !== stamp) return undefined;
    if (!kept.inputs.every(([file, was]) => this.stamp(contentFile(this.config, file)) === was)) return undefined;
    // Its bodies file may be another than the one written with it (a build died between the two).
    if (!this.bodies.has(shardOf(key), kept.bodies)) return undefined;
    const source = deserialize(kept.source) as Omit<PageSource, 'body'>;
    return withLazyBody(source, kept.bodyKey, () => this.storedBody(key, kept.bodies));
  }

  /** A kept page's body, from its shard's file (read once, when a page of it is first rendered). */
  private storedBody(key: string, stamp: string): Uint8Array {
    const body = this.bodies.get(shardOf(key), stamp, key);
    if (body) return body;
    throw new BuildError(
      `the source cache's file ${this.bodies.file(shardOf(key))} cannot be read`,
      { file: cachePath(this.config, 'sources') },
      'build again, or delete node_modules/.cache/docs/sources: its pages are read anew',
    );
  }

  /** Keeps a page parsed without problems from a file stamped `stamp` (taken before it was read). */
  set(source: PageSource, stamp: FileStamp | undefined): void {
    if (stamp === undefined || /\.mdx$/i.test(source.relativePath)) return;
    const inputs = (source.included?.files ?? []).map((file): [string, FileStamp | undefined] => [
      file,
      this.stamp(contentFile(this.config, file)),
    ]);
    const { body, ...rest } = source;
    const key = keyOf(source.relativePath);
    this.entries.set(key, { stamp, inputs, source: serialize(rest), bodyKey: bodyKey(source), bodies: '' });
    this.newBodies.set(key, encoder.encode(body));
  }

  /** Keeps only this build's pages; rewrites the shards that changed, each with its bodies' file first. */
  save(): Promise<void> {
    return this.entries.save(async (shard, entries) => {
      const bodies = new Map<string, Uint8Array>();
      for (const [key, kept] of entries) {
        const body = this.newBodies.get(key) ?? this.bodies.get(shard, kept.bodies, key);
        if (body) bodies.set(key, body);
        else entries.delete(key); // its body is lost: the page is read again next time
      }
      const stamp = await this.bodies.write(shard, bodies);
      return new Map([...entries].map(([key, kept]) => [key, { ...kept, bodies: stamp }]));
    });
  }
}

const keyOf = (relativePath: string) => sha1(relativePath);
const encoder = new TextEncoder();
