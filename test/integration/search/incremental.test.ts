import { mkdir, readdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../../src/build/index.js';
import { cachePath } from '../../../src/incremental/cache.js';
import { expectSameAsFullBuild, listFiles } from '../../helpers/full-build.js';
import { REPO } from '../../helpers/site.js';
import { configFile, page, tmpSite } from '../../helpers/tmp-site.js';

/** Made-up words (a few thousand), so the index has many terms and several shards. */
function words(seed: number, n: number): string {
  const syllables = ['ka', 'lo', 'mi', 'ne', 'pu', 'ra', 'si', 'to', 'vu', 'ze', 'bo', 'da', 'fe', 'gi'];
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    const a = seed % syllables.length;
    const b = Math.floor(seed / 14) % syllables.length;
    const c = Math.floor(seed / 196) % syllables.length;
    out.push(syllables[a] + syllables[b] + syllables[c]);
  }
  return out.join(' ');
}

function body(i: number, extra = ''): string {
  return `${words(i, 40)}.\n\n## Part ${i} one\n\n${words(i + 1000, 30)}.\n\n## Part ${i} two\n\n${words(i + 2000, 30)}.${extra}\n`;
}

/** Enough pages for several shards, some of which an edit leaves alone (60 are too few for the last test's edit). */
const PAGES = 90;

describe('search: an edit patches the index of the last build', () => {
  let root: string;
  let outDir: string;
  let cleanup: () => Promise<void>;
  const file = (i: number) => `content/g${i % 3}/p${i}.md`;
  const write = (name: string, contents: string) => writeFile(path.join(root, name), contents);
  const shardFiles = async () => (await listFiles(outDir)).filter((f) => f.startsWith('assets/search/t/'));
  const inodes = async () =>
    new Map(
      await Promise.all((await shardFiles()).map(async (f) => [f, (await stat(path.join(outDir, f))).ino] as const)),
    );
  /** Builds; returns how many of the shard files are the previous output's (hard links to them) and how many are new. */
  async function rebuild(): Promise<{ kept: number; made: number }> {
    const before = await inodes();
    await build(root, { outDir });
    const after = await inodes();
    const kept = [...after].filter(([f, ino]) => before.get(f) === ino).length;
    return { kept, made: after.size - kept };
  }

  beforeAll(async () => {
    const files: Record<string, string> = {
      'docs.config.ts': configFile({ constants: { limit: 50 } }),
      'content/index.md': page('Home', 'Start here. Up to %{limit} workers.'),
    };
    for (let i = 0; i < PAGES; i++) files[file(i)] = page(`Page ${i} ${words(i + 5000, 2)}`, body(i));
    ({ root, cleanup } = await tmpSite(files));
    outDir = path.join(root, 'dist');
    await build(root, { outDir });
  }, 600_000);
  afterAll(() => cleanup?.());

  it('rewrites only the shards of the edited text, and the output is a full build', async () => {
    expect((await shardFiles()).length).toBeGreaterThan(4);
    await write(file(5), page(`Page 5 ${words(5005, 2)}`, body(5, '\n\n## A new part\n\nzyxwordone and more.')));
    const { kept, made } = await rebuild();
    expect(made).toBeGreaterThan(0);
    expect(kept).toBeGreaterThan(0);
    await expectSameAsFullBuild(root, outDir);
  }, 600_000);

  it("patches an edit of one section by that section's words: the shards of the page's other words are not read or written", async () => {
    const intro = words(777, 40);
    const sections = (tail: string) => page('Sections zyxhead', `${intro}.\n\n## Tail\n\n${tail}.\n`);
    await write('content/g0/sections.md', sections('zyxtail'));
    await rebuild();
    // The shards that hold a word of the page's introduction (each word as the index has it, when unstemmed).
    const introShards = new Set<string>();
    for (const f of await shardFiles()) {
      const { terms } = JSON.parse(await readFile(path.join(outDir, f), 'utf8')) as { terms: string[] };
      if (terms.some((t) => intro.split(' ').includes(t))) introShards.add(f);
    }
    const store = cachePath({ root }, 'search-index');
    const stored = new Set(await readdir(store));
    await write('content/g0/sections.md', sections('zyxtail zyxmore'));
    await rebuild();
    // The store's files this edit wrote: the postings of each shard it made again, and the page's block.
    const written = (await readdir(store)).filter((f) => f.endsWith('.v8') && !stored.has(f));
    expect(introShards.size).toBeGreaterThan(4);
    // Before, every shard that holds a word of the page was read and written again (15 pieces here, against 4).
    expect(written.length).toBeLessThan(introShards.size / 2);
    await expectSameAsFullBuild(root, outDir);
  }, 600_000);

  it('patches a title edit, a section removed and a constant changed', async () => {
    await write(file(7), page('Retitled zyxtitle', body(7)));
    await rebuild();
    await expectSameAsFullBuild(root, outDir);
    await write(file(8), page(`Page 8 ${words(5008, 2)}`, words(8, 40)));
    await rebuild();
    await expectSameAsFullBuild(root, outDir);
    await write('docs.config.ts', configFile({ constants: { limit: 75 } }).replace(/__SRC__/g, path.join(REPO, 'src')));
    await rebuild();
    await expectSameAsFullBuild(root, outDir);
  }, 600_000);

  it('follows a page deleted, renamed and added', async () => {
    await unlink(path.join(root, file(11)));
    await rebuild();
    await expectSameAsFullBuild(root, outDir);
    await rename(path.join(root, file(12)), path.join(root, 'content/g0/renamed.md'));
    await rebuild();
    await expectSameAsFullBuild(root, outDir);
    await write('content/g1/zz-new.md', page('A new page', body(999)));
    await rebuild();
    await expectSameAsFullBuild(root, outDir);
  }, 600_000);

  it('makes the index whole when a piece of the store is missing or unreadable', async () => {
    const store = cachePath({ root }, 'search-index');
    const pieces = (await readdir(store)).filter((f) => f.endsWith('.v8') && f !== 'index.v8');
    expect(pieces.length).toBeGreaterThan(2);
    for (const piece of pieces) await writeFile(path.join(store, piece), 'not a cache');
    await write(file(20), page(`Page 20 ${words(5020, 2)}`, body(20, ' Edited once.')));
    await rebuild();
    await expectSameAsFullBuild(root, outDir);
    await rm(store, { recursive: true, force: true });
    await write(file(21), page(`Page 21 ${words(5021, 2)}`, body(21, ' Edited once.')));
    await rebuild();
    await expectSameAsFullBuild(root, outDir);
    // The store is whole again: the next edit is patched.
    await write(file(22), page(`Page 22 ${words(5022, 2)}`, body(22, ' Edited once.')));
    expect((await rebuild()).kept).toBeGreaterThan(0);
    await expectSameAsFullBuild(root, outDir);
  }, 600_000);

  it('deletes the per-page terms cache an earlier build of the site left (a site with one index keeps a store instead)', async () => {
    const left = cachePath({ root }, 'search-terms');
    await mkdir(path.join(left, 'ab'), { recursive: true });
    await writeFile(path.join(left, 'ab', 'shard.v8'), 'terms of an earlier build');
    await write(file(23), page(`Page 23 ${words(5023, 2)}`, body(23, ' Edited once.')));
    await rebuild();
    await expect(stat(left)).rejects.toMatchObject({ code: 'ENOENT' });
    expect((await stat(cachePath({ root }, 'search-index'))).isDirectory()).toBe(true);
  }, 600_000);
});
