import { describe, expect, it } from 'vitest';
import { partition } from '../../../src/search/shards.js';
import { MAX_TERM_LENGTH } from '../../../src/shared/search-text.js';
import { searchSite } from '../../helpers/search-site.js';
import { page, tmpSite } from '../../helpers/tmp-site.js';

const sizes = (entries: Record<string, number>) => new Map(Object.entries(entries));

describe('search/shards', () => {
  it('keeps every term in one root shard when the index is small', () => {
    expect(partition(sizes({ api: 10, cache: 10, concurrency: 10 }), 100)).toEqual(
      new Map([['', ['api', 'cache', 'concurrency']]]),
    );
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

  it('places terms thousands of letters long that share a prefix without running out of stack', () => {
    const long = Array.from({ length: 40 }, (_, i) => `${'x'.repeat(8000)}${i}`);
    const shards = partition(new Map(long.map((t) => [t, 200])), 100);
    expect([...shards.values()].flat().sort()).toEqual(long.sort());
  });
});

describe('search: hostile words', () => {
  it('indexes 40 words of 8,000 letters sharing a prefix by their first 64 letters, and finds them', async () => {
    const words = Array.from({ length: 40 }, (_, i) => `${'q'.repeat(7990)}${String(i).padStart(10, 'z')}`);
    const site = await tmpSite({
      'content/index.md': page('Home', 'Hello.'),
      'content/long.md': page('Long words', words.join(' ')),
    });
    try {
      const built = await searchSite(site.root);
      const terms = built.shards().flatMap((s) => s.terms);
      expect(Math.max(...terms.map((t) => t.length))).toBe(MAX_TERM_LENGTH);
      const engine = await built.engine();
      const results = await engine.search(words[3]);
      expect(results[0]?.title).toBe('Long words');
    } finally {
      await site.cleanup();
    }
  });
});
