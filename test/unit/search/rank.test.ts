import type { SearchResult } from 'minisearch';
import { describe, expect, it } from 'vitest';
import { parseQuery } from '../../../client/search/query.js';
import { coordinated } from '../../../client/search/rank.js';

const result = (id: number, score: number, queryTerms: string[]): SearchResult =>
  ({ id, score, queryTerms, terms: queryTerms, match: {} }) as SearchResult;

describe('search/rank: coordination counts what the reader asked for', () => {
  const synonyms = [['webhook', 'http trigger', 'endpoint']];

  it("counts a group once, however many of its synonyms' words matched", () => {
    const groups = parseQuery('execution metrics endpoint', synonyms);
    // MiniSearch's scores: raw score times the number of query terms matched.
    const synonymsOnly = result(1, 3 * 30, ['endpoint', 'http', 'trigger']);
    const threeThings = result(2, 3 * 20, ['execution', 'metric', 'endpoint']);
    const [first, second] = coordinated([synonymsOnly, threeThings], groups);
    expect(first.id).toBe(2);
    expect(first.score).toBe(3 * 20);
    expect(second.score).toBe(30);
  });

  it('needs every word of a phrase for its group', () => {
    // Two groups: the phrase "http trigger" (or "webhook"), and "cors" (stemmed as the index stems it).
    const groups = parseQuery('http trigger cors', synonyms);
    const cors = groups[1].leaves[0].term;
    const [half] = coordinated([result(1, 2 * 10, ['http', cors])], groups);
    expect(half.score).toBe(10);
    const [both] = coordinated(
      [result(2, 3 * 10, ['http', 'trigger', cors])],
      parseQuery('http trigger cors', synonyms),
    );
    expect(both.score).toBe(2 * 10);
  });

  it('leaves a one-word query as MiniSearch ranked it', () => {
    const results = [result(1, 5, ['cors'])];
    expect(coordinated(results, parseQuery('cors', []))).toBe(results);
  });
});
