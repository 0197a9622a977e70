import {
  PAGE_BLOCK,
  SEARCH_FIELDS,
  SEARCH_FORMAT_VERSION,
  shardOf,
  type SearchManifest,
  type SearchPageData,
} from '../shared/search-format.js';
import { fileHash, sha1 } from '../incremental/hash.js';
import { withBase } from '../shared/paths.js';
import { compounds, forEachTerm, isEnglish } from '../shared/search-text.js';
import type { Site } from '../model/site.js';
import type { OutputFile } from '../model/page.js';
import { pageDigest, searchPages } from './records.js';
import type { SearchPage } from '../model/search-page.js';
import { SearchPageBlocks } from './page-blocks.js';
import { addPage, changedTerms, replacePage, ShardWriter, type PageLengths, type Postings } from './postings.js';
import { partition } from './shards.js';
import { largeBuildSpill, spilledFile } from '../write/spill.js';
import { MissingPiece, type SearchIndexStore, type StoredIndex, type StoredShard } from './store.js';

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

/** Where the index's files go, under the base. */
const FOLDER = 'assets/search/';

export interface SearchIndexOptions {
  /** Each page's terms from an earlier build (src/search/terms-cache.ts), computed by `compute` when it has none. */
  terms?: (page: SearchPage, english: boolean, compute: () => PageTerms) => PageTerms;
  /** Blocks of page files kept from the previous output (src/search/page-blocks.ts); all are made without. */
  pageBlocks?: SearchPageBlocks;
  /**
   * The last build's index (src/search/store.ts): when only some pages' text changed, their
   * shards are patched and the others kept (`store.kept`); the files are those a build without
   * it makes. Takes the place of `terms`.
   */
  store?: SearchIndexStore;
  /** @default SHARD_BYTES */
  shardBytes?: number;
  /** @default MAX_POSTINGS */
  maxPostings?: number;
}

/** The settings a stored index was made with: another value makes the index whole. */
export function storeSettings(site: Site, options: Pick<SearchIndexOptions, 'shardBytes' | 'maxPostings'> = {}) {
  return [isEnglish(site.config.lang), options.shardBytes ?? SHARD_BYTES, options.maxPostings ?? MAX_POSTINGS];
}

/** The index's terms and shards, whole or patched: what the files are written from. */
interface Assembled {
  lengths: PageLengths;
  sizes: Map<string, number>;
  writer: ShardWriter;
  /** Makes sure the postings of these terms are loaded (a patch loads the shards it needs only). */
  load: (terms: string[]) => void;
  /** Terms whose postings changed (all of them for a whole index). */
  changed: (t: string) => boolean;
  stored?: StoredIndex;
  blocks: string[];
}

/**
 * The build's search stage. Every section of every page is a document with four fields (page
 * title, heading, text, sidebar group), indexed the way MiniSearch indexes (same terms, same field
 * lengths), and written in MiniSearch's terms, cut into shards by prefix; the browser hands the
 * shards a query needs to MiniSearch (client/search/engine.ts). Counting here rather than in a
 * MiniSearch instance keeps the stage a few times faster on large sites. Also written: a
 * vocabulary per first letter (typo candidates) and a small file per page (titles and snippets).
 *
 * Every file but the manifest depends only on its own terms' pages, so with a store of the last
 * build's index an edit patches the shards of the pages it changed (same files as made whole).
 */
