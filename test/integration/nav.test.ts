import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../src/build/index.js';
import { loadConfig } from '../../src/config/index.js';
import { BuildFailure } from '../../src/model/errors.js';
import { MemoryWriter } from '../../src/write/index.js';
import { buildToTemp, fixture, sharedBuild } from '../helpers/site.js';
import { configFile, page, tmpSite } from '../helpers/tmp-site.js';

type Built = Awaited<ReturnType<typeof sharedBuild>>;
const html = (site: Built, route: string) => readFile(path.join(site.outDir, route.slice(1), 'index.html'), 'utf8');
const sidebarOf = (doc: string) => /<nav id="sidebar"[^>]*>(.*?)<\/nav><main/s.exec(doc)![1];
const topBarOf = (doc: string) => /<header class="topbar">(.*?)<\/header>/s.exec(doc)![1];
/** The titles of the groups a sidebar shows open (a <details open>), in order. */
const openTitles = (sidebar: string) =>
  [...sidebar.matchAll(/<details open=""><summary class="nav-group-title">([^<]+)/g)].map((m) => m[1]);
const closedTitles = (sidebar: string) =>
  [
    ...sidebar.matchAll(
      /<details><summary class="nav-group-title">([^<]+)|data-expanded="false"><a class="nav-group-title" href="[^"]+">([^<]+)/g,
    ),
  ].map((m) => m[1] ?? m[2]);

describe('nav: the fixture with two sidebars and groups three deep', () => {
  let site: Built;
  beforeAll(async () => {
    site = await sharedBuild(fixture('nav'));
  });
  afterAll(() => site?.cleanup());

  it('opens the groups holding the page, at every depth, closes the others but those set `collapsed: false`, and marks the page', async () => {
    const sidebar = sidebarOf(await html(site, '/guides/advanced/deep/level/'));
    expect(openTitles(sidebar)).toEqual(['Guides', 'Advanced', 'Deep', 'Always open']);
    expect(closedTitles(sidebar)).toEqual(['Start', 'The basics']);
    expect(sidebar).toContain(
      '<a href="/docs/guides/advanced/deep/level/" class="active" aria-current="page">Deep level</a>',
    );
    expect(sidebar.match(/aria-current="page"/g)).toHaveLength(1);
  });

  it('shows the sidebar of the longest prefix: the API reference under /api/, the other one elsewhere', async () => {
    const api = sidebarOf(await html(site, '/api/orders/create/'));
    expect(api).toContain('<ul class="nav" data-sidebar="/api/">');
    expect(openTitles(api)).toEqual(['API reference', 'Orders']);
    expect(api).not.toContain('Guides</summary>');
    const guides = sidebarOf(await html(site, '/guides/install/'));
    expect(guides).toContain('<ul class="nav" data-sidebar="/">');
    expect(guides).not.toContain('API reference');
  });

  it('shows badges with their variant, from the configuration', async () => {
    const api = sidebarOf(await html(site, '/api/'));
    expect(api).toContain('Cancel an order<span class="badge badge-deprecated">Deprecated</span></a>');
    const guides = sidebarOf(await html(site, '/guides/advanced/'));
    expect(guides).toContain(
      '<summary class="nav-group-title">Advanced<span class="badge badge-beta">Beta</span></summary>',
    );
    expect(guides).toContain('Second steps<span class="badge badge-new">New</span></a>');
    expect(guides).toContain('Always open<span class="badge badge-note">Note</span></summary>');
  });

  it('puts the top links in the top bar and at the top of the drawer, marking the current one', async () => {
    const api = await html(site, '/api/orders/create/');
    const section = '<a href="/docs/api/" class="active" aria-current="true" data-match="/docs/api/">API</a>';
    expect(topBarOf(api)).toContain(section);
    expect(sidebarOf(api)).toContain(section);
    const changelog = await html(site, '/changelog/');
    expect(topBarOf(changelog)).toContain(
      '<a href="/docs/changelog/" class="active" aria-current="page">Changelog</a>',
    );
    expect(topBarOf(changelog)).toContain('<a href="/docs/api/" data-match="/docs/api/">API</a>');
    expect(topBarOf(changelog)).toContain('<a href="https://status.acme.example" rel="noopener">Status</a>');
  });

  it('lists every top-level group of both sidebars in the nav table, by the index its pages name it with', async () => {
    const index = JSON.parse(await readFile(path.join(site.outDir, 'routes.json'), 'utf8'));
    const groups = JSON.parse(await readFile(path.join(site.outDir, index.nav.slice('/docs/'.length)), 'utf8')) as (
      string | null
    )[];
    expect(groups.map((g) => (g ? /data-group="(\d+)"/.exec(g)![1] : null))).toEqual(['0', null, '2', '3', '4']);
    expect(groups[3]).toContain('<summary class="nav-group-title">Deep</summary>');
  });

  it('keeps prev/next within a sidebar, and gives breadcrumbs of every group holding the page', async () => {
    // The API sidebar ends with a link to the guides: the last API page has no next all the same.
    expect(await html(site, '/api/orders/cancel/')).not.toContain('rel="next"');
    expect(await html(site, '/api/')).not.toContain('rel="prev"');
    const deep = await html(site, '/guides/advanced/deep/level/');
    const trail = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(deep)![1]);
    expect(trail.itemListElement.map((i: { name: string }) => i.name)).toEqual([
      'Guides',
      'Advanced',
      'Deep',
      'Deep level',
    ]);
  });
});

