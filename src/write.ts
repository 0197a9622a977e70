import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { OutputFile } from './types.js';

/** Where a build's files go. Only the write stage touches the output. */
export interface Writer {
  commit(files: OutputFile[]): Promise<void>;
}

/**
 * Writes into a temporary folder beside the output and swaps it in only when every file is
 * written, so a failed build never leaves half a site.
 */
export class FsWriter implements Writer {
  constructor(readonly outDir: string) {}

  async commit(files: OutputFile[]): Promise<void> {
    // Unique per commit: two builds in one process (or one millisecond) must not share folders.
    const stamp = `${process.pid}-${Date.now()}-${randomBytes(4).toString('hex')}`;
    const temp = `${this.outDir}.tmp-${stamp}`;
    const olds: string[] = [];
    try {
      const dirs = new Set(files.map((f) => path.dirname(path.join(temp, f.path))));
      await Promise.all([...dirs].sort().map((d) => mkdir(d, { recursive: true })));
      // Bounded parallelism: thousands of concurrent writes only queue up in libuv.
      for (let i = 0; i < files.length; i += 64) {
        await Promise.all(files.slice(i, i + 64).map((f) => writeFile(path.join(temp, f.path), f.contents)));
      }
      // Another build may put its output in place between our two renames: move that aside too, and retry.
      for (let attempt = 0; ; attempt++) {
        const old = `${this.outDir}.old-${stamp}-${attempt}`;
        olds.push(old);
        await rename(this.outDir, old).catch((error: NodeJS.ErrnoException) => {
          if (error.code !== 'ENOENT') throw error;
        });
        try {
          await rename(temp, this.outDir);
          break;
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code;
          if (attempt >= 10 || (code !== 'ENOTEMPTY' && code !== 'EEXIST')) throw error;
        }
      }
    } finally {
      await rm(temp, { recursive: true, force: true });
      await Promise.all(olds.map((old) => rm(old, { recursive: true, force: true })));
    }
  }
}

/** Keeps the site in memory: for tests and for the dev server. */
export class MemoryWriter implements Writer {
  readonly files = new Map<string, string | Uint8Array>();
  async commit(files: OutputFile[]): Promise<void> {
    this.files.clear();
    for (const f of files) this.files.set(f.path, f.contents);
  }
  text(file: string): string | undefined {
    const c = this.files.get(file);
    return c === undefined ? undefined : typeof c === 'string' ? c : Buffer.from(c).toString('utf8');
  }
}
