import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/cli.js';
import { configFile, page, tmpSite } from '../../helpers/tmp-site.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => Promise.all(cleanups.splice(0).map((c) => c())));

/** Version 2.0 in content/, 1.0 in versions/1.0/ with the sidebar.json given. */
async function versionedSite(oldSidebar: unknown, configured: Record<string, unknown> = {}) {
  const made = await tmpSite({
    'docs.config.ts': configFile({
      siteUrl: 'https://example.com',
      versions: { current: { name: '2.0' } },
      ...configured,
    }),
    'versions.json': JSON.stringify(['1.0']),
    'content/index.md': page('Home'),
    'content/guide/setup.md': page('Setup'),
    'content/guide/glossary.md': page('Glossary'),
    'versions/1.0/content/index.md': page('Old home'),
    'versions/1.0/content/guide/setup.md': page('Old setup'),
    'versions/1.0/sidebar.json': JSON.stringify(oldSidebar, null, 2),
  });
  cleanups.push(made.cleanup);
  return made.root;
}

describe('versions: an old version sidebar entry to a page no version has', () => {
  const broken = { '/': [{ text: 'Guide', items: ['/guide/setup/', '/guide/removed/', '/guide/glossary/'] }] };

  it.each([['build'], ['check']])(
    'fails `docs %s`, naming the sidebar file, the entry and the fix',
    async (command) => {
      const root = await versionedSite(broken);
      const { code, stdout, stderr } = await runCli([command, root]);
      expect(code).toBe(1);
      // The file, then the line the entry is written on.
      expect(stdout + stderr).toMatch(
        /versions\/1\.0\/sidebar\.json\n {2}7:\d+ {2}the sidebar of version 1\.0 \(group "Guide"\) lists \/guide\/removed\/, which is a page in no version\n\s+fix: .*remove the entry from versions\/1\.0\/sidebar\.json/,
      );
      // Entries to its own pages, and to a current page the old version lacks (src/i18n/site.ts `toCurrentVersion`), are fine.
      expect(stdout + stderr).toContain('1 problem found');
    },
  );

  it('passes when every entry is a page of the version or of the current one', async () => {
    const root = await versionedSite({ '/': [{ text: 'Guide', items: ['/guide/setup/', '/guide/glossary/'] }] });
    const { code, stderr } = await runCli(['build', root]);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
  });

  it('reads a sidebar.json written as one list, as the `sidebar` setting may be, and checks it', async () => {
    const root = await versionedSite([{ text: 'Guide', items: ['/guide/setup/', '/guide/removed/'] }]);
    expect((await runCli(['build', root])).stderr).toContain('lists /guide/removed/');
    const fixed = await versionedSite([{ text: 'Guide', items: ['/guide/setup/'] }]);
    expect((await runCli(['build', fixed])).code).toBe(0);
    const nav = readFileSync(path.join(fixed, 'dist/1.0/index.html'), 'utf8').match(
      /<nav id="sidebar"[\s\S]*?<\/nav>/,
    )![0];
    expect(nav).toContain('href="/1.0/guide/setup/"');
  });
});
