import { readFileSync } from 'node:fs';
import type { RecordCache } from '../build.js';
import type { ResolvedConfig } from '../config.js';
import { MarkdownCache } from '../markdown/cache.js';
import { imageHash } from '../markdown/images.js';
import type { PageRecord, PageSource } from '../types.js';
import { contentFile } from '../versions/paths.js';

/**
 * Page records kept in memory by `dev`, with their HTML, over the Markdown cache on disk: the first
 * build reads and saves the disk cache as `build` does (so the next start is fast); later builds
 * find the records here, and never write the disk cache again.
 */
export class MemoryRecords implements RecordCache {
  private readonly records = new Map<string, PageRecord>();
  /** Keys whose record has its HTML. */
  private readonly complete = new Set<string>();
  /** Keys this build looked up or set. */
  private readonly used = new Set<string>();
  private saved = false;
  /** Image hashes, read once a build (`startBuild`): a page shows its images' sizes. */
  private imageHashes = new Map<string, string | null>();

  private constructor(
    private readonly disk: MarkdownCache,
    private readonly content: Pick<ResolvedConfig, 'contentDir' | 'versions'>,
  ) {}

  static async open(config: ResolvedConfig): Promise<MemoryRecords> {
    return new MemoryRecords(await MarkdownCache.open(config), config);
  }

  startBuild(): void {
    this.imageHashes = new Map();
    this.used.clear();
  }

  key(source: PageSource): string {
    return this.disk.key(source);
  }

  get(source: PageSource): PageRecord | undefined {
    const key = this.key(source);
    const record = this.records.get(key) ?? this.disk.get(source);
    if (!record || !this.imagesCurrent(record)) return undefined;
    this.records.set(key, record);
    this.used.add(key);
    return record;
  }

  /** Records from the disk come without their HTML: read once, then kept. */
  async withHtml(source: PageSource, record: PageRecord): Promise<PageRecord | undefined> {
    const key = this.key(source);
    if (this.complete.has(key)) return record;
    const full = await this.disk.withHtml(source, record);
    if (full) {
      this.records.set(key, full);
      this.complete.add(key);
    }
    return full;
  }

  set(source: PageSource, record: PageRecord): void {
    this.records.set(this.key(source), record);
    this.complete.add(this.key(source));
    this.used.add(this.key(source));
    if (!this.saved) this.disk.set(source, record);
  }

  /** Keeps only the records of this build's pages (an edited page's older versions go). */
  async save(): Promise<void> {
    for (const key of this.records.keys()) {
      if (this.used.has(key)) continue;
      this.records.delete(key);
      this.complete.delete(key);
    }
    if (this.saved) return;
    this.saved = true;
    await this.disk.save();
  }

  private imagesCurrent(record: PageRecord): boolean {
    return (record.images ?? []).every((image) => {
      let hash = this.imageHashes.get(image.file);
      if (hash === undefined) {
        try {
          hash = imageHash(readFileSync(contentFile(this.content, image.file))); // an old version's in its folder
        } catch {
          hash = null;
        }
        this.imageHashes.set(image.file, hash);
      }
      return hash === image.hash;
    });
  }
}
