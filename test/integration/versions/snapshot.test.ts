import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/cli.js';
import { REPO } from '../../helpers/site.js';
import { configFile, page, tmpSite } from '../../helpers/tmp-site.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => Promise.all(cleanups.splice(0).map((c) => c())));

async function site(config: Record<string, unknown>) {
  const made = await tmpSite({
    'docs.config.ts': configFile({ siteUrl: 'https://example.com', ...config }),
    'content/index.md': page('Home', 'Runs on Node %{node}.'),
    'content/guide/setup.md': page('Setup'),
    'content/guide/pic.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  });
  cleanups.push(made.cleanup);
  return made.root;
}

describe('docs version <name>', () => {
  it('snapshots the content, its sidebar and its constants, and lists the version first in versions.json', async () => {
    const root = await site({ constants: { node: '20' }, sidebar: [{ text: 'Guide', items: ['/guide/setup/'] }] });
    const first = await runCli(['version', '1.0', root]);
    expect(first).toMatchObject({ code: 0, stderr: '' });
    const second = await runCli(['version', '2.0', root]);
    expect(second.stdout).toContain('versions.json: 2.0, 1.0');
    const dir = path.join(root, 'versions/2.0');
    expect(readFileSync(path.join(dir, 'content/index.md'), 'utf8')).toContain('Runs on Node %{node}.');
    expect(existsSync(path.join(dir, 'content/guide/pic.svg'))).toBe(true);
    expect(JSON.parse(readFileSync(path.join(dir, 'constants.json'), 'utf8'))).toEqual({ node: '20' });
    expect(JSON.parse(readFileSync(path.join(dir, 'sidebar.json'), 'utf8'))).toEqual({
      '/': [{ text: 'Guide', items: ['/guide/setup/'] }],
    }); // as resolved: sidebars by path
    expect(JSON.parse(readFileSync(path.join(root, 'versions.json'), 'utf8'))).toEqual(['2.0', '1.0']);
    expect(existsSync(path.join(root, 'versions/.2.0.partial'))).toBe(false);
  });

  it('refuses a version that exists, a bad name, and "next", changing nothing', async () => {
    const root = await site({});
    await runCli(['version', '1.0', root]);
    const again = await runCli(['version', '1.0', root]);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/version 1.0 exists already/);
    expect((await runCli(['version', '../x', root])).stderr).toMatch(/is not a version name/);
    expect((await runCli(['version', 'next', root])).stderr).toMatch(/unreleased version's route/);
    expect(JSON.parse(readFileSync(path.join(root, 'versions.json'), 'utf8'))).toEqual(['1.0']);
  });

  it('makes the snapshot a configuration with "next" waits for', async () => {
    const root = await site({ versions: { current: { name: '1.0' }, next: {} } });
    expect((await runCli(['build', root])).stderr).toMatch(/snapshot it with `docs version 1.0`/);
    expect((await runCli(['version', '1.0', root])).code).toBe(0);
    expect(existsSync(path.join(root, 'versions/1.0/content/index.md'))).toBe(true);
  });

  it('builds the snapshot as it was: its sidebar and constants under its own routes', async () => {
    const sidebar = [{ text: 'Guide', items: ['/guide/setup/'] }];
    const root = await site({ constants: { node: '20' }, sidebar });
    expect((await runCli(['version', '1.0', root])).code).toBe(0);
    // Version 2.0 moves on: a new constant value and the same sidebar.
    writeFileSync(
      path.join(root, 'docs.config.ts'),
      configFile({
        siteUrl: 'https://example.com',
        constants: { node: '22' },
        sidebar,
        versions: { current: { name: '2.0' } },
      }).replace(/__SRC__/g, path.join(REPO, 'src')),
    );
    const { code, stderr } = await runCli(['build', root]);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    const old = readFileSync(path.join(root, 'dist/1.0/index.html'), 'utf8');
    expect(old).toContain('Runs on Node 20.');
    const nav = old.match(/<nav id="sidebar"[\s\S]*?<\/nav>/)![0]; // the snapshot's sidebar, in its version
    expect(nav).toContain('href="/1.0/guide/setup/"');
    expect(nav).not.toContain('href="/guide/');
    expect(readFileSync(path.join(root, 'dist/index.html'), 'utf8')).toContain('Runs on Node 22.');
  });

  it('snapshots every locale with the version, and the redirects as configured, then builds both', async () => {
    const locales = { root: { label: 'English' }, ar: { label: 'العربية', dir: 'rtl' } };
    const redirects = [{ from: '/install', to: '/guide/setup/' }];
    const made = await tmpSite({
      'docs.config.ts': configFile({ constants: { node: '20' }, locales, redirects }),
      'content/index.md': page('Home', 'Runs on Node %{node}.'),
      'content/guide/setup.md': page('Setup'),
      'content/ar/index.md': page('الرئيسية', 'يعمل على Node %{node}.'),
    });
    cleanups.push(made.cleanup);
    const root = made.root;
    expect((await runCli(['version', '1.0', root])).code).toBe(0);
    expect(readFileSync(path.join(root, 'versions/1.0/content/ar/index.md'), 'utf8')).toContain('يعمل على Node');
    // The table as written, not its copies for each locale.
    expect(JSON.parse(readFileSync(path.join(root, 'versions/1.0/redirects.json'), 'utf8'))).toEqual(redirects);
    writeFileSync(
      path.join(root, 'docs.config.ts'),
      configFile({
        siteUrl: 'https://example.com',
        constants: { node: '22' },
        locales,
        redirects,
        versions: { current: { name: '2.0' } },
      }).replace(/__SRC__/g, path.join(REPO, 'src')),
    );
    const { code, stderr } = await runCli(['build', root]);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(readFileSync(path.join(root, 'dist/1.0/ar/index.html'), 'utf8')).toContain('يعمل على Node 20.');
    expect(readFileSync(path.join(root, 'dist/ar/index.html'), 'utf8')).toContain('يعمل على Node 22.');
    expect(readFileSync(path.join(root, 'dist/1.0/ar/install/index.html'), 'utf8')).toContain(
      'url=/1.0/ar/guide/setup/',
    );
  });
});
