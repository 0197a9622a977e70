import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { contentFile } from '../versions/paths.js';
import type { ResolvedConfig } from '../config.js';
import { imageHash } from './images.js';
import { cachePath, codeVersion, readCache, readCacheSync, removeCache } from '../cache.js';
import { byShard, changedShards, readShards, shardFile, shardOf, writeShard } from '../sharded-cache.js';
import { sha1 } from '../hash.js';
import type { PageRecord, PageSource, Section } from '../types.js';
import { BuildError } from '../errors.js';
import { sectionsKey, withLazySections } from '../page-sections.js';
import { bodyKey } from '../page-body.js';
import { markdownPluginsKey } from '../plugins/markdown.js';
import { htmlBytes, withHtmlBytes, withoutHtml } from '../page-html.js';

/**
 * Page records from earlier builds, keyed by a content hash of everything a record depends on:
 * the page's source, the base, the constants and the Markdown options (the users' remark and rehype
 * plugins by their code), and the generator's code. An unchanged page is
 * not parsed again. Stored under node_modules/.cache/docs/markdown/ in 256 shards by key prefix, each
 * three files: the records without their HTML and sections, which every build reads; the HTML, read
 * when a cached page's layout must be rendered again, or by `save` to carry over the HTML of pages
 * not rendered this run (a page whose files are kept needs none); and the sections, read when a
 * page's are first asked for (src/page-sections.ts). `save` rewrites only the shards whose
 * pages changed, so one edit writes about 1/128 of the cache (at 10,000 pages the whole is 400 MB).
 * A missing, unreadable or corrupt shard is simply empty (its pages are rendered again and the shard
 * rewritten), and pages with problems are never stored (their messages must show every run).
 */
