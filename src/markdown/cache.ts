import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deserialize, serialize } from 'node:v8';
import type { ResolvedConfig } from '../config.js';
import type { PageRecord, PageSource } from '../types.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));

/** What the Markdown stage's output depends on besides a page's own text: this code and its packages. */
async function codeVersion(): Promise<string> {
  const hash = createHash('sha1');
  for (const name of (await readdir(HERE)).sort()) if (name.endsWith('.ts')) hash.update(name).update(await readFile(path.join(HERE, name)));
  await readFile(path.resolve(HERE, '../../package-lock.json')).then((lock) => hash.update(lock), () => hash.update('no lockfile'));
  return hash.digest('hex');
}

/**
 * Page records from earlier builds, keyed by a content hash of everything a record depends on:
 * the page's source, the base and the constants, and the Markdown code. An unchanged page is not
 * parsed again. Stored as one file under node_modules/.cache; a missing or unreadable cache is
 * simply empty, and pages with problems are never stored (their messages must show every run).
 */
export class MarkdownCache {
  private readonly fresh = new Map<string, PageRecord>();
  private changed = false;

  private constructor(
    private readonly file: string,
    private readonly salt: string,
    private readonly entries: Map<string, PageRecord>,
  ) {}

  static async open(config: ResolvedConfig): Promise<MarkdownCache> {
    const salt = createHash('sha1').update(await codeVersion()).update(JSON.stringify([config.base, config.constants])).digest('hex');
    const file = path.join(config.root, 'node_modules/.cache/docs/markdown.v8');
    let entries = new Map<string, PageRecord>();
    try {
      const stored = deserialize(await readFile(file)) as { salt: string; entries: Map<string, PageRecord> };
      if (stored.salt === salt) entries = stored.entries;
    } catch {
      // No cache yet, or one from another version: start empty.
    }
    return new MarkdownCache(file, salt, entries);
  }

  private key(source: PageSource): string {
    return createHash('sha1').update(`${source.relativePath}\0${source.hash}\0${source.lineOffset}\0`).update(source.body).update('\0').update(JSON.stringify(source.frontmatter)).digest('hex');
  }

  get(source: PageSource): PageRecord | undefined {
    const key = this.key(source);
    const record = this.entries.get(key);
    if (record) this.fresh.set(key, record);
    return record;
  }

  set(source: PageSource, record: PageRecord): void {
    this.fresh.set(this.key(source), record);
    this.changed = true;
  }

  /** Keeps only this build's pages (deleted pages drop out), written atomically. */
  async save(): Promise<void> {
    if (!this.changed && this.fresh.size === this.entries.size) return;
    try {
      await mkdir(path.dirname(this.file), { recursive: true });
      const temp = `${this.file}.${process.pid}.tmp`;
      await writeFile(temp, serialize({ salt: this.salt, entries: this.fresh }));
      await rename(temp, this.file);
    } catch {
      // A read-only checkout builds fine without a cache.
    }
  }
}
