import { mkdir, mkdtemp, rm, unlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { OutputFile } from '../model/page.js';

/**
 * The folder the dev server serves: a temporary one, so `dev` never touches the build's output.
 * The build (src/dev/writer.ts) and the outputs made on request (src/dev/lazy-outputs.ts) write
 * their changed files into it.
 */
export class OutputDir {
  private readonly held = new Set<string>();
  private readonly dirs = new Set<string>();

  private constructor(readonly dir: string) {}

  static async create(): Promise<OutputDir> {
    return new OutputDir(await mkdtemp(path.join(os.tmpdir(), 'docs-dev-')));
  }

  has(file: string): boolean {
    return this.held.has(file);
  }

  async apply(writes: OutputFile[], removes: string[]): Promise<void> {
    const parents = new Set(
      writes.map((f) => path.dirname(path.join(this.dir, f.path))).filter((d) => !this.dirs.has(d)),
    );
    for (const dir of [...parents].sort()) {
      await mkdir(dir, { recursive: true });
      this.dirs.add(dir);
    }
    // Bounded parallelism: the first build writes every file of the site at once.
    for (let i = 0; i < writes.length; i += 64) {
      await Promise.all(writes.slice(i, i + 64).map((f) => writeFile(path.join(this.dir, f.path), f.contents)));
    }
    for (const f of writes) this.held.add(f.path);
    await Promise.all(removes.map((file) => unlink(path.join(this.dir, file)).catch(() => undefined)));
    for (const file of removes) this.held.delete(file);
  }

  async remove(): Promise<void> {
    await rm(this.dir, { recursive: true, force: true });
  }
}
