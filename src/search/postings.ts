import { encodePostings, SEARCH_FIELDS, type SearchShard } from '../shared/search-format.js';

/**
 * Sections a page may have: a section's key is `page * SECTION_SLOTS + position`, so a page that
 * gains or loses a section renames none of the other pages' sections.
 */
export const SECTION_SLOTS = 4096;

/**
 * Flat (section key, count) pairs in key order. A whole index builds them as arrays; the store
 * keeps them as typed arrays (src/search/store.ts), which a patch reads and replaces without
 * copying them into the heap (at 10,000 pages a one-page edit reads some 20 million numbers).
 */
export type Pairs = number[] | Uint32Array;

/** Per field, the pairs of every section that has the term. */
export type TermPostings = Pairs[];

/** Every term's postings: the whole index, before the cut of common words. */
export type Postings = Map<string, TermPostings>;

/** Each page's field lengths: per section, one number a field (SEARCH_FIELDS order), flat. */
export type PageLengths = number[][];

/** BM25's parameters as MiniSearch's defaults: the cut keeps what MiniSearch would score highest. */
const BM25 = { k: 1.2, b: 0.7 };

/**
 * Adds a page's terms (a PageTerms string, see src/search/index.ts) to the postings, keeping each
 * list in key order; returns the page's field lengths.
 */
export function addPage(postings: Postings, page: number, terms: string): number[] {
  const [title, group, ...sections] = terms.split('\n').map((line) => line.split(' '));
  if (sections.length / 2 > SECTION_SLOTS)
    throw new Error(`A page of the search index has ${sections.length / 2} sections, more than ${SECTION_SLOTS}.`);
  const lengths: number[] = [];
  for (let i = 0; i < sections.length; i += 2) {
    const key = page * SECTION_SLOTS + i / 2;
    const fields = [title, sections[i], sections[i + 1], group];
    for (let field = 0; field < fields.length; field++) {
      const line = fields[field];
      for (let j = 1; j < line.length; j += 2) {
        let entry = postings.get(line[j]);
        if (!entry) postings.set(line[j], (entry = SEARCH_FIELDS.map(() => [])));
        entry[field] = insert(entry[field], key, Number(line[j + 1]));
      }
      lengths.push(Number(line[0]));
    }
  }
  return lengths;
}

/**
 * A page's terms replaced: the sections of page `page` taken out of the postings of its old terms
 * (`before`, a PageTerms string) and those of `after` put in, each list rebuilt once; returns the
 * page's field lengths. A term left with no section goes. `terms`: the terms to rebuild, when the
 * caller knows the others' lists stay as they are (`changedTerms`); by default all of both.
 */
export function replacePage(
  postings: Postings,
  page: number,
  before: string,
  after: string,
  terms: Iterable<string> = new Set([...termsOf(before), ...termsOf(after)]),
): number[] {
  const own: Postings = new Map();
  const lengths = addPage(own, page, after);
  const from = page * SECTION_SLOTS;
  const to = from + SECTION_SLOTS;
  for (const t of terms) {
    const entry = postings.get(t);
    const added = own.get(t);
    if (!entry) {
      // Typed like the stored lists: code that sees one kind of list stays fast (V8 slows down on both).
      if (added)
        postings.set(
          t,
          added.map((pairs) => Uint32Array.from(pairs)),
        );
      continue;
    }
    for (let field = 0; field < entry.length; field++) {
      const pairs = entry[field];
      entry[field] = spliced(pairs, lowerBound(pairs, from), lowerBound(pairs, to), added?.[field] ?? []);
    }
    if (entry.every((pairs) => !pairs.length)) postings.delete(t);
  }
  return lengths;
}

/** `pairs` with [start, end) replaced by `insert`: a new typed array (the old one may be the store's), or `pairs` itself if nothing changes. */
function spliced(pairs: Pairs, start: number, end: number, insert: Pairs): Pairs {
  if (start === end && !insert.length) return pairs;
  const out = new Uint32Array(pairs.length - (end - start) + insert.length);
  const part = (a: number, b: number) => (Array.isArray(pairs) ? pairs.slice(a, b) : pairs.subarray(a, b));
  out.set(part(0, start));
  out.set(insert, start);
  out.set(part(end, pairs.length), start + insert.length);
  return out;
}

