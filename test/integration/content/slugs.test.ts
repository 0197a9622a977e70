import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { build } from '../../../src/build/index.js';
import { runCli } from '../../helpers/cli.js';
import { expectSameAsFullBuild } from '../../helpers/full-build.js';
import { buildInMemory, fixture, fixtureCopyOptions } from '../../helpers/site.js';
import { configFile, editFile, page, tmpSite } from '../../helpers/tmp-site.js';

/** Docusaurus's frontmatter `slug` (issue 39): the page is published there, and links to its file follow. */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => Promise.all(cleanups.splice(0).map((c) => c())));

const CONFIG = {
  title: 'Slugs',
  base: '/docs/',
  siteUrl: 'https://acme.example',
  editLink: { pattern: 'https://git.example/acme/edit/main/content/:path' },
};

async function site(files: Record<string, string>, config: Record<string, unknown> = CONFIG) {
  const made = await tmpSite({ 'docs.config.ts': configFile(config), ...files });
  cleanups.push(made.cleanup);
  return made.root;
}

const PAGES = {
  'content/index.md': page('Home', 'Read [B](guide/b.md), [the part of C](guide/c.md#part) and [D](/guide/d.md).'),
  'content/guide/a.md': page('Alpha', 'See [b](b.md), [absolute b](/guide/b.md) and [c](./c.md).', {
    frontmatter: 'next: b.md\n',
  }),
  'content/guide/b.md': page('Bravo', 'Text of b.', { frontmatter: 'slug: /moved/b\n' }),
  'content/guide/c.md': page('Charlie', '## Part\n\nText of c.', { frontmatter: 'slug: other-name\n' }),
  'content/guide/d.md': page('Delta', 'Text of d.', { frontmatter: 'pagination_prev: guide/b\n' }),
};

