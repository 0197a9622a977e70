import {
  encodePostings,
  PAGE_BLOCK,
  SEARCH_FIELDS,
  SEARCH_FORMAT_VERSION,
  type SearchManifest,
  type SearchPageData,
  type SearchShard,
} from '../shared/search-format.js';
import { fileHash, sha1 } from '../hash.js';
import { withBase } from '../shared/paths.js';
import { compounds, forEachTerm, isEnglish } from '../shared/search-text.js';
import type { Site } from '../site.js';
import type { OutputFile } from '../types.js';
import { searchPages, type SearchPage } from './records.js';
import { SearchPageBlocks } from './page-blocks.js';
import { partition } from './shards.js';

/** Where pages find the index (relative to the base); not hashed, so it must stay small. */
export const SEARCH_MANIFEST = 'search.json';

/** A shard grows to about this many bytes before a longer prefix gets its own (~5 KB gzip). */
export const SHARD_BYTES = 16_000;

/**
 * Postings kept per term and field. A word found in more sections than this (on a site of
 * thousands of pages) keeps only the sections where it weighs most, which bounds any shard's size
 * and a query's work; a site of a few hundred pages never reaches it.
 */
export const MAX_POSTINGS = 500;

export interface SearchIndexOptions {
  /** Each page's terms from an earlier build (src/search/terms-cache.ts), computed by `compute` when it has none. */
  terms?: (page: SearchPage, english: boolean, compute: () => PageTerms) => PageTerms;
  /** Blocks of page files kept from the previous output (src/search/page-blocks.ts); all are made without. */
  pageBlocks?: SearchPageBlocks;
  /** @default SHARD_BYTES */
  shardBytes?: number;
  /** @default MAX_POSTINGS */
  maxPostings?: number;
}

/** MiniSearch's BM25 defaults: the truncation keeps what MiniSearch would score highest. */
const BM25 = { k: 1.2, b: 0.7 };

/**
 * The build's search stage. Every section of every page is a document with four fields (page
 * title, heading, text, sidebar group), indexed the way MiniSearch indexes (same terms, same field
 * lengths), and written in MiniSearch's terms, cut into shards by prefix; the browser hands the shards a query
 * needs to MiniSearch (client/search/engine.ts). Counting here rather than in a MiniSearch
 * instance keeps the stage a few times faster on large sites. Also written: a vocabulary per first
 * letter (typo candidates) and a small file per page (titles and snippets).
 */
export function buildSearchIndex(site: Site, options: SearchIndexOptions = {}): OutputFile[] {
  const pages = searchPages(site);
  const english = isEnglish(site.config.lang);
  const postings = new Map<string, number[][]>();
  const lengths: number[][] = [];
  for (const page of pages) {
    const compute = () => pageTerms(page, english);
    const [title, group, ...sections] = (options.terms ? options.terms(page, english, compute) : compute())
      .split('\n')
      .map((line) => line.split(' '));
    for (let i = 0; i < sections.length; i += 2) {
      const doc = lengths.length;
      const fields = [title, sections[i], sections[i + 1], group];
      fields.forEach((f, field) => add(postings, doc, field, f));
      lengths.push(fields.map((f) => Number(f[0])));
    }
  }
  const average = SEARCH_FIELDS.map(
    (_, field) => lengths.reduce((n, row) => n + row[field], 0) / (lengths.length || 1),
  );

  const maxPostings = options.maxPostings ?? MAX_POSTINGS;
  const impact = (doc: number, n: number, field: number) =>
    n / (n + BM25.k * (1 - BM25.b + (BM25.b * lengths[doc][field]) / (average[field] || 1)));
  const entries = new Map<string, (number[] | 0)[]>();
  const docsOf = new Map<string, Set<number>>();
  const sizes = new Map<string, number>();
  for (const [t, fields] of postings) {
    const docs = new Set<number>();
    const encoded = fields.map((pairs, field) => {
      if (!pairs.length) return 0;
      const kept =
        pairs.length / 2 > maxPostings ? strongest(pairs, maxPostings, (doc, n) => impact(doc, n, field)) : pairs;
      for (let i = 0; i < kept.length; i += 2) docs.add(kept[i]);
      return encodePostings(kept);
    });
    entries.set(t, encoded);
    docsOf.set(t, docs);
    // Each document a term refers to also costs a row of field lengths in its shard.
    sizes.set(t, JSON.stringify(encoded).length + t.length + docs.size * 8);
  }

  const shards = partition(sizes, options.shardBytes ?? SHARD_BYTES);
  const shardFiles = [...shards.values()].map((list) => JSON.stringify(shard(list, entries, docsOf, lengths)));
  const vocab = vocabulary([...entries.keys()]);
  const vocabFiles = [...vocab.values()].map((list) => JSON.stringify(list));
  const folder = `assets/search/${fileHash([...shardFiles, ...vocabFiles])}/`;
  const blocks: string[] = [];
  const pageFiles: OutputFile[] = [];
  for (let start = 0; start < pages.length; start += PAGE_BLOCK) {
    const list = pages.slice(start, start + PAGE_BLOCK);
    const key = options.pageBlocks && SearchPageBlocks.key(start, list);
    const kept = key && options.pageBlocks!.keep(key);
    if (kept) {
      blocks.push(kept);
      continue;
    }
    const contents = list.map((p) =>
      JSON.stringify({
        title: p.title,
        group: p.group,
        url: p.url,
        sections: p.sections.map((s) => [s.slug, s.heading, s.text]),
      } satisfies SearchPageData),
    );
    const block = `assets/search/p/${start / PAGE_BLOCK}.${fileHash(contents)}/`;
    const files = contents.map((c, i) => ({ path: `${block}${start + i}.json`, contents: c }));
    if (key)
      options.pageBlocks!.made(
        key,
        block,
        files.map((f) => [f.path, sha1(f.contents)]),
      );
    blocks.push(block);
    pageFiles.push(...files);
  }

  const manifest: SearchManifest = {
    version: SEARCH_FORMAT_VERSION,
    dir: withBase(site.config.base, folder),
    pages: blocks.map((block) => withBase(site.config.base, block)),
    docs: lengths.length,
    avg: average.map((n) => Math.round(n * 1000) / 1000),
    counts: pages.map((p) => p.sections.length),
    shards: [...shards.keys()].map((key, i) => [key, shardFiles[i].length]),
    vocab: [...vocab.keys()].map((letter, i) => [letter, vocabFiles[i].length]),
    synonyms: site.config.search.synonyms,
    ...(english ? {} : { stem: false }),
  };
  return [
    { path: SEARCH_MANIFEST, contents: JSON.stringify(manifest) },
    ...shardFiles.map((contents, i) => ({ path: `${folder}t/${i}.json`, contents })),
    ...vocabFiles.map((contents, i) => ({ path: `${folder}v/${i}.json`, contents })),
    ...pageFiles,
  ];
}