/**
 * The terms whose shard an edit of a page changes, from its terms before and after (PageTerms
 * strings): those of the sections whose lines differ (a section's key is its position, so a
 * section added or removed differs from there on), old and new. A term's shard also holds the
 * field lengths of every section it names, and the title's and group's terms name every section
 * of the page: they change with any section, and a changed title or group changes all of them.
 * One sentence added to one section touches that section's words, not the whole page's.
 */
export function changedTerms(before: string, after: string): Set<string> {
  const out = new Set<string>();
  if (before === after) return out;
  const old = before.split('\n');
  const now = after.split('\n');
  const addLine = (line: string | undefined) => {
    if (line !== undefined) for (const t of termsOf(line)) out.add(t);
  };
  if (old[0] !== now[0] || old[1] !== now[1]) {
    for (const line of [...old, ...now]) addLine(line);
    return out;
  }
  for (const line of [old[0], old[1]]) addLine(line);
  for (let i = 2; i < Math.max(old.length, now.length); i += 2) {
    if (old[i] === now[i] && old[i + 1] === now[i + 1]) continue;
    for (const line of [old[i], old[i + 1], now[i], now[i + 1]]) addLine(line);
  }
  return out;
}

/** The distinct terms of a PageTerms string. */
export function termsOf(terms: string): Set<string> {
  const out = new Set<string>();
  for (const line of terms.split('\n')) {
    const parts = line.split(' ');
    for (let j = 1; j < parts.length; j += 2) out.add(parts[j]);
  }
  return out;
}

/**
 * Inserts a pair at its place by key: at the end when pages come in order, as in a full build.
 * Returns the list (a typed one, read from the store, becomes an array first).
 */
function insert(list: Pairs, key: number, count: number): number[] {
  const pairs = Array.isArray(list) ? list : Array.from(list);
  if (!pairs.length || pairs[pairs.length - 2] < key) pairs.push(key, count);
  else pairs.splice(lowerBound(pairs, key), 0, key, count);
  return pairs;
}

/** The first pair (its index in the flat list) whose key is at least `key`. */
function lowerBound(pairs: Pairs, key: number): number {
  let lo = 0;
  let hi = pairs.length / 2;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (pairs[2 * mid] < key) lo = mid + 1;
    else hi = mid;
  }
  return 2 * lo;
}

/**
 * The shard files' contents, worked out from the postings a term at a time: each depends on the
 * term's own postings and the lengths of the sections they name, never on the rest of the site,
 * so an edit recomputes only the terms of the pages it changed.
 */
export class ShardWriter {
  private readonly cuts = new Map<string, TermPostings>();

  constructor(
    private readonly postings: Postings,
    private readonly lengths: PageLengths,
    private readonly maxPostings: number,
  ) {}

  /** A term's full postings (before the cut), as the store keeps them. */
  postingsOf(t: string): TermPostings {
    return this.postings.get(t)!;
  }

  /** A section's field length. */
  private fieldLength(key: number, field: number): number {
    const page = Math.floor(key / SECTION_SLOTS);
    return this.lengths[page][(key - page * SECTION_SLOTS) * SEARCH_FIELDS.length + field];
  }

  /**
   * The postings of a term the shard keeps. A word found in more sections than `maxPostings` (on
   * a site of thousands of pages) keeps only those where it weighs most, which bounds a shard's
   * size and a query's work; its weight is BM25's with the average length of the sections that
   * have the word, so that the cut depends on nothing else.
   */
  kept(t: string): TermPostings {
    let kept = this.cuts.get(t);
    if (kept) return kept;
    kept = this.postings.get(t)!.map((pairs, field) => {
      const count = pairs.length / 2;
      if (count <= this.maxPostings) return pairs;
      // Each section's length looked up once, and the scores worked out in one loop: a one-page
      // edit at 10,000 pages scores the lists of its common words again, some 70,000 pairs each.
      const lengths = new Float64Array(count);
      let total = 0;
      for (let i = 0; i < count; i++) total += lengths[i] = this.fieldLength(pairs[2 * i], field);
      const average = total / count || 1;
      const scores = new Float64Array(count);
      for (let i = 0; i < count; i++) {
        const n = pairs[2 * i + 1];
        scores[i] = n / (n + BM25.k * (1 - BM25.b + (BM25.b * lengths[i]) / average));
      }
      return strongest(pairs, this.maxPostings, scores);
    });
    this.cuts.set(t, kept);
    return kept;
  }

