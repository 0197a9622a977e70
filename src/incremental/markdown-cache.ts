import { readFileSync, rmSync } from 'node:fs';
import { contentFile } from '../versions/paths.js';
import type { ResolvedConfig } from '../config/schema.js';
import { imageHash } from '../markdown/images.js';
import { cachePath, codeVersion, readCache, removeCache } from './cache.js';
import { byShard, changedShards, readShards, shardFile, shardOf, writeShard } from './sharded-cache.js';
import { sha1 } from './hash.js';
import type { PageOutline, PageRecord, PageSource } from '../model/page.js';
import { BuildError, Problems } from '../model/errors.js';
import { MARKDOWN_SETTINGS, pageOutline, type MarkdownSettings } from '../markdown/index.js';
import { dropLinkKeys, linkKeys, sectionsKey, withLazyParts, withLinkKeys, type RecordParts } from './record-parts.js';
import { bodyKey } from '../content/page-body.js';
import { lazyProperty } from './lazy-property.js';
import { markdownPluginsKey } from '../plugins/markdown.js';
import { htmlBytes, withHtmlBytes, withoutHtml } from '../pages/page-html.js';
import { ShardCompanions } from './shard-companions.js';

/** The Markdown cache as the planner uses it (this one, or records kept in memory by `dev`: src/dev/records.ts). */
export type RecordCache = Pick<MarkdownCache, 'key' | 'get' | 'withHtml' | 'set' | 'save'>;

/**
 * Page records from earlier builds, keyed by a content hash of everything a record depends on:
 * the page's source, the base, the constants and the Markdown options (the users' remark and rehype
 * plugins by their code), and the generator's code. An unchanged page is
 * not parsed again. Stored under node_modules/.cache/docs/markdown/ in 256 shards by key prefix, each
 * three files: the records without their HTML, sections, code blocks and headings, which every build reads;
 * the HTML, read when a cached page's layout must be rendered again, or by `save` to carry over the
 * HTML of pages not rendered this run (a page whose files are kept needs none); and the sections, code
 * blocks and headings, read when a page's are first asked for (src/incremental/record-parts.ts). `save` rewrites only the shards whose
 * pages changed, so one edit writes about 1/128 of the cache (at 10,000 pages the whole is 400 MB).
 * A missing, unreadable or corrupt shard is simply empty (its pages are rendered again and the shard
 * rewritten), and pages with problems are never stored (their messages must show every run).
 */
export class MarkdownCache {
  /** Every entry of this build, cache hits and new records, as stored: what `save` keeps. */
  private readonly used = new Map<string, StoredRecord>();
  /**
   * HTML of the records rendered in this run (cached records carry none), as UTF-8 bytes (src/pages/page-html.ts),
   * read when their shard is saved: a large build's are in a spill file until then (src/write/spill.ts).
   */
  private readonly newHtml = new Map<string, () => Uint8Array>();
  /** The parts of the records rendered in this run (cached records read theirs from their shard's file). */
  private readonly newParts = new Map<string, RecordParts>();
  /** The cached records' parts, in a file beside each shard. */
  private readonly parts: ShardCompanions<RecordParts>;
  /** Each shard's stored HTML, read on first use. */
  private readonly storedHtml = new Map<string, Promise<Map<string, Uint8Array>>>();
  private readonly images: ImageFreshness;

  private constructor(
    private readonly config: ResolvedConfig,
    private readonly salt: string,
    /** The stored records, by shard. */
    private readonly shards: Map<string, Map<string, StoredRecord>>,
  ) {
    this.images = new ImageFreshness(config);
    this.parts = new ShardCompanions(shardDir(config), 'parts', salt);
  }

  static async open(config: ResolvedConfig): Promise<MarkdownCache> {
    const plugins = markdownPluginsKey(config.markdown);
    const salt = sha1(await codeVersion(), markdownSettingsKey(config), ...(plugins ? [plugins] : []));
    const shards = readShards<StoredRecord>(shardDir(config), 'records', salt);
    return new MarkdownCache(config, salt, shards);
  }

  /** Each source's key, computed once (planning, lookups and `set` all ask for it). */
  private readonly keys = new WeakMap<PageSource, string>();

  /** The cache key of a page: also what its rendered files depend on of its own source. */
  key(source: PageSource): string {
    let key = this.keys.get(source);
    if (key === undefined) {
      // An MDX page's output also depends on its components' code (the configuration's and its imports').
      const components = /\.mdx$/i.test(source.relativePath)
        ? `${this.config.mdx.components?.hash ?? ''}:${source.components?.code ?? ''}`
        : '';
      key = sha1(
        this.salt,
        source.relativePath,
        source.hash,
        String(source.lineOffset),
        bodyKey(source),
        JSON.stringify(source.frontmatter),
        components,
        // Where its links to pages moved by a `slug` go (src/content/slugs.ts); absent on a site without slugs.
        ...(source.linkRoutes ? [source.linkRoutes.key] : []),
      );
      this.keys.set(source, key);
    }
    return key;
  }

