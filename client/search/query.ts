import { fold, term, terms, words } from '../../src/shared/search-text.js';

/** One term of a query and how loosely it may match. */
export interface Leaf {
  term: string;
  /** Also match longer words that start with it: the last word, which the reader may still be typing. */
  prefix: boolean;
  /** Edit distance allowed: 1 for words of five letters or more, 2 from nine. */
  fuzzy: number;
}

/**
 * One thing the reader asked for: a word, or a phrase of the synonym table ("api key") with the
 * phrases that mean the same ("token", "credentials"). All leaves of one alternative must match.
 */
export interface Group {
  leaves: Leaf[];
  synonyms: Leaf[][];
}

/** Prefix search from three letters: shorter prefixes match too much to be useful. */
const MIN_PREFIX = 3;

/**
 * Reads a query: words become terms the way the indexer makes them (in English, stop words dropped,
 * plurals and -ing forms stemmed; Chinese and Japanese split into words), then phrases of the synonym table are found, longest first.
 */
export function parseQuery(query: string, synonyms: string[][], english = true): Group[] {
  const leaves: Leaf[] = [];
  const list = words(query);
  // Only the word being typed is a prefix: one followed by a space is complete.
  const typing =
    list.length && list[list.length - 1].index + list[list.length - 1].length === query.length
      ? list[list.length - 1]
      : undefined;
  for (const w of list) {
    const t = term(w.text, english);
    if (!t) continue;
    const letters = /\d/.test(t) ? 0 : fold(w.text).length;
    leaves.push({
      term: t,
      prefix: w === typing && t.length >= MIN_PREFIX,
      fuzzy: letters >= 9 ? 2 : letters >= 5 ? 1 : 0,
    });
  }
  const table = synonyms.map((group) => group.map((phrase) => terms(phrase, english)).filter((p) => p.length > 0));
  const groups: Group[] = [];
  for (let i = 0; i < leaves.length;) {
    const found = longestPhrase(table, leaves, i);
    if (!found) {
      groups.push({ leaves: [leaves[i]], synonyms: [] });
      i += 1;
      continue;
    }
    const others = found.group.filter((phrase) => phrase.join(' ') !== found.phrase.join(' '));
    groups.push({
      leaves: leaves.slice(i, i + found.phrase.length),
      synonyms: others.map((phrase) => phrase.map((t) => ({ term: t, prefix: false, fuzzy: 0 }))),
    });
    i += found.phrase.length;
  }
  return groups;
}

function longestPhrase(
  table: string[][][],
  leaves: Leaf[],
  at: number,
): { group: string[][]; phrase: string[] } | undefined {
  let best: { group: string[][]; phrase: string[] } | undefined;
  for (const group of table) {
    for (const phrase of group) {
      if (best && phrase.length <= best.phrase.length) continue;
      if (phrase.every((t, k) => leaves[at + k]?.term === t)) best = { group, phrase };
    }
  }
  return best;
}

/** Whether a word of the index is one a leaf asked for (exactly, as a prefix, or within its typos). */
export function leafMatches(leaf: Leaf, word: string): boolean {
  if (word === leaf.term) return true;
  if (leaf.prefix && word.startsWith(leaf.term)) return true;
  return leaf.fuzzy > 0 && distance(leaf.term, word, leaf.fuzzy) <= leaf.fuzzy;
}

/** Levenshtein distance, stopping early once it exceeds `max` (returns max + 1 then). */
export function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      best = Math.min(best, row[j]);
    }
    if (best > max) return max + 1;
    previous = row;
  }
  return previous[b.length];
}
