import type { RecordCache } from '../build/index.js';
import type { ResolvedConfig } from '../config/index.js';
import type { PageRecord, PageSource } from '../model/page.js';
/**
 * Page records kept in memory by `dev`, with their HTML, over the Markdown cache on disk: the first
 * build reads and saves the disk cache as `build` does (so the next start is fast); later builds
 * find the records here, and never write the disk cache again. A save asks for every page's record:
 * an unchanged page's source object finds its own at once, without its key.
 */
export declare class MemoryRecords implements RecordCache {
    private readonly disk;
    private readonly config;
    private readonly records;
    private readonly bySource;
    private build;
    /** Records this build asked for or set: when it is every record held, none is dropped. */
    private used;
    private saved;
    /** Images are read again each build (`startBuild`): a page shows its images' sizes. */
    private images;
    private constructor();
    static open(config: ResolvedConfig): Promise<MemoryRecords>;
    startBuild(): void;
    key(source: PageSource): string;
    get(source: PageSource): PageRecord | undefined;
    /** Records from the disk come without their HTML: read once, then kept. */
    withHtml(source: PageSource, record: PageRecord): Promise<PageRecord | undefined>;
    set(source: PageSource, record: PageRecord): void;
    /** Keeps only the records of this build's pages (an edited page's older versions go). */
    save({ checked }?: {
        checked?: boolean | undefined;
    }): Promise<void>;
    private hold;
    private use;
}