  /**
   * A page's cached record, without its HTML (`withHtml` adds it); none when an image it shows has changed. Its
   * outline is `outline` (the build has made every page's already), else made here.
   */
  get(source: PageSource, outline?: PageOutline): PageRecord | undefined {
    const key = this.key(source);
    const stored = this.shards.get(shardOf(key))?.get(key);
    if (!stored || !this.images.current(stored)) return undefined;
    const shard = shardOf(key);
    // Its parts file may be another than the one written with it (a build died between the two).
    if (!this.parts.has(shard, stored.partsStamp)) return undefined;
    this.used.set(key, stored);
    const { sectionsKey: digest, partsStamp: _stamp, links, anchors, linksKey, anchorsKey, ...body } = stored;
    // The outline is made anew from the source and today's configuration: only what Markdown produced is kept.
    const record: Partial<PageRecord> = Object.assign(
      body,
      outline ?? pageOutline(source, this.config, new Problems()),
    );
    // The key holds the body: a record found by it was made from this text (read when asked for, src/content/page-body.ts).
    if (record.markdown === undefined) lazyProperty(record, 'markdown', () => source.body);
    lazyProperty(record, 'links', unpacked<PageRecord['links']>(links), dropLinkKeys);
    lazyProperty(record, 'anchors', unpacked<PageRecord['anchors']>(anchors), dropLinkKeys);
    withLinkKeys(record, { links: linksKey, anchors: anchorsKey });
    return withLazyParts(record as Omit<PageRecord, keyof RecordParts>, digest, () => this.storedParts(shard, key));
  }

  /** A cached record's parts, from its shard's file (read once, when a page of it first asks). */
  private storedParts(shard: string, key: string): RecordParts {
    const parts = this.parts.get(shard, this.shards.get(shard)?.get(key)?.partsStamp ?? '', key);
    if (parts) return parts;
    // Damaged since it was written: its records go too, so the next build renders their pages again.
    rmSync(shardFile(shardDir(this.config), 'records', shard), { force: true });
    throw new BuildError(
      `the Markdown cache's file ${this.parts.file(shard)} cannot be read`,
      { file: shardDir(this.config) },
      'build again: the pages it held are rendered anew',
    );
  }

  /** A kept record's parts for `save`, or undefined when its shard's file cannot give them. */
  private readPartsOf(shard: string, key: string): RecordParts | undefined {
    try {
      return this.storedParts(shard, key);
    } catch {
      return undefined;
    }
  }

  /** A cached record (from `get`) with its HTML, or undefined if the HTML is lost (render the page again). */
  async withHtml(source: PageSource, record: PageRecord): Promise<PageRecord | undefined> {
    const key = this.key(source);
    const html = (await this.html(shardOf(key))).get(key);
    return html === undefined ? undefined : withHtmlBytes(record, html);
  }

  private html(shard: string): Promise<Map<string, Uint8Array>> {
    let html = this.storedHtml.get(shard);
    if (!html) {
      html = readCache<Map<string, Uint8Array>>(shardFile(shardDir(this.config), 'html', shard), this.salt).then(
        (stored) => stored ?? new Map(),
      );
      this.storedHtml.set(shard, html);
    }
    return html;
  }

  set(source: PageSource, record: PageRecord): void {
    const key = this.key(source);
    const { sections, codeBlocks, headers, links, anchors, ...withOutline } = withoutHtml(record);
    const rest = withoutOutline(withOutline);
    const digests = linkKeys(record);
    const stored: StoredRecord = {
      ...rest,
      links: JSON.stringify(links ?? []),
      anchors: JSON.stringify(anchors ?? []),
      linksKey: digests.links,
      anchorsKey: digests.anchors,
      sectionsKey: sectionsKey(record),
      partsStamp: '',
    };
    if (record.markdown === source.body) stored.markdown = undefined;
    this.used.set(key, stored);
    this.newHtml.set(key, () => htmlBytes(record));
    this.newParts.set(key, { sections, codeBlocks, headers });
  }

  /**
   * Keeps only this build's pages (deleted pages drop out): rewrites the shards whose set of pages
   * changed or that got new HTML, deletes those left with none, and leaves the others alone.
   * `checked: false` (a `dev` build that found problems) keeps nothing: a kept record counts as
   * one that passed the per-page checks (src/incremental/record-parts.ts).
   */
  async save({ checked = true } = {}): Promise<void> {
    // Records of a build whose checks found problems are not kept: a kept record counts as checked.
    if (!checked) return this.parts.close();
    const used = byShard(this.used.keys());
    const changed = changedShards(this.shards, used, (key) => this.newHtml.has(key));
    // A few shards at a time: each is serialized whole before it is written, and all at once held every
    // record and its HTML twice over (300 MB at the end of a cold 10,000-page build).
    const queue = [...changed];
    const writing = async () => {
      for (let shard = queue.shift(); shard !== undefined; shard = queue.shift())
        await this.saveShard(shard, used.get(shard) ?? []);
    };
    try {
      await Promise.all(Array.from({ length: SHARDS_AT_ONCE }, writing));
    } finally {
      this.parts.close();
    }
    // The single files of earlier versions (hundreds of MB on a large site) are not read any more.
    await Promise.all(['records.v8', 'html.v8'].map((name) => removeCache(cachePath(this.config, name))));
  }

