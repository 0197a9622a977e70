import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SpillFile } from '../../src/write/spill.js';

describe('bytes spilled to disk until the write (src/write/spill.ts)', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'docs-spill-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('gives back each piece as it was written, in any order, and leaves no file in the folder', async () => {
    const spill = SpillFile.open(dir)!;
    const texts = ['<h2>“Quotes” & 日本語</h2>', '', 'x'.repeat(3 * 1024 * 1024 + 7), '<p>last</p>'];
    const kept = texts.map((text) => spill.keep(new TextEncoder().encode(text)));
    expect(await readdir(dir)).toEqual([]);
    for (const i of [3, 0, 2, 1, 0]) expect(new TextDecoder().decode(kept[i].read())).toBe(texts[i]);
  });

  it('copies a piece into a file without reading it whole (larger than its copy buffer)', async () => {
    const spill = SpillFile.open(dir)!;
    spill.keep(new TextEncoder().encode('before'));
    const text = 'llms-full.txt line\n'.repeat(100_000);
    const kept = spill.keep(new TextEncoder().encode(text));
    const out = path.join(dir, 'out.txt');
    kept.writeTo(out);
    expect(await readFile(out, 'utf8')).toBe(text);
    expect(await readdir(dir)).toEqual(['out.txt']);
  });
});