export class MarkdownCache {
  /** Every entry of this build, cache hits and new records, as stored: what `save` keeps. */
  private readonly used = new Map<string, StoredRecord>();
  /** HTML of the records rendered in this run (cached records carry none), as UTF-8 bytes (src/page-html.ts). */
  private readonly newHtml = new Map<string, Uint8Array>();
  /** The sections of the records rendered in this run (cached records read theirs from their shard's file). */
  private readonly newSections = new Map<string, Section[]>();
  /** Each shard's stored sections, read on first use, and the key of its file. */
  private readonly sectionsRead = new Map<string, Map<string, Section[]>>();
  private readonly sectionsStamps = new Map<string, string>();
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
  }

  static async open(config: ResolvedConfig): Promise<MarkdownCache> {
    // The users' remark and rehype plugins count by their code and options (functions have no JSON).
    const { remarkPlugins: _remark, rehypePlugins: _rehype, ...markdown } = config.markdown;
    const plugins = markdownPluginsKey(config.markdown);
    const salt = sha1(
      await codeVersion(),
      JSON.stringify([
        config.base,
        config.constants,
        config.limits,
        config.security,
        markdown,
        ...(config.versions ? [config.versions.map((v) => [v.key, v.constants])] : []),
      ]),
      ...(plugins ? [plugins, config.checks.markdownPlugins] : []),
    );
    const shards = await readShards<StoredRecord>(shardDir(config), 'records', salt);
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
      );
      this.keys.set(source, key);
    }
    return key;
  }

  /** A page's cached record, without its HTML (`withHtml` adds it); none when an image it shows has changed. */
  get(source: PageSource): PageRecord | undefined {
    const key = this.key(source);
    const stored = this.shards.get(shardOf(key))?.get(key);
    if (!stored || !this.images.current(stored)) return undefined;
    const shard = shardOf(key);
    if (!this.sectionsKept(shard, stored.sectionsStamp)) return undefined;
    this.used.set(key, stored);
    const { sectionsKey: digest, sectionsStamp: _stamp, ...record } = stored;
    // The key holds the body: a record found by it was made from this text (read when asked for, src/page-body.ts).
    if (record.markdown === undefined)
      Object.defineProperty(record, 'markdown', { get: () => source.body, enumerable: true, configurable: true });
    return withLazySections(record as Omit<PageRecord, 'sections'>, digest, () => this.storedSections(shard, key));
  }

  /** Whether a shard's sections file is the one written with its records (a build may have died between the two). */
  private sectionsKept(shard: string, stamp: string): boolean {
    let kept = this.sectionsStamps.get(shard);
    if (kept === undefined) {
      kept = readKey(shardFile(shardDir(this.config), 'sections', shard));
      this.sectionsStamps.set(shard, kept);
    }
    return kept === sha1(this.sectionsSalt(stamp));
  }

  private sectionsSalt(stamp: string): string {
    return `${this.salt}\0${stamp}`;
  }

  /** A cached record's sections, from its shard's file (read once, when a page of it is first asked for). */
  private storedSections(shard: string, key: string): Section[] {
    let stored = this.sectionsRead.get(shard);
    if (!stored) {
      const stamp = this.shards.get(shard)?.get(key)?.sectionsStamp ?? '';
      const file = shardFile(shardDir(this.config), 'sections', shard);
      stored = readCacheSync<Map<string, Section[]>>(file, this.sectionsSalt(stamp)) ?? new Map();
      this.sectionsRead.set(shard, stored);
    }
    const sections = stored.get(key);
    if (!sections)
      throw new BuildError(
        `the Markdown cache's file ${shardFile(shardDir(this.config), 'sections', shard)} cannot be read`,
        { file: shardDir(this.config) },
        'delete the folder and build again (it is made anew)',
      );
    return sections;
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
    const { sections, ...rest } = withoutHtml(record);
    const stored: StoredRecord = { ...rest, sectionsKey: sectionsKey(record), sectionsStamp: '' };
    if (record.markdown === source.body) stored.markdown = undefined;
    this.used.set(key, stored);
    this.newHtml.set(key, htmlBytes(record));
    this.newSections.set(key, sections);
  }

  /**
   * Keeps only this build's pages (deleted pages drop out): rewrites the shards whose set of pages
   * changed or that got new HTML, deletes those left with none, and leaves the others alone.
   */
  async save(): Promise<void> {
    const used = byShard(this.used.keys());
    const changed = changedShards(this.shards, used, (key) => this.newHtml.has(key));
    // A few shards at a time: each is serialized whole before it is written, and all at once held every
    // record and its HTML twice over (300 MB at the end of a cold 10,000-page build).
    const queue = [...changed];
    const writing = async () => {
      for (let shard = queue.shift(); shard !== undefined; shard = queue.shift())
        await this.saveShard(shard, used.get(shard) ?? []);
    };
    await Promise.all(Array.from({ length: SHARDS_AT_ONCE }, writing));
    // The single files of earlier versions (hundreds of MB on a large site) are not read any more.
    await Promise.all(['records.v8', 'html.v8'].map((name) => removeCache(cachePath(this.config, name))));
  }

  private async saveShard(shard: string, keys: string[]): Promise<void> {
    const previous = keys.every((key) => this.newHtml.has(key))
      ? new Map<string, Uint8Array>()
      : await this.html(shard);
    const html = new Map<string, Uint8Array>();
    const sections = new Map<string, Section[]>();
    const records = new Map<string, StoredRecord>();
    // The records name the sections file written with them: one left by a build that died between the two is not read.
    const sectionsStamp = randomBytes(6).toString('hex');
    for (const key of keys) {
      const text = this.newHtml.get(key) ?? previous.get(key);
      if (text === undefined) continue; // its HTML is lost: leave the page out, it is parsed again next time
      const stored = this.used.get(key)!;
      html.set(key, text);
      sections.set(key, this.newSections.get(key) ?? this.storedSections(shard, key));
      records.set(key, { ...stored, sectionsStamp });
    }
    const dir = shardDir(this.config);
    await writeShard(dir, 'html', shard, this.salt, html);
    await writeShard(dir, 'sections', shard, this.sectionsSalt(sectionsStamp), sections);
    await writeShard(dir, 'records', shard, this.salt, records);
  }
}

/**
 * A record as the cache keeps it: without its HTML (stored beside it), and without its Markdown
 * (`undefined`, the key kept in its place) when that is the page's body, which the page's source
 * holds already: most pages have no constants, and at 10,000 pages that is 70 MB less to read
 * and deserialize a build.
 */
type StoredRecord = Omit<PageRecord, 'markdown' | 'sections'> & {
  markdown: string | undefined;
  /** The digest of the sections (src/page-sections.ts), and the stamp of the shard's sections file that holds them. */
  sectionsKey: string;
  sectionsStamp: string;
};

/** A cache file's key (the digest of its salt), or '' when there is none. */
function readKey(file: string): string {
  try {
    return readFileSync(`${file}.key`, 'utf8');
  } catch {
    return '';
  }
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