export function buildSearchIndex(site: Site, options: SearchIndexOptions = {}): OutputFile[] {
  const pages = searchPages(site);
  const english = isEnglish(site.config.lang);
  const maxPostings = options.maxPostings ?? MAX_POSTINGS;
  const store = options.store;
  const keys = pages.map((p) => pageKey(p, english));
  const ids = pages.map((p) => p.url);
  let index: Assembled | undefined;
  if (store?.stored && sameList(store.stored.pages, ids)) {
    try {
      index = patched(pages, keys, english, maxPostings, store);
    } catch (error) {
      if (!(error instanceof MissingPiece)) throw error;
    }
  }
  index ??= whole(pages, keys, english, maxPostings, options);

  const parts = partition(index.sizes, options.shardBytes ?? SHARD_BYTES);
  const files: OutputFile[] = [];
  // A large site's files wait on disk for the write (src/write/spill.ts): at 10,000 pages about 100 MB. A file whose
  // SHA-1 is known carries it: the writer and the carry-over (src/search/carry-over.ts) need not hash it again.
  const spill = largeBuildSpill(site.config, pages.length);
  const add: AddFile = (path, contents, sha) =>
    files.push(spill ? spilledFile(spill, path, contents, sha) : { path, contents, ...(sha ? { hash: sha } : {}) });
  const shards: StoredShard[] = [];
  const before = new Map(index.stored?.shards.map((s) => [s.key, s]));
  for (const [key, terms] of parts) {
    const old = before.get(key);
    if (
      old &&
      store &&
      sameList(old.terms, terms) &&
      !terms.some(index.changed) &&
      store.inOutput(`${FOLDER}t/${old.hash}.json`, old.sha)
    ) {
      store.kept.set(`${FOLDER}t/${old.hash}.json`, old.sha);
      shards.push(old);
      continue;
    }
    index.load(terms);
    const contents = index.writer.shard(terms);
    const hash = fileHash(contents);
    const sha = sha1(contents);
    add(`${FOLDER}t/${hash}.json`, contents, sha);
    const file = store ? store.writePostings(new Map(terms.map((t) => [t, index.writer.postingsOf(t)]))) : '';
    shards.push({ key, terms, hash, sha, bytes: contents.length, file });
  }
  const vocab = [...vocabulary([...index.sizes.keys()])].map(([letter, words]) => {
    const contents = JSON.stringify(words);
    const hash = fileHash(contents);
    const file = `${FOLDER}v/${hash}.json`;
    const sha = sha1(contents);
    if (store?.inOutput(file, sha)) store.kept.set(file, sha);
    else add(file, contents, sha);
    return [letter, contents.length, hash] as [string, number, string];
  });
  const blocks = pageFiles(pages, options.pageBlocks, add);

  // Each section has a length a field: counted so, no page's sections are read for it.
  const counts = index.lengths.map((lengths) => lengths.length / SEARCH_FIELDS.length);
  const docs = counts.reduce((n, c) => n + c, 0);
  const totals = SEARCH_FIELDS.map(() => 0);
  for (const lengths of index.lengths)
    for (let i = 0; i < lengths.length; i++) totals[i % SEARCH_FIELDS.length] += lengths[i];
  const manifest: SearchManifest = {
    version: SEARCH_FORMAT_VERSION,
    dir: withBase(site.config.base, FOLDER),
    pages: blocks.map((block) => withBase(site.config.base, block)),
    docs,
    lengths: totals,
    counts,
    shards: shards.map((s) => [s.key, s.bytes, s.hash]),
    vocab,
    synonyms: site.config.search.synonyms,
    ...(english ? {} : { stem: false }),
  };
  store?.record({ pages: ids, keys, lengths: index.lengths, sizes: index.sizes, shards, blocks: index.blocks });
  return [{ path: SEARCH_MANIFEST, contents: JSON.stringify(manifest) }, ...files];
}

/** The whole index from every page's terms (stored ones when their text is unchanged, else counted). */
function whole(
  pages: SearchPage[],
  keys: string[],
  english: boolean,
  maxPostings: number,
  options: SearchIndexOptions,
): Assembled {
  const { store } = options;
  const known = new Map<string, string>();
  if (store?.stored)
    for (let b = 0; b < store.stored.blocks.length; b++) {
      try {
        for (const [key, terms] of store.block(b)) known.set(key, terms);
      } catch (error) {
        if (!(error instanceof MissingPiece)) throw error;
      }
    }
  const postings: Postings = new Map();
  const lengths: PageLengths = [];
  const all: string[] = [];
  pages.forEach((page, i) => {
    const compute = () => pageTerms(page, english);
    const terms = store
      ? (known.get(keys[i]) ?? compute())
      : options.terms
        ? options.terms(page, english, compute)
        : compute();
    all.push(terms);
    lengths.push(addPage(postings, i, terms));
  });
  const writer = new ShardWriter(postings, lengths, maxPostings);
  const sizes = new Map<string, number>();
  for (const t of postings.keys()) sizes.set(t, writer.size(t));
  const blocks: string[] = [];
  if (store)
    for (let start = 0; start < pages.length; start += PAGE_BLOCK)
      blocks.push(store.writeBlock(keys.slice(start, start + PAGE_BLOCK).map((key, j) => [key, all[start + j]])));
  return { lengths, sizes, writer, load: () => {}, changed: () => true, blocks };
}

/**
 * The last build's index with the pages whose text changed (same pages, same order) patched in:
 * the postings of their old and new terms are read from the store's shards, those pages taken out
 * and put back; every other term keeps its stored size.
 */
