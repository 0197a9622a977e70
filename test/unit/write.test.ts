import { writeFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, realpath, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { allFiles, FsWriter } from '../../src/write/index.js';

let root: string | undefined;
afterEach(async () => {
  if (root) await rm(root, { recursive: true, force: true });
  root = undefined;
});

describe('write', () => {
  it('leaves one whole site when two builds commit to the same folder at once', async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'docs-review-write-'));
    const out = path.join(root, 'dist');
    const site = (name: string) => [
      { path: 'index.html', contents: name },
      { path: `${name}/index.html`, contents: name },
    ];
    const results = await Promise.allSettled([
      new FsWriter(out).commit(allFiles(site('a'))),
      new FsWriter(out).commit(allFiles(site('b'))),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
    const winner = await readFile(path.join(out, 'index.html'), 'utf8');
    expect((await readdir(out)).sort()).toEqual([winner, 'index.html']);
    // The loser's version is gone; only the winner's, which the output path points at, is left.
    expect(await readdir(root)).toEqual(['.dist.builds', 'dist']);
    expect(await readdir(path.join(root, '.dist.builds'))).toEqual([path.basename(await realpath(out))]);
  });

  it('writes a file that writes itself by its own means, without making its contents in memory', async () => {
    // A file made of the previous output's bytes (src/outputs/pieces.ts) reads them all into memory when its
    // contents are asked for: 70 MB for llms-full.txt at 10,000 pages.
    root = await mkdtemp(path.join(os.tmpdir(), 'docs-review-write-'));
    const out = path.join(root, 'dist');
    const large = {
      path: 'llms-full.txt',
      hash: 'a hash of its own',
      writeTo: (to: string) => writeFileSync(to, 'written by its own means'),
      get contents(): string {
        throw new Error('the writer made the contents in memory');
      },
    };
    await new FsWriter(out).commit(allFiles([{ path: 'index.html', contents: 'home' }, large]));
    expect(await readFile(path.join(out, 'llms-full.txt'), 'utf8')).toBe('written by its own means');
    expect(await readFile(path.join(out, 'index.html'), 'utf8')).toBe('home');
  });
});