  /**
   * About the bytes a term adds to its shard, for cutting shards to size: its postings and a row
   * of lengths for each section it names (rows shared with other terms counted each time).
   */
  size(t: string): number {
    let pairs = 0;
    let sections = 0;
    for (const list of this.kept(t)) {
      pairs += list.length / 2;
      sections = Math.max(sections, list.length / 2);
    }
    return t.length + 8 + 3 * pairs + 10 * sections;
  }

  /** The JSON of the shard holding `terms` (sorted). */
  shard(terms: string[]): string {
    const kept = terms.map((t) => this.kept(t));
    const keys = new Set<number>();
    for (const fields of kept) for (const pairs of fields) for (let i = 0; i < pairs.length; i += 2) keys.add(pairs[i]);
    const sorted = [...keys].sort((a, b) => a - b);
    const row = new Map<number, number>();
    const docs: number[] = [];
    let previous = 0;
    for (const key of sorted) {
      row.set(key, row.size);
      const page = Math.floor(key / SECTION_SLOTS);
      const section = key - page * SECTION_SLOTS;
      docs.push(page - previous, section);
      for (let field = 0; field < SEARCH_FIELDS.length; field++) docs.push(this.fieldLength(key, field));
      previous = page;
    }
    const postings = kept.map((fields) =>
      fields.map((pairs) => {
        if (!pairs.length) return 0;
        const local: number[] = [];
        for (let i = 0; i < pairs.length; i += 2) local.push(row.get(pairs[i])!, pairs[i + 1]);
        return encodePostings(local);
      }),
    );
    return JSON.stringify({ terms, postings, docs } satisfies SearchShard);
  }
}

/**
 * The `max` pairs of highest impact (`scores`, one a pair), back in key order; at the cut, the
 * earliest sections (as a stable sort by impact would keep). Finds the cut with a numeric typed-array sort rather than
 * sorting the pairs with a comparator: a common word of a 10,000-page site has 70,000.
 */
function strongest(pairs: Pairs, max: number, scores: Float64Array): Pairs {
  const cut = kthSmallest(scores.slice(), scores.length - max);
  let ties = max;
  for (const score of scores) if (score > cut) ties--;
  const kept: number[] = [];
  for (let i = 0; i < scores.length; i++) {
    if (scores[i] > cut || (scores[i] === cut && ties-- > 0)) kept.push(pairs[2 * i], pairs[2 * i + 1]);
  }
  // Of the kind it was given: a patch's lists are all typed, a whole index's all arrays (see replacePage).
  return Array.isArray(pairs) ? kept : Uint32Array.from(kept);
}

/**
 * The k-th smallest number of `xs` (from 0), as `xs.sort()[k]` gives it, in linear time: xs is
 * reordered in place. Sorting every common word's scores was a fifth of the index's work at
 * 10,000 pages.
 */
export function kthSmallest(xs: Float64Array, k: number): number {
  let lo = 0;
  let hi = xs.length - 1;
  while (lo < hi) {
    // Hoare partition around the middle value: [lo, j] <= pivot <= [j + 1, hi].
    const pivot = xs[(lo + hi) >>> 1];
    let i = lo - 1;
    let j = hi + 1;
    for (;;) {
      do i++;
      while (xs[i] < pivot);
      do j--;
      while (xs[j] > pivot);
      if (i >= j) break;
      const t = xs[i];
      xs[i] = xs[j];
      xs[j] = t;
    }
    if (k <= j) hi = j;
    else lo = j + 1;
  }
  return xs[k];
}
