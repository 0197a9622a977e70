import type { RecordCache } from '../build.js';
import type { ResolvedConfig } from '../config.js';
import { ImageFreshness, MarkdownCache } from '../markdown/cache.js';
import type { PageRecord, PageSource } from '../types.js';

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
  /** Images are read again each build (`startBuild`): a page shows its images' sizes. */
  private images: ImageFreshness;

  private constructor(
    private readonly disk: MarkdownCache,
    private readonly config: ResolvedConfig,
  ) {
    this.images = new ImageFreshness(config);
  }

  static async open(config: ResolvedConfig): Promise<MemoryRecords> {
    return new MemoryRecords(await MarkdownCache.open(config), config);
  }

  startBuild(): void {
    this.images = new ImageFreshness(this.config);
    this.used.clear();
  }

  key(source: PageSource): string {
    return this.disk.key(source);
  }

  get(source: PageSource): PageRecord | undefined {
    const key = this.key(source);
    const held = this.records.get(key);
    const record = held ?? this.disk.get(source);
    if (!record || !this.images.current(record)) return undefined;
    if (!held) this.records.set(key, record);
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
}
