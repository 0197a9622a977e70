import { existsSync, readdirSync } from 'node:fs';
import { appendFile, readdir, readFile, realpath, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { build } from '../../../src/build/index.js';
import { expectSameAsFullBuild as expectFullBuildOutput } from '../../helpers/full-build.js';
import { REPO } from '../../helpers/site.js';
import { configFile, page, tmpSite } from '../../helpers/tmp-site.js';

/**
 * The version before the current one is kept as the spare (src/write/output-link.ts), and a build that
 * keeps most pages changes it into its own version by the files that differ (src/write/index.ts,
 * `fromSpare`). Whatever the change, the output must be what a full build writes, and the
 * spare's files that a change does not cover must not leak into it.
 */

const SITE = {
  'content/index.md': page('Home', 'Start with [one](guide/one.md).'),
  'content/guide/one.md': page('One', 'See [two](two.md).\n\n## Setup\n\nText.'),
  'content/guide/two.md': page('Two', 'Back to [one](one.md#setup).'),
  'content/guide/three.md': page('Three', 'More on [two](two.md).'),
  'content/guide/four.md': page('Four', 'More on [two](two.md).'),
  'content/reference/alpha.md': page('Alpha', 'Read [beta](beta.md).'),
  'content/reference/beta.md': page('Beta', 'Read [alpha](alpha.md) and %{product}.'),
};

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

async function setUp() {
  const site = await tmpSite(SITE);
  cleanup = site.cleanup;
  const root = site.root;
  const outDir = path.join(root, 'dist');
  const content = (file: string) => path.join(root, 'content', file);
  const configure = (constants: Record<string, string>) =>
    writeFile(
      path.join(root, 'docs.config.ts'),
      configFile({ title: 'Spare', constants }).replace(/__SRC__/g, path.join(REPO, 'src')),
    );
  await configure({ product: 'Conduit' });
  return {
    root,
    outDir,
    content,
    configure,
    edit: (file: string, text: string) => writeFile(content(file), text),
    build: () => build(root, { outDir }),
    /** The spare folder beside the versions (none, or one). */
    spare: () => readdirSync(path.join(root, '.dist.builds')).filter((e) => e.startsWith('spare-')),
  };
}

type Site = Awaited<ReturnType<typeof setUp>>;

/** Folders of the output with nothing in them (a cold build leaves none). */
async function emptyFolders(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const folders = entries.filter((e) => e.isDirectory()).map((e) => path.join(e.parentPath, e.name));
  return folders.filter((f) => readdirSync(f).length === 0);
}

/** The output must be exactly what a full build writes, and leave no empty folder. */
async function expectSameAsFullBuild(site: Site): Promise<void> {
  await expectFullBuildOutput(site.root, site.outDir);
  expect(await emptyFolders(site.outDir)).toEqual([]);
}

/**
 * Two builds that differ (so a spare is kept: the version of the first), then `change` and a build:
 * returns whether that build's version is the spare changed (the same folder, renamed).
 */
async function fromSpare(site: Site, change: () => Promise<unknown>): Promise<boolean> {
  await site.build();
  await appendFile(site.content('guide/four.md'), '\nA first edit.\n');
  await site.build();
  const [spare] = site.spare();
  expect(spare).toBeDefined();
  const spareFolder = (await stat(path.join(site.root, '.dist.builds', spare))).ino;
  await change();
  await site.build();
  return (await stat(await realpath(site.outDir))).ino === spareFolder;
}

describe('build: a new version made from the spare equals a full build', () => {
  it("an edit: only the page's files change, and the spare's older copy of the first edit's page is replaced", async () => {
    const site = await setUp();
    expect(await fromSpare(site, () => appendFile(site.content('guide/two.md'), '\nEdited.\n'))).toBe(true);
    await expectSameAsFullBuild(site);
    // The page edited before is as the current version has it, not as the spare had it.
    expect(await readFile(path.join(site.outDir, 'guide/four/index.html'), 'utf8')).toContain('A first edit.');
  });

  it('a title edit (every sidebar changes: every page is rendered, and the version is made anew)', async () => {
    const site = await setUp();
    expect(await fromSpare(site, () => site.edit('guide/two.md', page('Two renamed', 'Back to [one](one.md).')))).toBe(
      false,
    );
    await expectSameAsFullBuild(site);
  });

  it("a deleted page: its files and folder are gone from the spare's version", async () => {
    const site = await setUp();
    const removed = () =>
      Promise.all([
        rm(site.content('guide/three.md')),
        site.edit('guide/two.md', page('Two', 'Back to [one](one.md#setup).')),
      ]);
    await fromSpare(site, removed);
    expect(existsSync(path.join(site.outDir, 'guide/three'))).toBe(false);
    await expectSameAsFullBuild(site);
  });

  it('a renamed page: the old path is gone, the new one is there', async () => {
    const site = await setUp();
    await fromSpare(site, async () => {
      await rename(site.content('reference/beta.md'), site.content('reference/gamma.md'));
      await site.edit('reference/alpha.md', page('Alpha', 'Read [gamma](gamma.md).'));
    });
    expect(existsSync(path.join(site.outDir, 'reference/beta'))).toBe(false);
    expect(existsSync(path.join(site.outDir, 'reference/gamma/index.html'))).toBe(true);
    await expectSameAsFullBuild(site);
  });

  it('a constants edit: the page that uses it changes', async () => {
    const site = await setUp();
    await fromSpare(site, () => site.configure({ product: 'Conduit Cloud' }));
    expect(await readFile(path.join(site.outDir, 'reference/beta/index.html'), 'utf8')).toContain('Conduit Cloud');
    await expectSameAsFullBuild(site);
  });

  it("the spare's manifest missing: the version is made anew", async () => {
    const site = await setUp();
    const lost = async () => {
      const cache = path.join(site.root, 'node_modules/.cache/docs');
      for (const name of await readdir(cache)) if (name.includes('.spare')) await rm(path.join(cache, name));
      await appendFile(site.content('guide/two.md'), '\nEdited.\n');
    };
    expect(await fromSpare(site, lost)).toBe(false);
    await expectSameAsFullBuild(site);
    expect(site.spare()).toHaveLength(1); // the version before is the spare again
  });

  it('the spare folder deleted: the version is made anew', async () => {
    const site = await setUp();
    const lost = async () => {
      await rm(path.join(site.root, '.dist.builds', site.spare()[0]), { recursive: true });
      await appendFile(site.content('guide/two.md'), '\nEdited.\n');
    };
    expect(await fromSpare(site, lost)).toBe(false);
    await expectSameAsFullBuild(site);
  });

  it("a spare's folder replaced by a file by hand: the version is made anew", async () => {
    const site = await setUp();
    const replaced = async () => {
      const guide = path.join(site.root, '.dist.builds', site.spare()[0], 'guide');
      await rm(guide, { recursive: true });
      await writeFile(guide, 'a file where the folder was');
      await appendFile(site.content('guide/two.md'), '\nEdited.\n');
    };
    expect(await fromSpare(site, replaced)).toBe(false);
    await expectSameAsFullBuild(site);
  });

  it("a spare's file edited or removed by hand (in the spare, or in the output through a shared file): replaced", async () => {
    const site = await setUp();
    const tamper = async () => {
      const spare = path.join(site.root, '.dist.builds', site.spare()[0]);
      // The home page's file is the same file in the output and in the spare (a hard link): edited in place.
      await appendFile(path.join(site.outDir, 'index.html'), '<!-- edited by hand -->');
      await rm(path.join(spare, 'reference/alpha/index.html'));
      await appendFile(site.content('guide/two.md'), '\nEdited.\n');
    };
    await fromSpare(site, tamper);
    await expectSameAsFullBuild(site);
  });

  it('a file added to the output by hand: not in the next version, nor in the one after, made when its version is the spare', async () => {
    const site = await setUp();
    await site.build();
    await appendFile(site.content('guide/four.md'), '\nA first edit.\n');
    await site.build();
    await writeFile(path.join(site.outDir, 'guide/stray.html'), 'added by hand');
    await appendFile(site.content('guide/two.md'), '\nEdited.\n');
    await site.build();
    await expectSameAsFullBuild(site);
    await appendFile(site.content('guide/three.md'), '\nEdited.\n');
    await site.build();
    await expectSameAsFullBuild(site);
  });

  it('the first edit after a full build is made from a copy of its version, not by linking every file anew', async () => {
    const site = await setUp();
    await site.build(); // cold: its version's copy is the spare
    const [spare] = site.spare();
    expect(spare).toMatch(/\.copy$/);
    const spareFolder = (await stat(path.join(site.root, '.dist.builds', spare))).ino;
    await appendFile(site.content('guide/two.md'), '\nEdited.\n');
    await site.build();
    expect((await stat(await realpath(site.outDir))).ino).toBe(spareFolder);
    await expectSameAsFullBuild(site);
  });

  it('a full rebuild drops the version before it (no use as a spare) and the next edit is made from its copy', async () => {
    const site = await setUp();
    await site.build();
    await appendFile(site.content('guide/four.md'), '\nA first edit.\n');
    await site.build(); // the cold build's version is the spare now
    const before = await realpath(site.outDir);
    await site.edit('guide/two.md', page('Two renamed', 'Back to [one](one.md).')); // every page rendered
    await site.build();
    const versions = readdirSync(path.join(site.root, '.dist.builds')).filter((e) => /^\d/.test(e));
    expect(versions).toEqual([path.basename(await realpath(site.outDir))]);
    expect(site.spare()).toEqual([`spare-${versions[0]}.copy`]);
    expect(existsSync(before)).toBe(false);
    const spareFolder = (await stat(path.join(site.root, '.dist.builds', site.spare()[0]))).ino;
    await appendFile(site.content('guide/three.md'), '\nEdited.\n');
    await site.build();
    expect((await stat(await realpath(site.outDir))).ino).toBe(spareFolder);
    await expectSameAsFullBuild(site);
  });

  it("a page's folder that becomes a file, and a file that becomes a page's folder", async () => {
    const site = await setUp();
    const swapped = async () => {
      await rm(site.content('reference/beta.md'));
      await writeFile(site.content('reference/beta'), 'a download\n');
      await writeFile(site.content('guide/notes'), 'a file\n');
      await site.edit('reference/alpha.md', page('Alpha', 'No more links.'));
      await site.edit('index.md', page('Home', 'Start with [one](guide/one.md). Get [beta](reference/beta).'));
    };
    expect(await fromSpare(site, swapped)).toBe(true);
    await expectSameAsFullBuild(site);
    await rm(site.content('reference/beta'));
    await site.edit('reference/beta.md', page('Beta', 'Read [alpha](alpha.md) and %{product}.'));
    await rm(site.content('guide/notes'));
    await site.edit('guide/notes.md', page('Notes', 'A page where a file was.'));
    await site.build();
    expect(await readFile(path.join(site.outDir, 'reference/beta/index.html'), 'utf8')).toContain('Conduit');
    await expectSameAsFullBuild(site);
  });
});
