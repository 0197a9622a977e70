import { writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { buildBeside, devSiteEach, get } from './harness.js';
import { editFile } from '../../helpers/tmp-site.js';

/**
 * `dev` keeps the pages it read between builds: a plugin's `pages` hook that changes them in place
 * must still change each page once, as in a build, however many saves there are.
 */
describe('dev server with a plugin that edits pages', () => {
  const devSite = devSiteEach('dev', {
    prepare: async (site) => {
      (globalThis as { betaSeenTwice?: string[] }).betaSeenTwice = [];
      await writeFile(
        site.file('docs.config.ts'),
        `export default {
  title: 'Dev Docs',
  base: '/docs/',
  constants: { productName: 'Acme', apiBaseUrl: 'https://api.acme.example/v1' },
  redirects: [{ from: '/old-install', to: '/guide/install/' }],
  plugins: [
    {
      name: 'beta-marker',
      pages({ sources }) {
        for (const source of sources)
          if (source.route.startsWith('/reference/')) {
            // What the test reads: a page that comes to the hook already changed.
            if (source.frontmatter.title.endsWith('(beta)')) globalThis.betaSeenTwice.push(source.route);
            source.frontmatter.title += ' (beta)';
            source.body += '\\n\\nThis part is in beta.\\n';
          }
      },
    },
  ],
};
`,
      );
    },
  });

  const edit = (file: string, change: (text: string) => string) => editFile(devSite.site.file(file), change);

  it('changes each page once however many saves there are, as a build does', async () => {
    for (const text of ['You need a terminal and a shell.', 'You need a shell.']) {
      await edit('content/guide/install.md', (t) => t.replace(/You need a [^.]*\./, text));
      await devSite.events.next('reload');
    }
    // A title change lays out every page again, with the titles as the hook left them.
    await edit('content/guide/configure.md', (t) => t.replace('title: Configure', 'title: Configure it'));
    await devSite.events.next('reload');

    expect((globalThis as { betaSeenTwice?: string[] }).betaSeenTwice).toEqual([]);
    const api = (await get(`${devSite.dev.origin}/docs/reference/api/`)).text;
    expect(api.match(/This part is in beta\./g)).toHaveLength(1);
    expect(api).toContain('>API (beta)</h1>');
    expect(api).not.toContain('(beta) (beta)');
    // Every page's sidebar shows the group's title.
    const guide = (await get(`${devSite.dev.origin}/docs/guide/`)).text;
    expect(guide).toContain('Reference (beta)');
    expect(guide).not.toContain('(beta) (beta)');

    const { built, served } = await buildBeside(devSite.dev, devSite.site.root);
    for (const file of ['index.html', 'guide/index.html', 'guide/install/index.html', 'reference/api/index.html'])
      expect(await served(`/docs/${file.replace(/index\.html$/, '')}`), file).toBe(built.text(file));
  });
});
