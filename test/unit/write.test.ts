import { mkdtemp, readdir, readFile, realpath, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { allFiles, FsWriter } from '../../src/write.js';

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
});