/**
 * The terms of a page's fields: what the index needs of a page, and all it needs to read of its
 * text. One string, a line a field: the title, the group, then each section's heading and text.
 * A line is the field's length as MiniSearch counts it (its distinct terms), then each term and
 * its count, space-separated ("2 log 1 in 1 login 1"); terms are letters, digits and dots. A
 * string rather than a Map a field: after an edit, the other 10,000 pages' terms are read back
 * from the cache (src/search/terms-cache.ts), and a string is read at once and leaves no garbage.
 */
export type PageTerms = string;

export function pageTerms(page: SearchPage, english: boolean): PageTerms {
  // Title and group are the same for every section of the page: counted once.
  const lines = [fieldTerms(page.title, true, english), fieldTerms(page.group, true, english)];
  for (const s of page.sections) lines.push(fieldTerms(s.heading, true, english), fieldTerms(s.text, false, english));
  return lines.join('\n');
}

/**
 * Counts the terms of a field. Titles and headings also get the one-word forms of their phrasal
 * verbs ("Log in": login), found but not counted in the length, which stays the number of words.
 */
function fieldTerms(text: string, named: boolean, english: boolean): string {
  const counts = new Map<string, number>();
  forEachTerm(text, (t) => counts.set(t, (counts.get(t) ?? 0) + 1), english);
  const length = counts.size;
  if (named && english) for (const c of compounds(text)) counts.set(c.term, (counts.get(c.term) ?? 0) + 1);
  let line = String(length);
  for (const [t, n] of counts) line += ` ${t} ${n}`;
  return line;
}

/** Adds one field (a line of PageTerms, split) of one document to the postings: flat (doc, count) pairs, in document order. */
function add(postings: Map<string, number[][]>, doc: number, field: number, line: string[]): void {
  for (let i = 1; i < line.length; i += 2) {
    let entry = postings.get(line[i]);
    if (!entry) postings.set(line[i], (entry = SEARCH_FIELDS.map(() => [])));
    entry[field].push(doc, Number(line[i + 1]));
  }
}

/**
 * The `max` pairs of highest impact, back in document order; at the cut, the earliest documents
 * (as a stable sort by impact would keep). Finds the cut with a numeric typed-array sort rather
 * than sorting the pairs with a comparator: a common word of a 10,000-page site has 70,000.
 */
function strongest(pairs: number[], max: number, impact: (doc: number, n: number) => number): number[] {
  const scores = new Float64Array(pairs.length / 2);
  for (let i = 0; i < scores.length; i++) scores[i] = impact(pairs[2 * i], pairs[2 * i + 1]);
  const cut = kthSmallest(scores.slice(), scores.length - max);
  let ties = max;
  for (const score of scores) if (score > cut) ties--;
  const kept: number[] = [];
  for (let i = 0; i < scores.length; i++) {
    if (scores[i] > cut || (scores[i] === cut && ties-- > 0)) kept.push(pairs[2 * i], pairs[2 * i + 1]);
  }
  return kept;
}

/**
 * The k-th smallest number of `xs` (from 0), as `xs.sort()[k]` gives it, in linear time: xs is
 * reordered in place. A one-page edit assembles the index again, and sorting every common word's
 * scores was a fifth of that work at 10,000 pages.
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

function shard(
  list: string[],
  entries: Map<string, (number[] | 0)[]>,
  docsOf: Map<string, Set<number>>,
  lengths: number[][],
): SearchShard {
  const ids = new Set<number>();
  for (const t of list) for (const doc of docsOf.get(t)!) ids.add(doc);
  const rows: number[] = [];
  let previous = -1;
  for (const doc of [...ids].sort((a, b) => a - b)) {
    rows.push(doc - previous, ...lengths[doc]);
    previous = doc;
  }
  return { terms: list, postings: list.map((t) => entries.get(t)!), lengths: rows };
}

/** Words by first letter, for typo tolerance: only words of letters, three or more of them. */
function vocabulary(all: string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const t of all.sort()) {
    if (t.length < 3 || !/^\p{L}+$/u.test(t)) continue;
    const list = out.get(t[0]);
    if (list) list.push(t);
    else out.set(t[0], [t]);
  }
  return out;
}
