/** How search orders what MiniSearch finds, so the first result is the one a reader expects. */
import type { Query, SearchResult } from 'minisearch';
import { leafMatches, type Group, type Leaf } from './query.js';

/** A synonym counts, but less than the word the reader typed. */
const SYNONYM_WEIGHT = 0.6;
/** Sections of one page among the first results, so other pages get a place too. */
const PER_PAGE = 3;

/** A result placed in the site: its section id, page, section of the page, and tier. */
export interface Ranked {
  doc: number;
  page: number;
  section: number;
  tier: number;
  result: SearchResult;
}

/** Groups are ORed (MiniSearch ranks sections that match more of them higher); a phrase's words are ANDed. */
export function queryTree(groups: Group[]): Query {
  const all = (leaves: Leaf[]): Query =>
    leaves.length === 1 ? leaves[0].term : { combineWith: 'AND', queries: leaves.map((l) => l.term) };
  return {
    combineWith: 'OR',
    queries: groups.map((g) =>
      g.synonyms.length
        ? {
            combineWith: 'OR',
            queries: [
              all(g.leaves),
              ...g.synonyms.map((s): Query => ({
                combineWith: 'AND',
                queries: s.map((l) => l.term),
                boostTerm: () => SYNONYM_WEIGHT,
              })),
            ],
          }
        : all(g.leaves),
    ),
  };
}

/**
 * MiniSearch multiplies a result's score by the number of query terms it matched, so that more of
 * the query counts more. A synonym's words are terms of their own there: a section matching a
 * word and its synonyms ("endpoint", "http", "trigger") counted as much as one matching three
 * things the reader asked for. Here the factor is the number of the query's groups a result
 * answers (a group by any one of its alternatives, a phrase by all its words).
 */
export function coordinated(results: SearchResult[], groups: Group[]): SearchResult[] {
  if (groups.length === 1 && !groups[0].synonyms.length) return results;
  for (const result of results) {
    const matched = new Set(result.queryTerms);
    const answered = groups.filter((g) =>
      [g.leaves, ...g.synonyms].some((alt) => alt.every((leaf) => matched.has(leaf.term))),
    ).length;
    result.score = (result.score / Math.max(1, result.queryTerms.length)) * Math.max(1, answered);
  }
  return results.sort((a, b) => b.score - a.score);
}

/** Whether words found in a field answer every group of the query (each group by one of its alternatives). */
export type Covers = (found: string[]) => boolean;

export function coverage(groups: Group[]): Covers {
  const leaves = groups.flatMap((g) => [g.leaves, ...g.synonyms]).flat();
  // The same few words come back in many results: match each against the leaves once.
  const memo = new Map<string, Set<Leaf>>();
  const hits = (word: string) => {
    let found = memo.get(word);
    if (!found) memo.set(word, (found = new Set(leaves.filter((leaf) => leafMatches(leaf, word)))));
    return found;
  };
  return (found) =>
    groups.every((g) =>
      [g.leaves, ...g.synonyms].some((alt) => alt.every((leaf) => found.some((w) => hits(w).has(leaf)))),
    );
}

/**
 * What a reader expects first: the page whose title is the query, then a section whose heading
 * is the query or a page whose title (with its group) has every word of it, then a section whose
 * heading, page title and group have them all; body matches after.
 */
export function tier(result: SearchResult, covers: Covers, top: boolean, lengths: number[] | undefined): number {
  const inField = (field: string) => Object.keys(result.match).filter((word) => result.match[word].includes(field));
  const heading = inField('heading');
  const title = top ? inField('title') : [];
  if (!heading.length && !title.length) return 0;
  const exact = (found: string[], field: number) => covers(found) && lengths?.[field] === found.length;
  // The sidebar group completes a title or heading ("sql destination": the page SQL under Destinations).
  const group = inField('group');
  if (top && exact(title, 0)) return 3;
  if (exact(heading, 1)) return 2;
  if (top && title.length && covers([...title, ...group])) return 2;
  if (heading.length && covers([...heading, ...inField('title'), ...group])) return 1;
  return 0;
}

/** The first `limit` results with at most PER_PAGE a page; the rest fill in if there are too few. */
export function diverse(ranked: Iterable<Ranked>, limit: number): Ranked[] {
  const out: Ranked[] = [];
  const rest: Ranked[] = [];
  const perPage = new Map<number, number>();
  for (const r of ranked) {
    if (out.length >= limit) break;
    const n = perPage.get(r.page) ?? 0;
    if (n < PER_PAGE) {
      out.push(r);
      perPage.set(r.page, n + 1);
    } else if (rest.length < limit) rest.push(r);
  }
  return [...out, ...rest].slice(0, limit);
}

/** Whether a query word matched in the heading or the title field. */
export function namesQuery(result: SearchResult): boolean {
  for (const word in result.match) {
    const fields = result.match[word];
    if (fields.includes('heading') || fields.includes('title')) return true;
  }
  return false;
}
