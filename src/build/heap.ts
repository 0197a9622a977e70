import { setFlagsFromString } from 'node:v8';

/**
 * Pages to render from which a build bounds how far V8 lets its heap grow between full collections, and keeps
 * the bytes it makes early for its end in a spill file (src/write/spill.ts). Below it the heap is small and the
 * default costs no memory to speak of, while collecting more often would cost CPU. `DOCS_LARGE_BUILD_PAGES`
 * lowers it, so that a test builds a small site the way a large one is built (test/integration/build/large-build.test.ts).
 */
export const LARGE_BUILD_PAGES = Number(process.env.DOCS_LARGE_BUILD_PAGES) || 2_000;

/**
 * V8 sets the next full collection at up to four times what survived the last one on a machine
 * with memory to spare. A large build keeps every page's record to its end while its threads turn
 * out megabytes of short-lived syntax trees a page, many of which outlive a scavenge: at 10,000
 * pages the main thread kept 170-190 MB alive and let its heap reach 600-700 MB between full
 * collections. The flag is the process's (the page workers run with it too) and read at each full
 * collection, so setting it now applies from the next. A third of what survived: at twice (100%),
 * each page worker, 50-65 MB alive, grew to 210 MB before its next full collection, and the pages
 * stage's end (every record made, both workers still running) was the build's peak at 1.07 GB; at a
 * third, 180 MB a worker, for 26-27 full collections a worker in place of 17 (45 ms of CPU each at
 * that size: about 1 s of a 160 s build) and no more of the main thread's, whose heap is what lives.
 */
export function boundHeapGrowth(pages: number): void {
  if (pages >= LARGE_BUILD_PAGES) setFlagsFromString('--heap-growing-percent=33');
}

/**
 * After the pages stage the records are what lives (300 MB of heap at 10,000 pages) and the stages left (checks,
 * site files, search, write) run in this thread alone, each for seconds, not minutes: the search stage's index
 * and the files it makes were the build's peak (1.27 GB, then 1.1 GB with its files spilled to disk,
 * src/write/spill.ts). A quarter of what survived bounds their garbage further, for a few full collections
 * more in stages a tenth of the pages stage's length.
 */
export function settleHeapGrowth(pages: number): void {
  if (pages >= LARGE_BUILD_PAGES) setFlagsFromString('--heap-growing-percent=25');
}
