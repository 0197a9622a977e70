import { randomUUID } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as esbuild from 'esbuild';
import { buildAssets } from '../../src/build/assets.js';
import { clientBundle } from '../../src/build/client-bundle.js';
import { loadConfig } from '../../src/config/index.js';
import type { OutputFile } from '../../src/model/page.js';
import { spawnCli } from '../helpers/cli.js';
import { REPO } from '../helpers/site.js';
import { configFile, page, tmpSite } from '../helpers/tmp-site.js';
import { copyClient } from './dev/harness.js';

/** A small site in a temp folder (its cache in its own node_modules/.cache). */
async function site(): Promise<string> {
  const made = await tmpSite({
    'docs.config.ts': configFile({ title: 'Bundle' }),
    'content/index.md': page('Home', 'Read [the guide](guide.md).'),
    'content/guide.md': page('Guide', 'Back [home](index.md).'),
  });
  cleanups.push(made.cleanup);
  return made.root;
}
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/**
 * The client bundle's files in a built site's assets folder, each file's path and bytes (as latin1 text, to compare
 * quickly): all but the pages' chunks, route tables, search files and the sidebar's data, which the pages make.
 */
async function bundleOf(outDir: string): Promise<Record<string, string>> {
  const dir = path.join(outDir, 'assets');
  const pagesMade = /^(js|routes|search)\/|^nav\./;
  const names = (await readdir(dir, { recursive: true, withFileTypes: true })).filter(
    (e) => e.isFile() && !pagesMade.test(path.relative(dir, path.join(e.parentPath, e.name))),
  );
  const files: Record<string, string> = {};
  for (const entry of names) {
    const file = path.join(entry.parentPath, entry.name);
    files[path.relative(dir, file)] = await readFile(file, 'latin1');
  }
  return files;
}

describe('client-bundle: the browser runtime bundled once for its inputs', () => {
  it('makes a new bundle when a file of the client folder changes, and the same one when it is back', async () => {
    const root = await site();
    const client = await copyClient();
    cleanups.push(client.cleanup);
    const clientDir = client.clientDir;
    // A client folder no other test bundles: what follows is this test's own bundle, from esbuild.
    const styles = path.join(clientDir, 'styles/index.css');
    const original = `${await readFile(styles, 'utf8')}\n/* ${randomUUID()} */\n`;
    await writeFile(styles, original);
    const config = await loadConfig(root, {});

    const first = await buildAssets(config, { clientDir });
    const again = await buildAssets(config, { clientDir });
    expect(again.css).toBe(first.css);
    expect(again.files.map((f) => f.path)).toEqual(first.files.map((f) => f.path));

    await writeFile(styles, `${original}.edited-by-the-test { color: rgb(1, 2, 3) }\n`);
    const edited = await buildAssets(config, { clientDir });
    expect(edited.css).not.toBe(first.css);
    const css = edited.files.find((f) => `${config.base}${f.path}` === edited.css)!;
    expect(Buffer.from(css.contents).toString()).toContain('.edited-by-the-test{color:#010203}');

    await writeFile(styles, original);
    expect((await buildAssets(config, { clientDir })).css).toBe(first.css);
  });

  it('keeps no bundle of a folder saved while esbuild read it: the text saved back later is bundled, not taken from memory', async () => {
    const root = await site();
    const client = await copyClient();
    cleanups.push(client.cleanup);
    const sheet = path.join(client.clientDir, 'styles/extra.css');
    const mark = randomUUID().slice(0, 8);
    await writeFile(sheet, `.first-${mark} { color: red }\n`);
    let saved = false;
    // A save that lands while esbuild reads the folder: the bundle is of the new text, its key of the first.
    const saveWhileBundling: esbuild.Plugin = {
      name: 'save-while-bundling',
      setup(build) {
        build.onLoad({ filter: /extra\.css$/ }, async (args) => {
          if (!saved) await writeFile(args.path, `.saved-${mark} { color: blue }\n`);
          saved = true;
          return { contents: await readFile(args.path, 'utf8'), loader: 'css' };
        });
      },
    };
    const request = {
      clientDir: client.clientDir,
      options: { entryPoints: { extra: sheet }, bundle: true, outdir: 'assets', write: false as const },
      plugins: [saveWhileBundling],
    };
    const text = (files: OutputFile[]) => files.map((f) => Buffer.from(f.contents).toString()).join('\n');
    expect(text(await clientBundle({ root }, request))).toContain(`.saved-${mark}`);
    await writeFile(sheet, `.first-${mark} { color: red }\n`);
    expect(text(await clientBundle({ root }, request))).toContain(`.first-${mark}`);
  });

  it('gives a later build process the bundle from the site cache, the same files as esbuild made, and bundles again when the cache is damaged', async () => {
    const root = await site();
    const outDir = path.join(root, 'dist');
    const cached = path.join(root, 'node_modules/.cache/docs/client-bundle');
    const page = path.join(root, 'content/index.md');
    const text = await readFile(page, 'utf8');

    expect((await spawnCli(['build'], root)).code).toBe(0);
    const made = await bundleOf(outDir);
    expect(Object.keys(made).some((name) => /^client\.[^/]+\.js$/.test(name))).toBe(true);
    const stored = await stat(cached);

    // An edit, so that the build is not an unchanged one (which makes no assets at all).
    await writeFile(page, `${text}\nOne more line.\n`);
    expect((await spawnCli(['build'], root)).code).toBe(0);
    expect(await bundleOf(outDir)).toEqual(made);
    // Read, not made again: esbuild's bundle would have been stored anew.
    expect((await stat(cached)).mtimeMs).toBe(stored.mtimeMs);

    await writeFile(cached, 'not a bundle');
    await writeFile(page, text);
    expect((await spawnCli(['build'], root)).code).toBe(0);
    expect(await bundleOf(outDir)).toEqual(made);
    expect(await readFile(cached, 'utf8')).not.toBe('not a bundle');
  });

  it('names the same bytes the same when the generator is installed elsewhere, its packages behind a link', async () => {
    // The generator's client/ and src/shared/ (which client/ imports) copied to another folder, its node_modules a
    // symbolic link to the repository's (as pnpm installs, or a copy sharing its packages): packages' real paths
    // lie outside the generator's folder.
    const elsewhere = await mkdtemp(path.join(os.tmpdir(), 'docs-generator-elsewhere-'));
    cleanups.push(() => rm(elsewhere, { recursive: true, force: true }));
    await cp(path.join(REPO, 'client'), path.join(elsewhere, 'client'), { recursive: true });
    await cp(path.join(REPO, 'src/shared'), path.join(elsewhere, 'src/shared'), { recursive: true });
    await symlink(path.join(REPO, 'node_modules'), path.join(elsewhere, 'node_modules'), 'dir');
    const named = async (clientDir?: string) => {
      // A fresh module (no bundle kept in memory) and a fresh site (no bundle in its cache): esbuild bundles.
      vi.resetModules();
      const fresh = (await import('../../src/build/assets.js')) as typeof import('../../src/build/assets.js');
      const assets = await fresh.buildAssets(await loadConfig(await site(), {}), { clientDir });
      return Object.fromEntries(assets.files.map((f) => [f.path, Buffer.from(f.contents).toString('latin1')]));
    };
    const here = await named();
    expect(Object.keys(here).some((name) => /^assets\/chunks\/search\.[^/]+\.js$/.test(name))).toBe(true);
    expect(await named(path.join(elsewhere, 'client'))).toEqual(here);
  });
});
