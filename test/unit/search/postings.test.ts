import { describe, expect, it } from 'vitest';
import {
  addPage,
  changedTerms,
  kthSmallest,
  replacePage,
  SECTION_SLOTS,
  ShardWriter,
  type Postings,
} from '../../../src/search/postings.js';

describe('kthSmallest', () => {
  it('finds what a full sort puts at k, ties and repeated values included', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (const length of [1, 2, 3, 10, 501, 2000]) {
      // Few distinct values, as BM25 impacts of small counts are: many ties at the cut.
      const xs = Float64Array.from({ length }, () => Math.round(random() * 20) / 7);
      const sorted = xs.slice().sort();
      for (const k of new Set([0, length >> 1, length - 1, Math.max(0, length - 500)]))
        expect(kthSmallest(xs.slice(), k)).toBe(sorted[k]);
    }
  });
});

describe('postings: a page taken out and put back', () => {
  // PageTerms strings: title, group, then each section's heading and text ("length term count ...").
  const pages = [
    '2 alpha 1 beta 1\n1 guid 1\n0\n2 alpha 2 gamma 1\n1 setup 1\n1 beta 3',
    '1 delta 1\n1 guid 1\n0\n1 alpha 1',
    '2 alpha 1 omega 1\n0\n0\n2 beta 1 delta 1\n1 step 1\n1 alpha 1',
  ];
  // Lists as arrays, terms sorted: a patch's lists are typed arrays.
  const plain = (p: Postings) => new Map([...p].map(([t, f]) => [t, f.map((pairs) => [...pairs])] as const).sort());
  const whole = (list: string[]) => {
    const postings: Postings = new Map();
    const lengths = list.map((terms, i) => addPage(postings, i, terms));
    return { postings, lengths };
  };

  it('gives the postings, lengths and shard a build of the edited pages in order gives', () => {
    const edited = '1 zeta 1\n1 guid 1\n0\n2 alpha 1 zeta 2\n1 more 1\n1 beta 1';
    const patched = whole(pages);
    patched.lengths[0] = replacePage(patched.postings, 0, pages[0], edited);
    const expected = whole([edited, ...pages.slice(1)]);
    expect(patched.lengths).toEqual(expected.lengths);
    expect(plain(patched.postings)).toEqual(plain(expected.postings));
    const terms = [...expected.postings.keys()].sort();
    expect(new ShardWriter(patched.postings, patched.lengths, 500).shard(terms)).toBe(
      new ShardWriter(expected.postings, expected.lengths, 500).shard(terms),
    );
    // A term no page has any more is gone.
    expect(patched.postings.has('gamma')).toBe(false);
    expect([...patched.postings.get('alpha')![0]]).toEqual([SECTION_SLOTS * 2, 1, SECTION_SLOTS * 2 + 1, 1]);
  });

  it("an edit of one section rebuilds only that section's words and the title's, and gives a whole build's lists", () => {
    // Page 0 with its second section's text changed: "setup" and "gamma" (other sections) keep their lists.
    const edited = '2 alpha 1 beta 1\n1 guid 1\n0\n2 alpha 2 gamma 1\n1 setup 1\n2 beta 3 kappa 1';
    const terms = changedTerms(pages[0], edited);
    expect([...terms].sort()).toEqual(['alpha', 'beta', 'guid', 'kappa', 'setup']);
    const patched = whole(pages);
    patched.lengths[0] = replacePage(patched.postings, 0, pages[0], edited, terms);
    const expected = whole([edited, ...pages.slice(1)]);
    expect(patched.lengths).toEqual(expected.lengths);
    expect(plain(patched.postings)).toEqual(plain(expected.postings));
    // A new title names every section: every word of the page changes; the same terms change nothing.
    expect(changedTerms(pages[0], pages[0]).size).toBe(0);
    expect([...changedTerms(pages[0], pages[0].replace('2 alpha 1 beta 1', '1 alpha 1'))].sort()).toEqual([
      'alpha',
      'beta',
      'gamma',
      'guid',
      'setup',
    ]);
    // A section removed: its words, and those of every section after it (their keys move).
    expect([...changedTerms(pages[2], '2 alpha 1 omega 1\n0')].sort()).toEqual([
      'alpha',
      'beta',
      'delta',
      'omega',
      'step',
    ]);
  });

  it('cuts a common word by its own sections only: other words do not move it', () => {
    const list = Array.from({ length: 8 }, (_, i) => `1 page 1\n0\n0\n${i + 1} common ${i + 1}`);
    const a = whole(list);
    const b = whole(list);
    b.lengths.push(addPage(b.postings, 8, '1 other 1\n0\n0\n40 other 1'));
    const kept = (x: ReturnType<typeof whole>) => new ShardWriter(x.postings, x.lengths, 3).kept('common');
    expect(kept(a)).toEqual(kept(b));
    expect(kept(a)[2]).toHaveLength(6);
  });

  it('replaces a page in stored (typed) lists as a whole build of the edited pages gives, the stored lists untouched', () => {
    const stored = whole(pages);
    // The store hands out typed arrays (src/search/store.ts); a patch must not write into them.
    const typed: Postings = new Map(
      [...stored.postings].map(([t, fields]) => [t, fields.map((pairs) => Uint32Array.from(pairs))]),
    );
    const before = new Map([...typed].map(([t, fields]) => [t, fields.map((pairs) => [...pairs])]));
    const patched: Postings = new Map([...typed].map(([t, fields]) => [t, [...fields]]));
    const edited = '1 zeta 1\n1 guid 1\n0\n2 alpha 1 zeta 2\n1 more 1\n1 beta 1';
    const lengths = stored.lengths.slice();
    lengths[1] = replacePage(patched, 1, pages[1], edited);
    const expected = whole([pages[0], edited, pages[2]]);
    expect(lengths).toEqual(expected.lengths);
    expect(plain(patched)).toEqual(plain(expected.postings));
    const terms = [...expected.postings.keys()].sort();
    expect(new ShardWriter(patched, lengths, 500).shard(terms)).toBe(
      new ShardWriter(expected.postings, expected.lengths, 500).shard(terms),
    );
    expect(new Map([...typed].map(([t, fields]) => [t, fields.map((pairs) => [...pairs])]))).toEqual(before);
  });
});
