import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { devSiteEach, expectServedAsBuiltAfterReload, get } from './harness.js';
import { editFile } from '../../helpers/tmp-site.js';

/**
 * `dev` keeps what it made between saves (the listing of the content folder, the pages read, the
 * sidebars, route maps and records) and patches it with each save: after every kind of change it
 * must serve what a full build of the same content writes.
 */
describe('dev after each kind of save', () => {
  const devSite = devSiteEach('dev', {
    prepare: async (site) => {
      // A plugin whose `pages` hook generates a page per widget listed in a data file.
      await writeFile(site.file('content/_widgets.json'), JSON.stringify(['Gear', 'Spring']));
      await writeFile(
        site.file('docs.config.ts'),
        `import { readFileSync } from 'node:fs';
import path from 'node:path';

export default {
  title: 'Dev Docs',
  base: '/docs/',
  constants: { productName: 'Acme', apiBaseUrl: 'https://api.acme.example/v1' },
  redirects: [{ from: '/old-install', to: '/guide/install/' }],
  plugins: [
    {
      name: 'widgets',
      pages({ config, addPage }) {
        for (const name of JSON.parse(readFileSync(path.join(config.contentDir, '_widgets.json'), 'utf8')))
          addPage({
            route: '/widgets/' + name.toLowerCase() + '/',
            title: name,
            description: 'The ' + name + ' widget.',
            markdown: 'The ' + name + ' widget, from %{productName}.',
          });
      },
    },
  ],
};
`,
      );
    },
  });
  const file = (p: string) => devSite.site.file(p);
  const edit = (p: string, change: (text: string) => string) => editFile(file(p), change);
  /** Waits for the save's reload, then compares the whole site with a build's. */
  const same = (gone: string[] = []) =>
    expectServedAsBuiltAfterReload(devSite.dev, devSite.events, devSite.site.root, gone);
  const page = (title: string, body: string) => `---\ntitle: ${title}\ndescription: About ${title}.\n---\n\n${body}\n`;

  it('serves what a build serves after edits, adds, renames, deletes, configuration and generated pages', async () => {
    // A page's text alone; then a title (every sidebar shows it); then other frontmatter.
    await edit('content/reference/api.md', (t) => t.replace('The API has endpoints.', 'The API has many endpoints.'));
    await same();
    await edit('content/guide/configure.md', (t) => t.replace('title: Configure', 'title: Configure it'));
    await same();
    await edit('content/guide/install.md', (t) =>
      t.replace('description: Getting the tool onto your machine.', 'description: Getting it.\norder: 9'),
    );
    await same();
    // A page added in a new folder, linked from the home page.
    await mkdir(file('content/tutorials'));
    await writeFile(file('content/tutorials/first.md'), page('First steps', 'Back to the [guide](../guide/index.md).'));
    await edit('content/index.md', (t) => `${t}\nThen the [tutorial](tutorials/first.md).\n`);
    expect(await same()).toContain('tutorials/first/index.html');
    // A page renamed (the link to it follows), then a folder removed with its page.
    await rename(file('content/guide/configure.md'), file('content/guide/tune.md'));
    await edit('content/guide/index.md', (t) => t.replace('configure.md', 'tune.md'));
    expect(await same(['/guide/configure/'])).toContain('guide/tune/index.html');
    await edit('content/index.md', (t) => t.replace('\nThen the [tutorial](tutorials/first.md).\n', ''));
    await rm(file('content/tutorials'), { recursive: true });
    await same(['/tutorials/first/']);
    // A constant in the configuration, shown by the home page and the generated pages.
    await edit('docs.config.ts', (t) => t.replace("productName: 'Acme'", "productName: 'Acme Cloud'"));
    await same();
    expect((await get(`${devSite.dev.origin}/docs/widgets/gear/`)).text).toContain('from Acme Cloud.');
    // The plugin's data: one generated page goes, one comes.
    await writeFile(file('content/_widgets.json'), JSON.stringify(['Gear', 'Lever']));
    const pages = await same(['/widgets/spring/']);
    expect(pages).toEqual(expect.arrayContaining(['widgets/gear/index.html', 'widgets/lever/index.html']));
    expect((await get(`${devSite.dev.origin}/docs/widgets/lever/`)).text).toContain('from Acme Cloud.');
  });
});
