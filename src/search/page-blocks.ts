import { readFileSync } from 'node:fs';
import path from 'node:path';
import { cachePath, codeVersion, readCache, writeCache } from '../incremental/cache.js';
import type { ResolvedConfig } from '../config/schema.js';
import { sha1 } from '../incremental/hash.js';
import type { OutputManifest } from '../write/index.js';
import { pageDigest } from './records.js';
import type { SearchPage } from '../model/search-page.js';

/** A block of page files as a build wrote it: its folder, each page's digest (src/search/records.ts pageDigest), and each file's path and content hash. */
interface StoredBlock {
  folder: string;
  digests: string[];
  files: [path: string, hash: string][];
}

/**
 * The search index's page files kept from the previous output, a block (PAGE_BLOCK pages) at a
 * time: a block whose pages show search what they showed then keeps its folder and files unread,
 * so a one-page edit makes one block's files rather than 10,000 (and the writer hashes none of the
 * others). A block is kept only if the previous output holds every file of it with the hash it was
 * written with; otherwise it is made again. Stored by a key of the block's pages and position.
 */
export class SearchPageBlocks {
  /** The files kept this build (path -> content hash), for the writer to link. */
  readonly kept = new Map<string, string>();
  private readonly used = new Map<string, StoredBlock>();

  private constructor(
    private readonly file: string,
    private readonly salt: string,
    private readonly known: Map<string, StoredBlock>,
    private readonly previous: OutputManifest | undefined,
  ) {}

  static async open(
    config: Pick<ResolvedConfig, 'root'>,
    previous: OutputManifest | undefined,
  ): Promise<SearchPageBlocks> {
    const file = cachePath(config, 'search-blocks.v8');
    const salt = await codeVersion();
    const known = (previous && (await readCache<Map<string, StoredBlock>>(file, salt))) || new Map();
    return new SearchPageBlocks(file, salt, known, previous);
  }

  /** What a block's files depend on: its pages as search shows them, and where the block starts. */
  static key(start: number, pages: SearchPage[]): string {
    return sha1(String(start), ...pages.map(pageDigest));
  }

  /** The folder of a block kept from the previous output, its files then counted as kept; undefined when it must be made. */
  keep(key: string): string | undefined {
    const block = this.known.get(key);
    if (!block || !block.files.every(([path, hash]) => this.previous?.siteFiles.get(path) === hash)) return undefined;
    for (const [path, hash] of block.files) this.kept.set(path, hash);
    this.used.set(key, block);
    return block.folder;
  }

  /** A block made this build. */
  made(key: string, block: StoredBlock): void {
    this.used.set(key, block);
  }

  /** The previous output's page files by the digest of the page each shows. */
  private byDigest?: Map<string, [path: string, hash: string]>;

  /**
   * The contents of the file of a page search shows as `digest` shows it, read from the previous
   * output (wherever the page was then: pages added before it move it to another block), when
   * that file is as written; else undefined.
   */
  previousFile(digest: string): string | undefined {
    if (!this.byDigest) {
      this.byDigest = new Map();
      for (const block of this.known.values()) block.digests.forEach((d, i) => this.byDigest!.set(d, block.files[i]));
    }
    const file = this.byDigest.get(digest);
    if (!file || !this.previous?.dir || this.previous.siteFiles.get(file[0]) !== file[1]) return undefined;
    try {
      const contents = readFileSync(path.join(this.previous.dir, file[0]), 'utf8');
      return sha1(contents) === file[1] ? contents : undefined;
    } catch {
      return undefined;
    }
  }

  /** Keeps this build's blocks only: the store never grows beyond the site's. */
  save(): Promise<void> {
    return writeCache(this.file, this.salt, this.used);
  }
}
