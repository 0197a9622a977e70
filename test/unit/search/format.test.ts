import { describe, expect, it } from 'vitest';
import { decodePostings, encodePostings, shardOf, shardsUnder } from '../../../src/shared/search-format.js';

describe('shared/search-format', () => {
  it('round-trips posting lists, counts of one implied and the first document included', () => {
    const postings: [number, number][] = [
      [0, 3],
      [1, 1],
      [7, 1],
      [8, 2],
      [1000, 1],
    ];
    const encoded = encodePostings(postings.flat());
    expect(encoded).toEqual([-1, 3, 1, 6, -1, 2, 992]);
    expect(decodePostings(JSON.parse(JSON.stringify(encoded)))).toEqual(postings);
  });

  it('finds the shard of a term by its longest key, and the shards a prefix reaches', () => {
    const keys = ['', 'c', 'co', 'con', 'r'];
    expect(shardOf(keys, 'concurrency')).toBe(3);
    expect(shardOf(keys, 'code')).toBe(2);
    expect(shardOf(keys, 'cache')).toBe(1);
    expect(shardOf(keys, 'api')).toBe(0);
    expect(shardsUnder(keys, 'c')).toEqual([2, 3]);
    expect(shardsUnder(keys, 'con')).toEqual([]);
    expect(shardOf(['c'], 'api')).toBe(-1);
  });
});
