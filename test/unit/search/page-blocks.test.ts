import { describe, expect, it } from 'vitest';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sha1 } from '../../../src/incremental/hash.js';
import { SearchPageBlocks } from '../../../src/search/page-blocks.js';
import { pageDigest } from '../../../src/search/records.js';
import type { SearchPage } from '../../../src/model/search-page.js';
import type { OutputManifest } from '../../../src/write/index.js';
import { tempFolders } from '../../helpers/tmp-site.js';

const tempFolder = tempFolders();

const page = (title: string, text: string): SearchPage => ({
  route: `/${title}/`,
  url: `/${title}/`,
  title,
  group: '',
  sections: [{ slug: '', heading: '', text }],
});

const previous = (siteFiles: [string, string][]): OutputManifest => ({
  pages: new Map(),
  siteFiles: new Map(siteFiles),
});

const BLOCK: [string, string][] = [
  ['assets/search/p/0.abc/0.json', 'h0'],
  ['assets/search/p/0.abc/1.json', 'h1'],
];

const stored = (folder: string) => ({ folder, digests: ['d0', 'd1'], files: BLOCK });

describe('search/page-blocks', () => {
  it('keys a block by its pages as search shows them and by its position', () => {
    const pages = [page('a', 'Alpha'), page('b', 'Beta')];
    const key = SearchPageBlocks.key(0, pages);
    expect(SearchPageBlocks.key(0, [page('a', 'Alpha'), page('b', 'Beta')])).toBe(key);
    expect(SearchPageBlocks.key(100, pages)).not.toBe(key);
    expect(SearchPageBlocks.key(0, [pages[0], page('b', 'Beta, edited')])).not.toBe(key);
    expect(SearchPageBlocks.key(0, [pages[0], { ...pages[1], url: '/moved/' }])).not.toBe(key);
  });

  it('keeps a block made by the last build only while the previous output holds each of its files as written', async () => {
    const root = await tempFolder('docs-blocks-');
    const first = await SearchPageBlocks.open({ root }, previous([]));
    expect(first.keep('k')).toBeUndefined();
    first.made('k', stored('assets/search/p/0.abc/'));
    await first.save();

    const intact = await SearchPageBlocks.open({ root }, previous(BLOCK));
    expect(intact.keep('k')).toBe('assets/search/p/0.abc/');
    expect([...intact.kept]).toEqual(BLOCK);
    expect(intact.keep('other')).toBeUndefined();

    const edited = await SearchPageBlocks.open({ root }, previous([BLOCK[0], [BLOCK[1][0], 'by hand']]));
    expect(edited.keep('k')).toBeUndefined();
    const deleted = await SearchPageBlocks.open({ root }, previous([BLOCK[0]]));
    expect(deleted.keep('k')).toBeUndefined();
    expect(deleted.kept.size).toBe(0);
    // No previous output: nothing to keep.
    expect((await SearchPageBlocks.open({ root }, undefined)).keep('k')).toBeUndefined();
  });

  it('stores only the blocks of the last build', async () => {
    const root = await tempFolder('docs-blocks-');
    const first = await SearchPageBlocks.open({ root }, previous([]));
    first.made('old', stored('assets/search/p/0.abc/'));
    await first.save();
    const second = await SearchPageBlocks.open({ root }, previous(BLOCK));
    second.made('new', stored('assets/search/p/0.def/'));
    await second.save();
    expect((await SearchPageBlocks.open({ root }, previous(BLOCK))).keep('old')).toBeUndefined();
  });

  it("reads a page's file from the previous output when a block of it showed the same page", async () => {
    const root = await tempFolder('docs-blocks-');
    const dir = await tempFolder('docs-blocks-out-');
    const pages = [page('a', 'Alpha'), page('b', 'Beta')];
    const contents = ['{"title":"a"}', '{"title":"b"}'];
    const files = contents.map((c, i): [string, string] => [`assets/search/p/0.abc/${i}.json`, sha1(c)]);
    await mkdir(path.join(dir, 'assets/search/p/0.abc'), { recursive: true });
    for (const [i, [file]] of files.entries()) await writeFile(path.join(dir, file), contents[i]);
    const first = await SearchPageBlocks.open({ root }, previous([]));
    first.made('k', { folder: 'assets/search/p/0.abc/', digests: pages.map(pageDigest), files });
    await first.save();

    const next = await SearchPageBlocks.open({ root }, { ...previous(files), dir });
    expect(next.previousFile(pageDigest(pages[1]))).toBe(contents[1]);
    // Another page, or a file changed since it was written: made again.
    expect(next.previousFile(pageDigest(page('b', 'Beta, edited')))).toBeUndefined();
    await writeFile(path.join(dir, files[0][0]), '{"title":"edited by hand"}');
    expect(next.previousFile(pageDigest(pages[0]))).toBeUndefined();
  });
});