describe('nav: the sidebar made from nested folders', () => {
  let site: Built;
  beforeAll(async () => {
    site = await buildToTemp(fixture('nav'), { sidebar: undefined });
  });
  afterAll(() => site?.cleanup());

  it('nests a group a folder, labelled and ordered by its _folder.yml, pages by frontmatter order', async () => {
    const sidebar = sidebarOf(await html(site, '/guides/advanced/deep/level/')).replace(
      /<ul class="nav-top">.*?<\/ul>/,
      '',
    );
    const titles = [...sidebar.matchAll(/class="nav-group-title"[^>]*>([^<]+)|<li><a href="[^"]+"[^>]*>([^<]+)/g)].map(
      (m) => m[1] ?? m[2],
    );
    // The home page first, as a folder's index heads its group; then Changelog (order 9); the folder Deep and the
    // page Tuning, neither ordered, by title.
    expect(titles).toEqual([
      'Home',
      'Changelog',
      'Guides',
      'Guides',
      'Install',
      'The basics',
      'First steps',
      'Second steps',
      'Advanced',
      'Advanced',
      'Deep',
      'Deep level',
      'Tuning',
      'API reference',
    ]);
    expect(openTitles(sidebar)).toEqual(['Guides', 'Advanced', 'Deep']);
    expect(sidebar).toContain(
      '<summary class="nav-group-title">Advanced<span class="badge badge-beta">Beta</span></summary>',
    );
    expect(sidebar).toContain('Second steps<span class="badge badge-note">New</span>');
  });
});

describe('nav: mistakes in the navigation are reported with their place', () => {
  let cleanup: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await cleanup?.();
    cleanup = undefined;
  });
  async function problemsOf(files: Record<string, string>) {
    const site = await tmpSite({
      'content/index.md': page('Home'),
      'content/guide/index.md': page('Guide'),
      'content/guide/deep.md': page('Deep'),
      ...files,
    });
    cleanup = site.cleanup;
    const error = await buildSite(await loadConfig(site.root), new MemoryWriter()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BuildFailure);
    return (error as BuildFailure).problems.map((p) => ({
      file: p.place.file,
      line: p.place.line,
      message: p.message,
    }));
  }

  it('a nested sidebar entry or a top link that is not a page', async () => {
    const problems = await problemsOf({
      'docs.config.ts': configFile({
        sidebar: { '/': [{ text: 'Guide', items: ['/guide/', { text: 'Inner', items: ['/guide/gone/'] }] }] },
        topNav: [{ text: 'API', link: '/api/' }],
      }),
    });
    expect(problems).toEqual([
      {
        file: 'docs.config.ts',
        line: expect.any(Number),
        message: 'topNav link "API" goes to /api/, which is not a page',
      },
      {
        file: 'docs.config.ts',
        line: expect.any(Number),
        message: 'sidebar group "Inner" lists /guide/gone/, which is not a page',
      },
    ]);
  });

  it('a folder file with an unknown key, and a page badge of the wrong shape', async () => {
    const problems = await problemsOf({
      'content/guide/_folder.yml': 'label: Guide\nposition: 2\n',
      'content/guide/deep.md': '---\ntitle: Deep\ndescription: Deep.\nbadge: [1, 2]\n---\n',
    });
    expect(problems).toEqual([
      { file: 'guide/deep.md', line: 4, message: 'frontmatter "badge" must be text or `{ text, variant }`' },
      { file: 'guide/_folder.yml', line: 2, message: '_folder.yml: unknown key "position"' },
    ]);
  });
});
