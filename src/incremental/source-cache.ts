import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { cachePath, codeVersion } from './cache.js';
import type { StampNow } from './changes.js';
import type { FileStamp } from './file-identity.js';
import type { ResolvedConfig } from '../config/schema.js';
import { sha1 } from './hash.js';
import { ShardedCache, shardOf } from './sharded-cache.js';
import { ShardCompanions } from './shard-companions.js';
import { BuildError } from '../model/errors.js';
import type { PageSource } from '../model/page.js';
import { splitVersion } from '../versions/paths.js';
import { bodyKey, withLazyBody } from '../content/page-body.js';

/** What a parsed page was made from: its file's stamp, and each other file it took in (by the name the site gives it) with its stamp then. */
interface Stamped {
  stamp: FileStamp;
  inputs: [file: string, stamp: FileStamp | undefined][];
}

/** A page source as kept: without its body. */
type Bodiless = Omit<PageSource, 'body'>;

/**
 * The sources of a shard's pages, serialized together (a Map by key): a build decodes them in one go, one
 * deserialization a shard and not one a page (at 10,000 pages a tenth of a second, and the garbage of 10,000
 * buffers). Every entry of a shard names the same object, which v8's serializer writes once (it keeps shared
 * references). Bytes, not the pages themselves: a copy no later stage can change.
 */
interface ShardSources {
  bytes: Uint8Array;
}

/**
 * A parsed page as kept on disk: its shard's sources (`sources`, absent until saved), its body kept apart as UTF-8
 * (in the file beside the shard written with the stamp `bodies`, src/incremental/shard-companions.ts), and its
 * body's digest (src/content/page-body.ts).
 */
interface Kept extends Stamped {
  sources?: ShardSources;
  bodyKey: string;
  bodies: string;
}

/** A parsed page as `dev` holds it: expanded (its OpenAPI document taken in, which is then among its inputs), with what parsing and expanding it reported. */
interface Held extends Stamped, Found {
  expanded: true;
}

/** A page found kept: `expanded` when it comes from memory, where pages are kept as the content stage expands them. */
export interface Found {
  source: PageSource;
  problems: BuildError[];
  expanded: boolean;
}

/**
 * Parsed page sources (frontmatter read and checked, partials taken in) kept between builds by the
 * stamps of their files: a page whose file and inputs have the stamps they had is not read or
 * parsed again (at 10,000 pages, reading and parsing every page's frontmatter is 2 s of CPU a
 * build). On disk only pages parsed without problems are kept (their messages must show every run), and
 * not MDX pages (their components' imports are other files). Kept in 256 shards by path, so an
 * edit rewrites one; only this build's pages are kept. The stamps are taken before the file is
 * read, so an edit while the build reads it makes the next stamp differ. The bodies are in a file
 * beside each shard, read when a page of it is rendered: a one-page edit at 10,000 pages reads
 * 7 MB of shards, not 74.
 *
 * `dev` opens it with `memory`: the store is kept for the session, and every page the content stage
 * parses or finds on disk is held in memory too (expanded, with its problems, MDX included), under
 * the same rule (`stillGood`). Its first build reads and writes the disk as `build` does (so the next
 * start is fast); later builds find pages in memory and never write the disk again.
 */
export class SourceCache {
  /** The bodies of the pages parsed this build. */
  private readonly newBodies = new Map<string, Uint8Array>();
  /** The pages parsed this build, as parsed: `save` runs before the content stage hands them on. */
  private readonly newSources = new Map<string, Bodiless>();
  /**
   * Each shard's sources decoded, less those handed out: plugin hooks edit pages in place, so a page is handed
   * out once, and asked again (by `dev`) is decoded anew.
   */
  private readonly decoded = new Map<ShardSources, Map<string, Bodiless>>();
  /** `dev`'s pages, by path. */
  private readonly held?: Map<string, Held>;
  /** Whether pages parsed go to disk: until `dev`'s first build has saved. */
  private writes = true;