function patched(
  pages: SearchPage[],
  keys: string[],
  english: boolean,
  maxPostings: number,
  store: SearchIndexStore,
): Assembled {
  const stored = store.stored!;
  const changed = keys.flatMap((key, i) => (key === stored.keys[i] ? [] : [i]));
  const blocks = stored.blocks.slice();
  const oldTerms = new Map<number, string>();
  const newTerms = new Map<number, string>();
  for (const b of new Set(changed.map((i) => Math.floor(i / PAGE_BLOCK)))) {
    const entries = store.block(b);
    if (entries.length !== Math.min(PAGE_BLOCK, pages.length - b * PAGE_BLOCK)) throw new MissingPiece('block');
    entries.forEach(([key, terms], j) => {
      const i = b * PAGE_BLOCK + j;
      if (key !== stored.keys[i]) throw new MissingPiece('block');
      if (keys[i] === key) return;
      oldTerms.set(i, terms);
      const fresh = pageTerms(pages[i], english);
      newTerms.set(i, fresh);
      entries[j] = [keys[i], fresh];
    });
    blocks[b] = store.writeBlock(entries);
  }

  // Only the terms of the sections that changed: the others' postings and shards stay as stored.
  const touchedBy = new Map(changed.map((i) => [i, changedTerms(oldTerms.get(i)!, newTerms.get(i)!)]));
  const touched = new Set<string>();
  for (const terms of touchedBy.values()) for (const t of terms) touched.add(t);
  const postings: Postings = new Map();
  const keysOf = stored.shards.map((s) => s.key);
  const loaded = new Set<number>();
  // Once the pages are patched, a touched term's stored postings are out of date (or it is gone).
  let patching = true;
  const load = (terms: Iterable<string>) => {
    for (const t of terms) {
      if (postings.has(t) || !stored.sizes.has(t)) continue;
      const id = shardOf(keysOf, t);
      if (id < 0 || loaded.has(id)) continue;
      loaded.add(id);
      for (const [term, list] of store.postings(stored.shards[id]))
        if (!postings.has(term) && (patching || !touched.has(term))) postings.set(term, list);
    }
  };
  load(touched);
  const lengths = stored.lengths.slice();
  for (const i of changed) lengths[i] = replacePage(postings, i, oldTerms.get(i)!, newTerms.get(i)!, touchedBy.get(i));
  patching = false;
  const writer = new ShardWriter(postings, lengths, maxPostings);
  const sizes = new Map(stored.sizes);
  for (const t of touched) {
    if (postings.has(t)) sizes.set(t, writer.size(t));
    else sizes.delete(t);
  }
  return { lengths, sizes, writer, load, changed: (t) => touched.has(t), stored, blocks };
}

function sameList(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** Adds a file of the index to the output, with its contents' SHA-1 when it is known. */
type AddFile = (path: string, contents: string, sha?: string) => void;

/**
 * The files of each block of PAGE_BLOCK pages (titles and snippets): kept from the previous
 * output when the block's pages show what they showed then. Returns each block's folder.
 */
function pageFiles(pages: SearchPage[], kept: SearchPageBlocks | undefined, add: AddFile): string[] {
  const blocks: string[] = [];
  for (let start = 0; start < pages.length; start += PAGE_BLOCK) {
    const list = pages.slice(start, start + PAGE_BLOCK);
    const key = kept && SearchPageBlocks.key(start, list);
    const folder = key && kept!.keep(key);
    if (folder) {
      blocks.push(folder);
      continue;
    }
    // A page that shows what it showed last time: its file's bytes, not its sections.
    const contents = list.map(
      (p) =>
        kept?.previousFile(pageDigest(p)) ??
        JSON.stringify({
          title: p.title,
          group: p.group,
          url: p.url,
          sections: p.sections.map((s) => [s.slug, s.heading, s.text]),
        } satisfies SearchPageData),
    );
    const block = `${FOLDER}p/${start / PAGE_BLOCK}.${fileHash(contents)}/`;
    const made = contents.map((c, i) => ({
      path: `${block}${start + i}.json`,
      contents: c,
      sha: key ? sha1(c) : undefined,
    }));
    if (key)
      kept!.made(key, {
        folder: block,
        digests: list.map(pageDigest),
        files: made.map((f) => [f.path, f.sha!]),
      });
    blocks.push(block);
    for (const file of made) add(file.path, file.contents, file.sha);
  }
  return blocks;
}

/** What a page's terms depend on: the text search reads of it (with its URL and slugs), and the language rules. */
export function pageKey(page: SearchPage, english: boolean): string {
  return sha1(english ? 'en' : '', pageDigest(page));
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
