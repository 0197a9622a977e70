/**
 * Pages to render from which a build bounds how far V8 lets its heap grow between full collections.
 * Below it the heap is small and the default costs no memory to speak of, while collecting more
 * often would cost CPU.
 */
export declare const LARGE_BUILD_PAGES = 2000;
/**
 * V8 sets the next full collection at up to four times what survived the last one on a machine
 * with memory to spare. A large build keeps every page's record to its end while its threads turn
 * out megabytes of short-lived syntax trees a page, many of which outlive a scavenge: at 10,000
 * pages the main thread kept 170-190 MB alive and let its heap reach 600-700 MB between full
 * collections. Twice what survived bounds that garbage to the live size, for a few more full
 * collections (each about 0.5 s of CPU at that size). The flag is the process's (the page workers
 * start with it too) and read at each full collection, so setting it now applies from the next.
 */
export declare function boundHeapGrowth(pages: number): void;
