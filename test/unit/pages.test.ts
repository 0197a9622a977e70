import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { workerCount } from '../../src/pages.js';

describe('page workers', () => {
  it('start one a core beside the main thread, at most seven, unless DOCS_PAGE_WORKERS says how many', () => {
    expect(workerCount({})).toBe(Math.min(availableParallelism(), 8) - 1);
    expect(workerCount({ DOCS_PAGE_WORKERS: '0' })).toBe(0);
    expect(workerCount({ DOCS_PAGE_WORKERS: ' 3 ' })).toBe(3);
    // Not a count: the default, not NaN workers.
    expect(workerCount({ DOCS_PAGE_WORKERS: 'many' })).toBe(workerCount({}));
  });
});
