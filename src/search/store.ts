import { readdirSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { cachePath, codeVersion, readCache, storedValue, writeCache, writeCacheSync } from '../incremental/cache.js';
import type { ResolvedConfig } from '../config/schema.js';
import { sha1 } from '../incremental/hash.js';
import type { OutputManifest } from '../write/index.js';
import { SEARCH_FIELDS } from '../shared/search-format.js';
import type { PageLengths, TermPostings } from './postings.js';

/** A shard as the last build wrote it. */
export interface StoredShard {
  key: string;
  terms: string[];
  /** The file's name in the output (a content hash) and its SHA-1, as the writer records it. */
  hash: string;
  sha: string;
  bytes: number;
  /** The store's file of the full postings of its terms (before the cut of common words). */
  file: string;
}

/** What the last build's index was made of: enough to patch it for a few pages. */
export interface StoredIndex {
  /** Each page's URL and the key of its search text (src/search/index.ts pageKey), in page order. */
  pages: string[];
  keys: string[];
  lengths: PageLengths;
  /** Every term's size in its shard (src/search/postings.ts ShardWriter.size), for cutting shards. */
  sizes: Map<string, number>;
  shards: StoredShard[];
  /** The store's file of each block of PAGE_BLOCK pages' terms. */
  blocks: string[];
}

/** A piece of the store that cannot be read: the index is then made whole. */
export class MissingPiece extends Error {}

/**
 * The search index's working state kept between builds (node_modules/.cache/docs/search-index):
 * each page's terms, a block of pages a file; each shard's full postings, a file a shard; and a
 * small file naming them with the pages, field lengths and term sizes. A build that changes a
 * few pages' text reads the blocks and shards of those pages' terms, patches them, and writes the
 * shards they touched (src/search/index.ts); the other shards stay in the output as they were.
 *
 * Files are named with the build that wrote them and never rewritten in place: the state of the
 * last build stays readable until the next one's is saved whole, then what it no longer names is
 * deleted. A piece that is missing or unreadable (MissingPiece) makes the index whole again.
 */
export class SearchIndexStore {
  /** The output files of this build's index kept from the previous output (path -> SHA-1), for the writer. */
  readonly kept = new Map<string, string>();
  private readonly stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  private next?: StoredIndex;
  private count = 0;

  private constructor(
    private readonly dir: string,
    private readonly salt: string,
    /** The last build's index, when it was made with the same code and settings. */
    readonly stored: StoredIndex | undefined,
    private readonly previous: OutputManifest | undefined,
  ) {}

  /** Where the store is kept (a site with one index; a site with one index a language keeps each page's terms). */
  static folder(config: Pick<ResolvedConfig, 'root'>): string {
    return cachePath(config, 'search-index');
  }

  static async open(
    config: Pick<ResolvedConfig, 'root'>,
    previous: OutputManifest | undefined,
    settings: unknown,
  ): Promise<SearchIndexStore> {
    const dir = SearchIndexStore.folder(config);
    const salt = sha1(await codeVersion(), JSON.stringify(settings));
    const stored = previous ? await readCache<StoredIndex>(path.join(dir, 'index.v8'), salt) : undefined;
    return new SearchIndexStore(dir, salt, stored, previous);
  }

  /** Whether the previous output holds a file with these contents (by SHA-1). */
  inOutput(file: string, sha: string): boolean {
    return this.previous?.siteFiles.get(file) === sha;
  }

  /** The stored terms of a block of pages ([page key, terms] each). */
  block(index: number): [key: string, terms: string][] {
    const file = this.stored?.blocks[index];
    return this.read<[string, string][]>(file);
  }

  /** The stored full postings of a shard's terms. */
  postings(shard: StoredShard): Map<string, TermPostings> {
    return unpack(this.read<PackedPostings>(shard.file));
  }

  /** Stores a block of pages' terms for the next build; returns the file's name. */
  writeBlock(entries: [key: string, terms: string][]): string {
    return this.add(entries);
  }

  /** Stores a shard's full postings for the next build; returns the file's name. */
  writePostings(postings: Map<string, TermPostings>): string {
    return this.add(pack(postings));
  }

  /** The state to save for the next build. */
  record(index: StoredIndex): void {
    this.next = index;
  }

  /** Writes the index naming the new pieces (written already), then deletes what it no longer names. */
  async save(): Promise<void> {
    if (!this.next) return;
    await writeCache(path.join(this.dir, 'index.v8'), this.salt, this.next);
    const named = new Set(['index.v8', ...this.next.blocks, ...this.next.shards.map((s) => s.file)]);
    const names = (() => {
      try {
        return readdirSync(this.dir);
      } catch {
        return [];
      }
    })();
    await Promise.all(
      names
        .filter((name) => !named.has(name.replace(/\.key$/, '')) && !name.endsWith('.tmp'))
        .map((name) => rm(path.join(this.dir, name), { force: true })),
    );
  }

  /**
   * Writes a piece at once, under a name no earlier build used: until `save` writes the index naming it, no build
   * reads it (one that fails before leaves it to the next `save`'s clean-up). Not held to the end of the stage: a
   * cold build of 10,000 pages makes 80 MB of pieces, which held and then serialized all at once were the peak of
   * the build's memory.
   */
  private add(value: unknown): string {
    const name = `${this.stamp}-${this.count++}.v8`;
    writeCacheSync(path.join(this.dir, name), this.salt, value);
    return name;
  }

  /** A piece of the stored state, read at once (a patch needs few), checked against the salt. */
  private read<T>(name: string | undefined): T {
    if (!name) throw new MissingPiece('no such piece');
    try {
      const value = storedValue<T>(readFileSync(path.join(this.dir, name)), this.salt);
      if (value === undefined) throw new Error('another version');
      return value;
    } catch (error) {
      throw new MissingPiece(`search index piece ${name}: ${(error as Error).message}`);
    }
  }
}

/**
 * A shard's full postings as stored: its terms, and all their lists in one typed array (for each
 * term, for each field, the list's length, then its pairs). Read back as views of that array, in
 * one copy: as arrays of numbers, the postings a one-page edit reads at 10,000 pages took a second
 * to read and as much to collect.
 */
interface PackedPostings {
  terms: string[];
  data: Uint32Array;
}

function pack(postings: Map<string, TermPostings>): PackedPostings {
  let size = 0;
  for (const fields of postings.values()) for (const pairs of fields) size += 1 + pairs.length;
  const data = new Uint32Array(size);
  let at = 0;
  for (const [t, fields] of postings) {
    for (const pairs of fields) {
      // Keys grow with the page (src/search/postings.ts SECTION_SLOTS): the last is the largest.
      if (pairs.length && pairs[pairs.length - 2] > 0xffffffff)
        throw new Error(`the search index's store numbers sections up to 2^32: the term "${t}" has more`);
      data[at++] = pairs.length;
      data.set(pairs, at);
      at += pairs.length;
    }
  }
  return { terms: [...postings.keys()], data };
}

function unpack({ terms, data }: PackedPostings): Map<string, TermPostings> {
  const postings = new Map<string, TermPostings>();
  let at = 0;
  for (const t of terms) {
    const fields: TermPostings = [];
    for (let field = 0; field < SEARCH_FIELDS.length; field++) {
      const length = data[at++];
      fields.push(data.subarray(at, at + length));
      at += length;
    }
    postings.set(t, fields);
  }
  if (at !== data.length) throw new MissingPiece('postings of another shape');
  return postings;
}
