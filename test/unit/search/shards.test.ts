import { describe, expect, it } from 'vitest';
import { partition } from '../../../src/search/shards.js';

const sizes = (entries: Record<string, number>) => new Map(Object.entries(entries));

describe('search/shards', () => {
  it('keeps every term in one root shard when the index is small', () => {
    expect(partition(sizes({ api: 10, cache: 10, concurrency: 10 }), 100)).toEqual(new Map([['', ['api', 'cache', 'concurrency']]]));
  });

  it('gives a prefix its own shard when its terms would overflow the parent, and merges small neighbours', () => {
    const shards = partition(sizes({ api: 10, auth: 10, cache: 30, code: 40, concurrency: 40, config: 40 }), 100);
    // The "c" words weigh 150: too much beside the "a" words, so "c" gets shards of its own;
    // inside it, "ca" stays with "c", and "co" (120) is split again: "con" gets its own shard.
    expect([...shards.keys()]).toEqual(['', 'c', 'co', 'con']);
    expect(shards.get('')).toEqual(['api', 'auth']);
    expect(shards.get('c')).toEqual(['cache']);
    expect(shards.get('co')).toEqual(['code']);
    expect(shards.get('con')).toEqual(['concurrency', 'config']);
  });

  it('gives a single word heavier than a shard a shard of its own', () => {
    const shards = partition(sizes({ workflow: 500, work: 5, api: 5 }), 100);
    expect(shards.get('workflow')).toEqual(['workflow']);
    expect([...shards.values()].flat().sort()).toEqual(['api', 'work', 'workflow']);
  });
});