describe('frontmatter slug', () => {
  it('publishes a page at its slug (absolute, or beside its file), and every link, list and index follows', async () => {
    const { writer, warnings } = await buildInMemory(await site(PAGES));
    const html = (file: string) => writer.text(file)!;
    expect(writer.files.has('moved/b/index.html')).toBe(true);
    expect(writer.files.has('guide/other-name/index.html')).toBe(true);
    expect(writer.files.has('guide/b/index.html')).toBe(false);
    expect(writer.files.has('guide/c/index.html')).toBe(false);
    expect(html('index.html')).toContain('href="/docs/moved/b/"');
    expect(html('index.html')).toContain('href="/docs/guide/other-name/#part"');
    expect(html('index.html')).toContain('href="/docs/guide/d/"');
    const a = html('guide/a/index.html');
    expect(a.match(/href="\/docs\/moved\/b\/"/g)!.length).toBeGreaterThanOrEqual(3); // two links and the sidebar
    expect(a).toContain('class="next" rel="next" href="/docs/moved/b/"');
    // Docusaurus's `pagination_prev` names a doc id, its file's path.
    expect(html('guide/d/index.html')).toContain('class="prev" rel="prev" href="/docs/moved/b/"');
    expect(html('sitemap.xml')).toContain('<loc>https://acme.example/docs/moved/b/</loc>');
    // The edit link is still the file's.
    expect(html('moved/b/index.html')).toContain('https://git.example/acme/edit/main/content/guide/b.md');
    // No output names the files' own addresses: not the search index, llms.txt, the route table, nor a page.
    for (const [file, contents] of writer.files) {
      if (typeof contents !== 'string' && !/\.(json|txt|xml|html|js)$/.test(file)) continue;
      const text = Buffer.from(contents).toString('utf8');
      expect(text, file).not.toMatch(/\/docs\/guide\/(b|c)\//);
    }
    expect(writer.text('llms.txt')).toContain('/docs/moved/b/');
    expect(warnings.map((w) => w.message).join('\n')).not.toContain('slug');
  });

  it('fails on two pages at one address, naming both files at the slug line', async () => {
    const root = await site({
      ...PAGES,
      'content/guide/e.md': page('Echo', 'Text.', { frontmatter: 'slug: /guide/d\n' }),
      'content/guide/f.md': page('Foxtrot', 'Text.', { frontmatter: 'slug: ../moved/b\n' }),
    });
    const { code, stderr } = await runCli(['build', root]);
    expect(code).toBe(1);
    expect(stderr).toMatch(/(^|\n)guide\/e\.md\n {2}4:1 {2}two files have the route \/guide\/d\/: guide\/d\.md and guide\/e\.md/);
    expect(stderr).toMatch(/fix: change the frontmatter `slug`/);
  });

  it.each([
    ['../moved/b', /has a "\.\." segment/],
    ['https://example.com/b', /is a URL/],
    ['"a b"', /characters a path does not hold: "a b"/],
    ['/guide//b', /an empty segment/],
    // The output's own folder and files: a page there would be cached for a year, or stop the build with a stray error.
    ['/assets/b', /puts the page at "assets", a name the site's own files use/],
    ['/search.json', /puts the page at "search.json", a name the site's own files use/],
  ])('refuses the slug %s at its frontmatter line', async (slug, message) => {
    const root = await site({ ...PAGES, 'content/guide/b.md': page('Bravo', 'Text.', { frontmatter: `slug: ${slug}\n` }) });
    const { code, stderr } = await runCli(['build', root]);
    expect(code).toBe(1);
    expect(stderr).toMatch(/(^|\n)guide\/b\.md\n {2}4:1 {2}frontmatter "slug"/);
    expect(stderr).toMatch(message);
  });

  it('moves the links to a page when only its slug changes, as a cold build does', async () => {
    const root = await site(PAGES);
    const outDir = path.join(root, 'dist');
    await build(root, { outDir });
    await editFile(path.join(root, 'content/guide/b.md'), (t) => t.replace('slug: /moved/b', 'slug: /elsewhere'));
    const again = await build(root, { outDir });
    expect(again.renderedRoutes).toContain('/guide/a/'); // its Markdown did not change; its link to b did
    expect(await readFile(path.join(outDir, 'guide/a/index.html'), 'utf8')).toContain('href="/docs/elsewhere/"');
    await expectSameAsFullBuild(root, outDir);
    // And back to the file's path.
    await editFile(path.join(root, 'content/guide/b.md'), (t) => t.replace('slug: /elsewhere\n', ''));
    await build(root, { outDir });
    expect(await readFile(path.join(outDir, 'guide/a/index.html'), 'utf8')).toContain('href="/docs/guide/b/"');
    await expectSameAsFullBuild(root, outDir);
  });

  it('works in an old version and in a translation: routes within them, links, menus and canonical links follow', async () => {
    const made = await tmpSite({});
    cleanups.push(made.cleanup);
    const root = made.root;
    await cp(fixture('versions-i18n'), root, fixtureCopyOptions('versions-i18n'));
    const config = (await import(path.join(fixture('versions-i18n'), 'docs.config.ts'))).default;
    // 2.0's setup page and its Arabic translation both moved (a translation keeps its original's frontmatter)...
    for (const file of ['content/guide/setup.md', 'content/ar/guide/setup.md'])
      await editFile(path.join(root, file), (t) => t.replace(/^title:/m, 'slug: /first-steps\ntitle:'));
    await writeFile(
      path.join(root, 'docs.config.ts'),
      `export default ${JSON.stringify({
        ...config,
        sidebar: [{ text: 'Guide', items: ['/', '/first-steps/'] }, config.sidebar[1]],
        redirects: [{ from: '/install', to: '/first-steps/' }],
      })};\n`,
    );
    // ... and 1.0's setup page elsewhere (relative to its folder), its sidebar.json with it.
    await editFile(path.join(root, 'versions/1.0/content/guide/setup.md'), (t) => t.replace(/^title:/m, 'slug: old-setup\ntitle:'));
    await editFile(path.join(root, 'versions/1.0/sidebar.json'), (t) => t.replace('"/guide/setup/"', '"/guide/old-setup/"'));
    const { writer } = await buildInMemory(root);
    const html = (file: string) => writer.text(file)!;
    for (const file of ['first-steps', 'ar/first-steps', '1.0/guide/old-setup', '1.0/ar/guide/setup'])
      expect(writer.files.has(`${file}/index.html`), file).toBe(true);
    expect(writer.files.has('guide/setup/index.html')).toBe(false);
    expect(writer.files.has('1.0/guide/setup/index.html')).toBe(false);
    expect(html('index.html')).toContain('href="/docs/first-steps/"');
    expect(html('ar/index.html')).toContain('href="/docs/ar/first-steps/"');
    expect(html('1.0/index.html')).toContain('href="/docs/1.0/guide/old-setup/"');
    // The language menu keeps the page; the version menu finds 1.0's setup page by its file, at its own slug.
    expect(html('first-steps/index.html')).toContain('<a href="/docs/ar/first-steps/"');
    const menu = html('first-steps/index.html').match(/<nav class="language-menu version-menu"[\s\S]*?<\/nav>/)![0];
    expect(menu).toContain('href="/docs/1.0/guide/old-setup/"');
    const old = html('1.0/guide/old-setup/index.html');
    expect(old).toContain('<link rel="canonical" href="https://acme.example/docs/first-steps/">');
    expect(old).toContain('<a href="/docs/1.0/ar/guide/setup/"'); // its translation, at the file's path
    expect(old.match(/<nav id="sidebar"[\s\S]*?<\/nav>/)![0]).toContain('href="/docs/1.0/guide/old-setup/"');
    // 1.0's Arabic setup page has no slug: its sidebar (1.0's sidebar.json, in Arabic) lists it where it is.
    const arabic = html('1.0/ar/guide/setup/index.html').match(/<nav id="sidebar"[\s\S]*?<\/nav>/)![0];
    expect(arabic).toContain('href="/docs/1.0/ar/guide/setup/"');
    expect(arabic).not.toContain('old-setup');
  });

  it.each([
    ['generated from the folders', {}],
    ['written in the configuration', { sidebar: [{ text: 'Guide', items: ['/', '/guide/a/', '/moved/', '/guide/c/'] }] }],
  ])(
    "a translation at a slug of its own: that language's sidebar (%s), prev/next and redirects lead to it",
    async (_, sidebar) => {
      const root = await site({
        ...{
          'content/index.md': page('Home', 'Home.'),
          'content/guide/a.md': page('Alpha', 'A.'),
          'content/guide/b.md': page('Bravo', 'B.', { frontmatter: 'slug: /moved\n' }),
          'content/guide/c.md': page('Charlie', 'C.'),
          'content/fr/index.md': page('Accueil', 'Accueil.'),
          'content/fr/guide/b.md': page('Bravo FR', 'B en français.', { frontmatter: 'slug: /deplace\n' }),
        },
        'docs.config.ts': configFile({
          ...CONFIG,
          ...sidebar,
          locales: { root: { label: 'English', lang: 'en' }, fr: { label: 'Français', lang: 'fr' } },
          redirects: [{ from: '/old-b', to: '/moved/' }],
        }),
      });
      const { writer } = await buildInMemory(root);
      const html = (file: string) => writer.text(file)!;
      const sidebarOf = (file: string) => html(file).match(/<nav id="sidebar"[\s\S]*?<\/nav>/)![0];
      expect(writer.files.has('fr/deplace/index.html')).toBe(true);
      // Where the English page is, French has none: the French sidebar lists the translation where it is.
      expect(sidebarOf('fr/guide/a/index.html')).toContain('href="/docs/fr/deplace/"');
      expect(sidebarOf('fr/guide/a/index.html')).not.toContain('/docs/fr/moved/');
      expect(sidebarOf('fr/deplace/index.html')).toContain('aria-current="page"');
      expect(html('fr/guide/a/index.html')).toContain('class="next" rel="next" href="/docs/fr/deplace/"');
      expect(html('fr/deplace/index.html')).toContain('class="next" rel="next" href="/docs/fr/guide/c/"');
      // The configuration's redirect, copied into French, ends at the French page.
      expect(html('fr/old-b/index.html')).toContain('/docs/fr/deplace/');
      expect(writer.text('_redirects')).toContain('/docs/fr/old-b /docs/fr/deplace/ 301');
    },
  );

  it("a home page's hero and feature links to a moved page's file lead to its address", async () => {
    const home = [
      'layout: home',
      'hero:',
      '  actions:',
      '    - text: Start',
      '      link: guide/b.md',
      '    - text: Part',
      '      link: ./guide/c.md#part',
      'features:',
      '  - title: Delta',
      '    link: /guide/d.md',
      '  - title: Bravo',
      '    link: guide/b.md',
      '',
    ].join('\n');
    const root = await site({ ...PAGES, 'content/index.md': page('Home', 'Welcome.', { frontmatter: home }) });
    const { writer } = await buildInMemory(root);
    const hero = writer.text('index.html')!.match(/<main[\s\S]*?<\/main>/)![0];
    expect(hero.match(/href="\/docs\/moved\/b\/"/g)).toHaveLength(2);
    expect(hero).toContain('href="/docs/guide/other-name/#part"');
    expect(hero).toContain('href="/docs/guide/d/"');
    expect(hero).not.toMatch(/\/docs\/guide\/(b|c)\//);
  });
});