  private async saveShard(shard: string, keys: string[]): Promise<void> {
    const previous = keys.every((key) => this.newHtml.has(key))
      ? new Map<string, Uint8Array>()
      : await this.html(shard);
    const html = new Map<string, Uint8Array>();
    const parts = new Map<string, RecordParts>();
    const records = new Map<string, StoredRecord>();
    for (const key of keys) {
      const text = this.newHtml.get(key)?.() ?? previous.get(key);
      if (text === undefined) continue; // its HTML is lost: leave the page out, it is parsed again next time
      const own = this.newParts.get(key) ?? this.readPartsOf(shard, key);
      if (!own) continue; // its parts are damaged on disk: the same
      html.set(key, text);
      parts.set(key, own);
      records.set(key, this.used.get(key)!);
    }
    const dir = shardDir(this.config);
    await writeShard(dir, 'html', shard, this.salt, html);
    // The records name the parts file written with them: one left by a build that died between the two is not read.
    const partsStamp = await this.parts.write(shard, parts);
    for (const [key, record] of records) records.set(key, { ...record, partsStamp });
    await writeShard(dir, 'records', shard, this.salt, records);
  }
}

/**
 * A record as the cache keeps it: without its HTML (stored beside it), and without its Markdown
 * (`undefined`, the key kept in its place) when that is the page's body, which the page's source
 * holds already: most pages have no constants, and at 10,000 pages that is 70 MB less to read
 * and deserialize a build.
 */
type StoredRecord = Omit<PageRecord, 'markdown' | 'links' | 'anchors' | keyof RecordParts | keyof PageOutline> & {
  markdown: string | undefined;
  /**
   * The links and heading ids as JSON, parsed when first read: one string deserializes in a copy, where
   * 240,000 objects (at 10,000 pages) took 60% of the time it took to read the records.
   */
  links: string;
  anchors: string;
  /** Their digests (src/incremental/record-parts.ts `linkKeys`): the link checks know a kept page's links unchanged without reading them. */
  linksKey: string;
  anchorsKey: string;
  /** The digest of the sections (src/incremental/record-parts.ts), and the stamp of the shard's parts file that holds them. */
  sectionsKey: string;
  partsStamp: string;
};

/** What Markdown produced of a record: its outline (title, routes, frontmatter) left out, made anew on each read. */
function withoutOutline<T extends PageOutline>(record: T): Omit<T, keyof PageOutline> {
  const {
    key: _k,
    title: _t,
    description: _d,
    frontmatter: _f,
    keyLines: _l,
    regularPath: _r,
    relativePath: _p,
    path: _a,
    hash: _h,
    derived: _v,
    ...body
  } = record;
  return body;
}

/**
 * The Markdown cache's key for the configuration: the value of every field the Markdown stage reads
 * (`MarkdownSettings`), functions (users' plugins) by their code.
 */
export function markdownSettingsKey(config: MarkdownSettings): string {
  const settings: Record<string, unknown> = Object.fromEntries(MARKDOWN_SETTINGS.map((name) => [name, config[name]]));
  // The one field keyed per page instead: the MDX components' code is in the key of each .mdx page (`key`), so
  // editing a component renders the MDX pages again, not every page.
  settings.mdx = {
    components: config.mdx.components
      ? { file: config.mdx.components.file, names: config.mdx.components.names }
      : undefined,
  };
  return JSON.stringify(settings, (_key, value: unknown) => (typeof value === 'function' ? String(value) : value));
}

/** A getter that parses `json` when first called and then gives what it parsed. */
function unpacked<T>(json: string): () => T {
  let value: T | undefined;
  return () => (value ??= JSON.parse(json) as T);
}

/** Shards serialized and written at a time by `save`: enough to keep the disk busy. */
const SHARDS_AT_ONCE = 4;

/** The folder of the cache's shards. */
const shardDir = (config: Pick<ResolvedConfig, 'root'>) => cachePath(config, 'markdown');

/**
 * Whether a record's images are still the ones it was rendered with: a page's size attributes and
 * rendition names come from its images. Each image is read once an instance (make one a build).
 */
export class ImageFreshness {
  private readonly hashes = new Map<string, string | null>();

  constructor(private readonly config: Pick<ResolvedConfig, 'contentDir' | 'versions'>) {}

  current(record: Pick<PageRecord, 'images'>): boolean {
    if (!record.images?.length) return true; // asked for every page on every `dev` save
    return record.images.every((image) => {
      let hash = this.hashes.get(image.file);
      if (hash === undefined) {
        try {
          hash = imageHash(readFileSync(contentFile(this.config, image.file)));
        } catch {
          hash = null;
        }
        this.hashes.set(image.file, hash);
      }
      return hash === image.hash;
    });
  }
}
