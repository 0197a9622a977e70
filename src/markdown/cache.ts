import { readFileSync } from 'node:fs';
import { contentFile } from '../versions/paths.js';
import type { ResolvedConfig } from '../config.js';
import { imageHash } from './images.js';
import { cachePath, codeVersion, readCache, writeCache } from '../cache.js';
import { sha1 } from '../hash.js';
import type { PageRecord, PageSource } from '../types.js';
import { markdownPluginsKey } from '../plugins/markdown.js';

/**
 * Page records from earlier builds, keyed by a content hash of everything a record depends on:
 * the page's source, the base, the constants and the Markdown options (the users' remark and rehype
 * plugins by their code), and the generator's code. An unchanged page is
 * not parsed again. Stored under node_modules/.cache in two files: the records without their HTML,
 * which every build reads, and the HTML, read when a cached page's layout must be rendered again,
 * or by `save` to carry over the HTML of pages not rendered this run (a page whose files are kept
 * needs none). A missing or unreadable cache is simply empty,
 * and pages with problems are never stored (their messages must show every run).
 */
export class MarkdownCache {
  /** Every entry of this build, cache hits and new records: what `save` keeps. */
  private readonly used = new Map<string, PageRecord>();
  /** HTML of the records rendered in this run (cached records carry none). */
  private readonly newHtml = new Map<string, string>();
  private storedHtml?: Promise<Map<string, string>>;
  private readonly images: ImageFreshness;

  private constructor(
    private readonly config: ResolvedConfig,
    private readonly salt: string,
    private readonly entries: Map<string, PageRecord>,
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
    return new MarkdownCache(
      config,
      salt,
      (await readCache<Map<string, PageRecord>>(cachePath(config, 'records.v8'), salt)) ?? new Map(),
    );
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
        source.body,
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
    const record = this.entries.get(key);
    if (!record || !this.images.current(record)) return undefined;
    this.used.set(key, record);
    return record;
  }

  /** A cached record (from `get`) with its HTML, or undefined if the HTML is lost (render the page again). */
  async withHtml(source: PageSource, record: PageRecord): Promise<PageRecord | undefined> {
    const html = (await this.html()).get(this.key(source));
    return html === undefined ? undefined : { ...record, html };
  }

  private html(): Promise<Map<string, string>> {
    this.storedHtml ??= readCache<Map<string, string>>(cachePath(this.config, 'html.v8'), this.salt).then(
      (html) => html ?? new Map(),
    );
    return this.storedHtml;
  }

  set(source: PageSource, record: PageRecord): void {
    const key = this.key(source);
    this.used.set(key, { ...record, html: '' });
    this.newHtml.set(key, record.html);
  }

  /** Keeps only this build's pages (deleted pages drop out). */
  async save(): Promise<void> {
    if (!this.newHtml.size && this.used.size === this.entries.size) return;
    const previous = this.newHtml.size === this.used.size ? new Map<string, string>() : await this.html();
    const html = new Map<string, string>();
    const records = new Map<string, PageRecord>();
    for (const [key, record] of this.used) {
      const text = this.newHtml.get(key) ?? previous.get(key);
      if (text === undefined) continue; // its HTML is lost: leave the page out, it is parsed again next time
      html.set(key, text);
      records.set(key, record);
    }
    await writeCache(cachePath(this.config, 'html.v8'), this.salt, html);
    await writeCache(cachePath(this.config, 'records.v8'), this.salt, records);
  }
}

/**
 * Whether a record's images are still the ones it was rendered with: a page's size attributes and
 * rendition names come from its images. Each image is read once an instance (make one a build).
 */
export class ImageFreshness {
  private readonly hashes = new Map<string, string | null>();

  constructor(private readonly config: Pick<ResolvedConfig, 'contentDir' | 'versions'>) {}

  current(record: PageRecord): boolean {
    return (record.images ?? []).every((image) => {
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
