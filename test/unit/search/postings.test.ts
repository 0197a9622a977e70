import { describe, expect, it } from 'vitest';
import { kthSmallest } from '../../../src/search/postings.js';

describe('kthSmallest', () => {
  it('finds what a full sort puts at k, ties and repeated values included', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (const length of [1, 2, 3, 10, 501, 2000]) {
      // Few distinct values, as BM25 impacts of small counts are: many ties at the cut.
      const xs = Float64Array.from({ length }, () => Math.round(random() * 20) / 7);
      const sorted = xs.slice().sort();
      for (const k of new Set([0, length >> 1, length - 1, Math.max(0, length - 500)]))
        expect(kthSmallest(xs.slice(), k)).toBe(sorted[k]);
    }
  });
});