  private constructor(
    private readonly config: ResolvedConfig,
    private readonly entries: ShardedCache<Kept>,
    /** The kept pages' bodies, in a file beside each shard. */
    private readonly bodies: ShardCompanions<Uint8Array>,
    memory: boolean,
  ) {
    if (memory) this.held = new Map();
  }

  static async open(config: ResolvedConfig, options: { memory?: boolean } = {}): Promise<SourceCache> {
    // The settings reading and expanding a page obeys (its size, its includes', MDX allowed or not): a page kept
    // under laxer limits is read again under stricter ones.
    const salt = sha1(
      await codeVersion(),
      JSON.stringify([
        SOURCES_FORMAT,
        config.contentDir,
        config.versions?.map((v) => [v.key, v.contentDir]),
        config.limits,
        config.security,
      ]),
    );
    const dir = cachePath(config, 'sources');
    return new SourceCache(
      config,
      await ShardedCache.open<Kept>(dir, salt),
      new ShardCompanions<Uint8Array>(dir, 'bodies', salt),
      options.memory ?? false,
    );
  }

  /** The stamp `dev` holds a page by (its file's when it was last read), if it holds it. */
  heldStamp(relativePath: string): FileStamp | undefined {
    return this.held?.get(relativePath)?.stamp;
  }

  /**
   * The page as parsed before, if its file (stamped `stamp` now) and its inputs (stamped by `stampNow`) are as they
   * were then: from memory first, else from disk.
   */
  get(relativePath: string, stamp: FileStamp | undefined, stampNow: StampNow): Found | undefined {
    const held = this.held?.get(relativePath);
    if (held && this.stillGood(held, stamp, stampNow)) return held;
    const key = pageKey(relativePath);
    const kept = this.entries.get(key);
    // Its bodies file may be another than the one written with it (a build died between the two).
    if (!kept?.sources || !this.stillGood(kept, stamp, stampNow) || !this.bodies.has(shardOf(key), kept.bodies))
      return undefined;
    const bodiless = this.handOut(kept.sources, key);
    if (!bodiless) return undefined;
    const source = withLazyBody(bodiless, kept.bodyKey, () => this.storedBody(key, kept.bodies));
    // Held for the session: its body is read now, not from a file a later build may have replaced.
    if (this.held) void source.body;
    return { source, problems: [], expanded: false };
  }

  /** A kept page's source, never one handed out before: its shard's sources are decoded once, and again when asked twice. */
  private handOut(sources: ShardSources, key: string): Bodiless | undefined {
    let pages = this.decoded.get(sources);
    if (!pages?.has(key)) {
      pages = decodeSources(sources);
      this.decoded.set(sources, pages);
    }
    const source = pages.get(key);
    pages.delete(key);
    return source;
  }

  /** The one rule of both layers: a page is still good while its file and every input have the stamps they had. */
  private stillGood(kept: Stamped, stamp: FileStamp | undefined, stampNow: StampNow): boolean {
    return stamp !== undefined && kept.stamp === stamp && kept.inputs.every(([file, was]) => stampNow(file) === was);
  }

