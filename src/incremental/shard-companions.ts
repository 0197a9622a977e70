import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { storedKey, storedValue } from './cache.js';
import { sha1 } from './hash.js';
import { shardFile, writeShard } from './sharded-cache.js';

/**
 * The files beside a sharded cache's shards that hold what its entries rarely need: a record's
 * sections, code blocks and headings (src/incremental/markdown-cache.ts), a parsed page's body
 * (src/incremental/source-cache.ts). A one-page edit at 10,000 pages reads its shards whole but needs these
 * for one page: left out of the shards, they are neither read nor deserialized.
 *
 * Each file is written with a stamp its shard's entries name (a build may die between writing the
 * two). It is opened when an entry of its shard is first taken, and read through that descriptor on
 * first use: another build that replaces it meanwhile (a new file renamed over it) leaves this one
 * the file its entries were written with.
 */
export class ShardCompanions<V> {
  /** Each shard's file, opened when an entry of it is first taken, with the key it had then. */
  private readonly files: OpenFiles = new Map();
  /** Each shard's values, read on first use. */
  private readonly values = new Map<string, Map<string, V>>();

  constructor(
    private readonly dir: string,
    private readonly kind: string,
    private readonly salt: string,
  ) {
    // A build that fails before its last read leaves files open: closed once this is collected.
    openFiles.register(this, this.files);
  }

  /** Whether a shard's file is the one written with `stamp` (opened here, if not yet). */
  has(shard: string, stamp: string): boolean {
    let open = this.files.get(shard);
    if (open === undefined) {
      const file = shardFile(this.dir, this.kind, shard);
      let fd: number | undefined;
      try {
        fd = openSync(file, 'r');
      } catch {
        fd = undefined;
      }
      open = { fd, key: fd === undefined ? '' : storedKey(fd) };
      this.files.set(shard, open);
    }
    // A shard's entries name one stamp: its key is hashed once a shard, not once an entry.
    if (open.checked?.stamp !== stamp)
      open.checked = { stamp, matches: open.fd !== undefined && open.key === sha1(this.saltOf(stamp)) };
    return open.checked.matches;
  }

  /**
   * The value of `key` in a shard's file written with `stamp` (the file read once, through the
   * descriptor `has` opened), or undefined when the file cannot give it (damaged since).
   */
  get(shard: string, stamp: string, key: string): V | undefined {
    let values = this.values.get(shard);
    if (!values) {
      values = this.read(shard, stamp);
      this.values.set(shard, values);
    }
    return values.get(key);
  }

  private read(shard: string, stamp: string): Map<string, V> {
    const fd = this.files.get(shard)?.fd;
    try {
      const bytes = readFileSync(fd ?? shardFile(this.dir, this.kind, shard));
      const value = storedValue<Map<string, V>>(bytes, this.saltOf(stamp));
      return value instanceof Map ? value : new Map();
    } catch {
      return new Map();
    }
  }

  /** Writes a shard's file (deletes it when `values` is empty); returns the stamp its entries must name. */
  async write(shard: string, values: Map<string, V>): Promise<string> {
    const stamp = randomBytes(6).toString('hex');
    await writeShard(this.dir, this.kind, shard, this.saltOf(stamp), values);
    return stamp;
  }

  /** The file of a shard. */
  file(shard: string): string {
    return shardFile(this.dir, this.kind, shard);
  }

  /** Closes the files opened (what must be carried over has been read). */
  close(): void {
    closeAll(this.files);
  }

  private saltOf(stamp: string): string {
    return `${this.salt}\0${stamp}`;
  }
}

/** The descriptors of files still open, by shard. */
type OpenFiles = Map<string, { fd: number | undefined; key: string; checked?: { stamp: string; matches: boolean } }>;

function closeAll(files: OpenFiles): void {
  for (const open of files.values()) if (open.fd !== undefined) closeSync(open.fd);
  files.clear();
}

const openFiles = new FinalizationRegistry<OpenFiles>(closeAll);
