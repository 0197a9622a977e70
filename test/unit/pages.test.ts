import { describe, expect, it } from 'vitest';
import { batchEnd, pageThreads, workerCount, type PageJob } from '../../src/pages/index.js';

describe('page workers', () => {
  it('start one a core, at most eight, the main thread coordinating; none on one core', () => {
    expect(pageThreads({}, 1)).toEqual({ workers: 0, mainRenders: true });
    expect(pageThreads({}, 2)).toEqual({ workers: 2, mainRenders: false });
    expect(pageThreads({}, 16)).toEqual({ workers: 8, mainRenders: false });
    expect(workerCount({})).toBe(pageThreads({}).workers);
  });

  it('start as many as DOCS_PAGE_WORKERS says, the main thread rendering beside them', () => {
    expect(pageThreads({ DOCS_PAGE_WORKERS: '0' }, 4)).toEqual({ workers: 0, mainRenders: true });
    expect(pageThreads({ DOCS_PAGE_WORKERS: ' 3 ' }, 4)).toEqual({ workers: 3, mainRenders: true });
    // Not a count: the default, not NaN workers.
    expect(pageThreads({ DOCS_PAGE_WORKERS: 'many' }, 4)).toEqual(pageThreads({}, 4));
  });
});

describe('batches of pages', () => {
  const jobs = (paths: string[]) => paths.map((relativePath) => ({ source: { relativePath } }) as PageJob);

  it('end with the folder of their eighth page, so one thread renders its sidebar, up to sixteen pages', () => {
    const ten = (folder: string) => Array.from({ length: 10 }, (_, i) => `${folder}/page-${i}.md`);
    const site = jobs([...ten('a'), ...ten('b'), ...Array.from({ length: 30 }, (_, i) => `c/p-${i}.md`)]);
    const ends = [];
    for (let start = 0; start < site.length; start = batchEnd(site, start)) ends.push(batchEnd(site, start));
    // a and b whole; c (30 pages) in batches of sixteen at most; the last one short.
    expect(ends).toEqual([10, 20, 36, 50]);
  });

  it('take eight pages when the next one is in another folder, and what is left at the end', () => {
    const site = jobs([...Array.from({ length: 8 }, (_, i) => `a/${i}.md`), 'b/x.md', 'b/y.md']);
    expect(batchEnd(site, 0)).toBe(8);
    expect(batchEnd(site, 8)).toBe(10);
  });
});
