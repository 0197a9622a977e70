import { describe, expect, it } from 'vitest';
import { distance, parseQuery } from '../../../../client/search/query.js';

describe('search/query', () => {
  it('makes terms as the indexer does, dropping stop words', () => {
    expect(parseQuery('How do I rotate the keys', []).map((g) => g.leaves[0].term)).toEqual(['rotat', 'key']);
  });

  it('treats only the word being typed as a prefix, from three letters', () => {
    const flags = (q: string) => parseQuery(q, []).map((g) => g.leaves[0].prefix);
    expect(flags('webhook retr')).toEqual([false, true]);
    expect(flags('webhook retry ')).toEqual([false, false]);
    expect(flags('webhook re')).toEqual([false, false]);
  });

  it('allows one typo from five letters and two from nine, none in numbers', () => {
    expect(parseQuery('keys token concurrency 10000', []).map((g) => g.leaves[0].fuzzy)).toEqual([0, 1, 2, 0]);
  });

  it('finds phrases of the synonym table, longest first, with the others as alternatives', () => {
    const [group] = parseQuery('api key', [
      ['key', 'secret'],
      ['api key', 'token', 'credentials'],
    ]);
    expect(group.leaves.map((l) => l.term)).toEqual(['api', 'key']);
    expect(group.synonyms.map((alt) => alt.map((l) => l.term))).toEqual([['token'], ['credential']]);
  });

  it('measures edit distance and stops once it is over the limit', () => {
    expect(distance('concurency', 'concurrency', 2)).toBe(1);
    expect(distance('kitten', 'sitting', 3)).toBe(3);
    expect(distance('abc', 'xyzxyz', 1)).toBe(2);
  });
});
