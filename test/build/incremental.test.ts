import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { build, buildSite } from '../../src/build.js';
import { loadConfig } from '../../src/config.js';
import { BuildFailure } from '../../src/errors.js';
import { MemoryWriter } from '../../src/write.js';
import { page, tmpSite } from '../helpers/tmp-site.js';

/** Two groups of pages (the generated sidebar makes one per folder), linked across groups. */
const SITE = {
  'content/index.md': page('Home', 'Start with [the first guide](guide/one.md).'),
  'content/guide/one.md': page('Guide one', 'See [guide two](two.md) and [the reference](../reference/alpha.md).\n\n## Setup\n\nText.'),
  'content/guide/two.md': page('Guide two', 'Back to [guide one](one.md#setup).'),
  'content/guide/three.md': page('Guide three', 'More on [guide two](two.md).'),
  'content/reference/alpha.md': page('Alpha', 'Read [beta](beta.md).'),
  'content/reference/beta.md': page('Beta', 'Read [alpha](alpha.md).'),
};

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

async function setUp() {
  const site = await tmpSite(SITE);
  cleanup = site.cleanup;
  const outDir = path.join(site.root, 'dist');
  const edit = (file: string, contents: string) => writeFile(path.join(site.root, 'content', file), contents);
  return { root: site.root, outDir, edit, build: () => build(site.root, { outDir }) };
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/')).sort();
}

/** The output must be exactly what a build that renders every page writes. */
async function expectSameAsFullBuild(root: string, outDir: string): Promise<void> {
  const writer = new MemoryWriter();
  await buildSite(await loadConfig(root, { outDir }), writer);
  expect(await listFiles(outDir)).toEqual([...writer.files.keys()].sort());
  for (const [file, contents] of writer.files) expect(await readFile(path.join(outDir, file)), file).toEqual(Buffer.from(contents));
}

const inode = async (file: string) => (await stat(file)).ino;

describe('build: unchanged pages keep their files', () => {
  it('renders every page the first time and none when nothing changed, leaving the output as it was', async () => {
    const site = await setUp();
    expect((await site.build()).rendered).toBe(6);
    const before = { dir: await inode(site.outDir), home: await inode(path.join(site.outDir, 'index.html')) };
    const again = await site.build();
    expect(again.rendered).toBe(0);
    expect(await inode(site.outDir)).toBe(before.dir);
    expect(await inode(path.join(site.outDir, 'index.html'))).toBe(before.home);
    await expectSameAsFullBuild(site.root, site.outDir);
  });

  it('renders only the edited page when its text changes, updates the output in place, and equals a full build', async () => {
    const site = await setUp();
    await site.build();
    const before = { dir: await inode(site.outDir), other: await inode(path.join(site.outDir, 'reference/alpha/index.html')) };
    await site.edit('guide/two.md', page('Guide two', 'Back to [guide one](one.md#setup). A sentence added later.'));
    expect((await site.build()).rendered).toBe(1);
    expect(await readFile(path.join(site.outDir, 'guide/two/index.html'), 'utf8')).toContain('A sentence added later.');
    // The other pages' files are the same files, in the same folder.
    expect(await inode(site.outDir)).toBe(before.dir);
    expect(await inode(path.join(site.outDir, 'reference/alpha/index.html'))).toBe(before.other);
    await expectSameAsFullBuild(site.root, site.outDir);
  });

  it('writes a new folder when a page becomes a file of the same name (no update file by file)', async () => {
    const site = await setUp();
    await site.build();
    await rm(path.join(site.root, 'content/reference/beta.md'));
    await site.edit('index.md', page('Home', 'Start with [the first guide](guide/one.md). Get [beta](reference/beta).'));
    await site.edit('reference/alpha.md', page('Alpha', 'No more links.'));
    await writeFile(path.join(site.root, 'content/reference/beta'), 'a download\n');
    await site.build();
    expect(await readFile(path.join(site.outDir, 'reference/beta'), 'utf8')).toBe('a download\n');
    await expectSameAsFullBuild(site.root, site.outDir);
  });

  it('renders the pages whose sidebar or prev/next shows a changed title, not the other group', async () => {
    const site = await setUp();
    await site.build();
    await site.edit('guide/three.md', page('Guide three, renamed', 'More on [guide two](two.md).'));
    const result = await site.build();
    // The guide group's three pages show its links; the reference pages show only group titles.
    expect(result.rendered).toBe(3);
    expect(await readFile(path.join(site.outDir, 'guide/one/index.html'), 'utf8')).toContain('Guide three, renamed');
    await expectSameAsFullBuild(site.root, site.outDir);
  });

  it('follows pages that are added and deleted', async () => {
    const site = await setUp();
    await site.build();
    await rm(path.join(site.root, 'content/reference/beta.md'));
    await site.edit('reference/alpha.md', page('Alpha', 'No more links.'));
    await site.edit('reference/gamma.md', page('Gamma', 'Read [alpha](alpha.md).'));
    await site.build();
    expect(await listFiles(site.outDir)).not.toContain('reference/beta/index.html');
    await expectSameAsFullBuild(site.root, site.outDir);
  });

  it('writes again a file deleted from the output by hand', async () => {
    const site = await setUp();
    await site.build();
    await rm(path.join(site.outDir, 'guide/one/index.html'));
    expect((await site.build()).rendered).toBe(1);
    await expectSameAsFullBuild(site.root, site.outDir);
  });

  it('leaves the output untouched by a failed build, and the next build is still whole', async () => {
    const site = await setUp();
    await site.build();
    const before = await listFiles(site.outDir);
    await site.edit('guide/two.md', page('Guide two', 'A link to [nowhere](missing.md).'));
    await expect(site.build()).rejects.toBeInstanceOf(BuildFailure);
    expect(await listFiles(site.outDir)).toEqual(before);
    expect(await readdir(site.root)).not.toContainEqual(expect.stringMatching(/^dist\./));
    await site.edit('guide/two.md', page('Guide two', 'Fixed: back to [guide one](one.md).'));
    expect((await site.build()).rendered).toBe(1);
    await expectSameAsFullBuild(site.root, site.outDir);
  });
});