  /** Whether `dev` holds the page at `relativePath` as its file is now (stamped `stamp`): a save seen twice by the watcher. */
  holdsAsIs(relativePath: string, stamp: FileStamp | undefined): boolean {
    const held = this.held?.get(relativePath);
    return held !== undefined && held.stamp === stamp;
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

  /** Keeps a page parsed without problems from a file stamped `stamp` (taken before it was read), on disk. */
  set(source: PageSource, stamp: FileStamp | undefined, stampNow: StampNow): void {
    if (!this.writes || stamp === undefined || /\.mdx$/i.test(source.relativePath)) return;
    const { body, ...rest } = source;
    const key = pageKey(source.relativePath);
    const inputs = this.inputsOf(source.included?.files ?? [], stampNow);
    this.entries.set(key, { stamp, inputs, bodyKey: bodyKey(source), bodies: '' });
    this.newSources.set(key, rest);
    this.newBodies.set(key, encoder.encode(body));
  }

  /** `dev`: holds a page as the content stage expanded it, with every problem it had, in memory. */
  hold(source: PageSource, stamp: FileStamp | undefined, problems: BuildError[], stampNow: StampNow): void {
    if (!this.held || stamp === undefined) return;
    const openapi =
      typeof source.frontmatter.openapi === 'string'
        ? [this.nameOf(source.relativePath, path.resolve(path.dirname(source.file), source.frontmatter.openapi))]
        : [];
    const inputs = this.inputsOf([...(source.included?.files ?? []), ...openapi], stampNow);
    this.held.set(source.relativePath, { stamp, inputs, source, problems, expanded: true });
  }

  private inputsOf(files: string[], stampNow: StampNow): Stamped['inputs'] {
    return files.map((file) => [file, stampNow(file)]);
  }

  /** A file beside a page, named as the site names content files ("1.0/api.yaml" in version 1.0's folder). */
  private nameOf(page: string, file: string): string {
    const versions = this.config.versions;
    const version = versions && splitVersion(versions, page).version;
    const inner = path
      .relative(version?.contentDir ?? this.config.contentDir, file)
      .split(path.sep)
      .join('/');
    return version?.key ? `${version.key}/${inner}` : inner;
  }

  /**
   * Keeps only this build's pages; rewrites the shards that changed, each with its bodies' file first. Runs before
   * the content stage hands its pages on (src/content/index.ts), so the pages parsed this build are still as parsed;
   * the kept ones are decoded afresh from their shard's bytes.
   */
  async save(): Promise<void> {
    if (!this.writes) return;
    // `dev` writes once: later saves' pages are in memory.
    if (this.held) this.writes = false;
    await this.entries.save(async (shard, entries) => {
      const bodies = new Map<string, Uint8Array>();
      const sources = new Map<string, Bodiless>();
      const stored = new Map<ShardSources, Map<string, Bodiless>>();
      for (const [key, kept] of entries) {
        const body = this.newBodies.get(key) ?? this.bodies.get(shard, kept.bodies, key);
        const source = this.newSources.get(key) ?? storedSource(stored, kept.sources, key);
        if (body && source) {
          bodies.set(key, body);
          sources.set(key, source);
        } else entries.delete(key); // its body is lost: the page is read again next time
      }
      const stamp = await this.bodies.write(shard, bodies);
      // One value, so an object two pages shared would come back shared: none do (each is parsed on its own, its
      // frontmatter a copy: src/incremental/frontmatter-cache.ts), as when each page was serialized alone.
      const shared: ShardSources = { bytes: serialize(sources) };
      return new Map([...entries].map(([key, kept]) => [key, { ...kept, sources: shared, bodies: stamp }]));
    });
    this.newBodies.clear();
    this.newSources.clear();
  }
}

/** What the store's files hold, in the salt: another layout is another store (version 2: one `ShardSources` a shard). */
const SOURCES_FORMAT = 2;

/** A shard's sources as stored, decoded (an empty map when its bytes are not a map). */
function decodeSources(sources: ShardSources): Map<string, Bodiless> {
  try {
    const pages: unknown = deserialize(sources.bytes);
    return pages instanceof Map ? (pages as Map<string, Bodiless>) : new Map();
  } catch {
    return new Map(); // its pages are read again
  }
}

/** A kept page's source as stored, for `save`: each shard's bytes decoded once into `decoded`. */
function storedSource(
  decoded: Map<ShardSources, Map<string, Bodiless>>,
  sources: ShardSources | undefined,
  key: string,
): Bodiless | undefined {
  if (!sources) return undefined;
  let pages = decoded.get(sources);
  if (!pages) decoded.set(sources, (pages = decodeSources(sources)));
  return pages.get(key);
}

/**
 * A page's key: its path after its shard, two hex digits of an FNV-1a hash of the path (spread over 256 shards
 * without a SHA-1 a page, 0.1 s a build at 10,000 pages).
 */
export function pageKey(relativePath: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < relativePath.length; i++) hash = Math.imul(hash ^ relativePath.charCodeAt(i), 0x01000193);
  return (((hash >>> 24) ^ hash) & 0xff).toString(16).padStart(2, '0') + relativePath;
}
const encoder = new TextEncoder();
