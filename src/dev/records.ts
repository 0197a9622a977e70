import type { ResolvedConfig } from '../config/schema.js';
import { ImageFreshness, MarkdownCache, type RecordCache } from '../incremental/markdown-cache.js';
import type { PageOutline, PageRecord, PageSource } from '../model/page.js';

/** A record held in memory: whether it has its HTML, the last build that asked for it, whether `save` let it go. */
interface Held {
  record: PageRecord;
  complete: boolean;
  build: number;
  dropped?: boolean;
}

/**
 * Page records kept in memory by `dev`, with their HTML, over the Markdown cache on disk: the first
 * build reads and saves the disk cache as `build` does (so the next start is fast); later builds
 * find the records here, and never write the disk cache again. A save asks for every page's record:
 * an unchanged page's source object finds its own at once, without its key.
 */
export class MemoryRecords implements RecordCache {
  private readonly records = new Map<string, Held>();
  private readonly bySource = new WeakMap<PageSource, Held & { key: string }>();
  private build = 0;
  /** Records this build asked for or set: when it is every record held, none is dropped. */
  private used = 0;
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
    this.build++;
    this.used = 0;
  }

  key(source: PageSource): string {
    return this.disk.key(source);
  }

  get(source: PageSource, outline?: PageOutline): PageRecord | undefined {
    let held = this.bySource.get(source);
    if (!held) {
      const key = this.key(source);
      const found = this.records.get(key);
      const record = found?.record ?? this.disk.get(source, outline);
      if (!record) return undefined;
      // `dev` keeps records for the session: their parts are read now, not from a file a later build may have replaced.
      if (!found) void record.sections;
      held = Object.assign(found ?? { record, complete: false, build: 0 }, { key });
      this.bySource.set(source, held);
    }
    if (!this.images.current(held.record)) return undefined;
    this.use(held);
    return held.record;
  }

  /** Records from the disk come without their HTML: read once, then kept. */
  async withHtml(source: PageSource, record: PageRecord): Promise<PageRecord | undefined> {
    const held = this.bySource.get(source);
    if (held?.complete) return held.record;
    const full = await this.disk.withHtml(source, record);
    if (full) this.hold(source, full);
    return full;
  }

  set(source: PageSource, record: PageRecord): void {
    this.hold(source, record);
    if (!this.saved) this.disk.set(source, record);
  }

  /** Keeps only the records of this build's pages (an edited page's older versions go). */
  async save({ checked = true } = {}): Promise<void> {
    if (this.used < this.records.size)
      for (const [key, held] of this.records)
        if (held.build !== this.build) {
          this.records.delete(key);
          held.dropped = true;
        }
    if (this.saved || !checked) return; // saved by the first build without problems
    this.saved = true;
    await this.disk.save();
  }

  private hold(source: PageSource, record: PageRecord): void {
    const key = this.key(source);
    const held = Object.assign(this.records.get(key) ?? { record, complete: true, build: 0 }, {
      record,
      complete: true,
      key,
    });
    this.bySource.set(source, held);
    this.use(held);
  }

  private use(held: Held & { key: string }): void {
    if (held.build !== this.build) {
      held.build = this.build;
      this.used++;
    }
    // New, or let go by an earlier build's `save` (its page was not part of that build) and wanted again.
    if (held.dropped !== false) {
      held.dropped = false;
      this.records.set(held.key, held);
    }
  }
}
