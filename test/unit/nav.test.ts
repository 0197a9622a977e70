import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveConfig, type UserConfig } from '../../src/config/index.js';
import { BuildFailure } from '../../src/model/errors.js';
import {
  configuredTargets,
  groupAt,
  isGroup,
  navKeys,
  navLinks,
  sidebarFor,
  type NavEntry,
  type NavGroup,
} from '../../src/model/nav.js';
import { fileToRoute } from '../../src/shared/paths.js';
import { createSite, openGroups, prevNext, sidebarOf } from '../../src/model/site.js';
import type { PageRecord } from '../../src/model/page.js';

/** A page record with what the nav reads: file, title, frontmatter. */
function record(relativePath: string, title: string, frontmatter: Record<string, unknown> = {}): PageRecord {
  const regularPath = fileToRoute(relativePath);
  return {
    key: relativePath,
    title,
    description: '',
    frontmatter: { title, ...frontmatter },
    regularPath,
    relativePath,
    path: `/docs${regularPath}`,
  } as unknown as PageRecord;
}

const PAGES = [
  record('index.md', 'Home'),
  record('guides/index.md', 'Guides'),
  record('guides/install.md', 'Install'),
  record('guides/basics/first.md', 'First'),
  record('guides/basics/deep/level.md', 'Level'),
  record('api/index.md', 'API'),
  record('api/users.md', 'Users'),
];

const site = (sidebar?: UserConfig['sidebar'], pages = PAGES, contentDir = '/nonexistent') =>
  createSite({ ...resolveConfig({ sidebar }, '/site'), contentDir }, pages);
/** The tree of entries as text: groups as [text, ...items], links as their text. */
const shape = (entries: NavEntry[]): unknown[] =>
  entries.map((e) => (isGroup(e) ? [e.text, ...shape(e.items)] : e.text));

describe('nav: configured sidebars', () => {
  it('nests groups to any depth, numbers each by its place, and closes them unless told otherwise', () => {
    const s = site([
      { text: 'Start', items: ['/'] },
      {
        text: 'Guides',
        collapsed: false,
        items: [
          '/guides/',
          { text: 'Basics', items: ['/guides/basics/first/', { text: 'Deep', items: ['/guides/basics/deep/level/'] }] },
        ],
      },
      { text: 'API', link: '/api/' },
    ]);
    expect(shape(s.nav)).toEqual([
      ['Start', 'Home'],
      ['Guides', 'Guides', ['Basics', 'First', ['Deep', 'Level']]],
      'API',
    ]);
    const deep = groupAt(s.nav, '1.1.1')!;
    expect(deep.text).toBe('Deep');
    expect([(s.nav[0] as NavGroup).collapsed, (s.nav[1] as NavGroup).collapsed, deep.collapsed]).toEqual([
      true,
      false,
      true,
    ]);
    expect(navLinks(s.nav).map((l) => l.route)).toEqual([
      '/',
      '/guides/',
      '/guides/basics/first/',
      '/guides/basics/deep/level/',
      '/api/',
    ]);
  });

  it('keeps the flat shape of earlier versions working, as the sidebar of "/"', () => {
    const config = resolveConfig(
      {
        sidebar: [
          { text: 'Start', items: ['/'] },
          { text: 'Pricing', link: '/pricing/' },
        ],
      },
      '/site',
    );
    expect(Object.keys(config.sidebar!)).toEqual(['/']);
    expect(
      configuredTargets([{ text: 'Start', items: ['/', { text: 'Inner', items: [{ text: 'X', link: '/x/' }] }] }]),
    ).toEqual(['/', '/x/']);
    expect(configuredTargets({ '/api/': ['/api/'], '/': [{ text: 'Home', link: '/' }] })).toEqual(['/api/', '/']);
  });

  it('turns a badge into text and a variant ("note" unless given)', () => {
    const s = site([
      {
        text: 'G',
        badge: { text: 'Beta', variant: 'beta' },
        items: [{ text: 'Install', link: '/guides/install/', badge: 'New' }],
      },
    ]);
    const group = s.nav[0] as NavGroup;
    expect(group.badge).toEqual({ text: 'Beta', variant: 'beta' });
    expect(group.items[0]).toMatchObject({ text: 'Install', badge: { text: 'New', variant: 'note' } });
  });

  it('refuses a badge variant it does not know, a group without items and a prefix that is not a path, naming the key', () => {
    const problems = (user: unknown) => {
      try {
        resolveConfig(user, '/site');
        return [];
      } catch (error) {
        return (error as BuildFailure).problems.map((p) => p.message);
      }
    };
    expect(
      problems({
        sidebar: [{ text: 'G', items: [{ text: 'A', link: '/a/', badge: { text: 'x', variant: 'shiny' } }] }],
      }).join(),
    ).toContain('sidebar.0.items.0');
    expect(problems({ sidebar: [{ text: 'G', items: [{ text: 'Inner', items: [] }] }] }).join()).toContain(
      'sidebar.0.items.0',
    );
    expect(problems({ sidebar: { api: ['/api/'] } }).join()).toContain('sidebar');
    expect(problems({ topNav: [{ text: 'API', link: '/api/', match: 'api' }] }).join()).toContain('topNav.0.match');
  });
});

describe('nav: sidebars chosen by path', () => {
  const two = () =>
    site({
      '/api/': [
        { text: 'Reference', items: ['/api/', '/api/users/'] },
        { text: 'Guides', link: '/guides/' },
      ],
      '/': [
        { text: 'Guides', items: ['/guides/', '/guides/install/'] },
        { text: 'Start', items: ['/', '/api/'] },
      ],
    });

  it('gives a page the sidebar of the longest prefix of its route', () => {
    const s = two();
    expect(sidebarFor(s.sidebars, '/api/users/')?.prefix).toBe('/api/');
    expect(sidebarFor(s.sidebars, '/apis/')?.prefix).toBe('/');
    expect(sidebarOf(s, '/guides/install/')?.prefix).toBe('/');
    expect(sidebarFor([{ prefix: '/api/', entries: [] }], '/guides/')).toBeUndefined();
  });

  it("numbers top-level entries across every sidebar, and opens a page's groups only in its own sidebar", () => {
    const s = two();
    expect(s.nav.map((e) => (isGroup(e) ? e.id : e.text))).toEqual(['0', 'Guides', '2', '3']);
    // /api/ is also listed in the "/" sidebar's Start group, but the API sidebar is the one it shows.
    expect(openGroups(s, '/api/')).toEqual(['0']);
    expect(openGroups(s, '/guides/install/')).toEqual(['2']);
  });

  it('reads each sidebar in its own order, and prev/next stop at its ends', () => {
    const s = two();
    expect(s.order.map((p) => p.regularPath)).toEqual(['/api/', '/api/users/', '/guides/', '/guides/install/', '/']);
    const page = (route: string) => s.byRoute.get(route)!;
    expect(prevNext(s, page('/api/users/')).next).toBeUndefined();
    expect(prevNext(s, page('/guides/')).prev).toBeUndefined();
    expect(prevNext(s, page('/guides/')).next?.regularPath).toBe('/guides/install/');
  });

  it("keys what every page shows apart from what only a group's pages show", () => {
    const before = navKeys(two().sidebars, two().nav);
    const renamed = site({
      '/api/': [
        { text: 'Reference', items: ['/api/', { text: 'Users!', link: '/api/users/' }] },
        { text: 'Guides', link: '/guides/' },
      ],
      '/': [
        { text: 'Guides', items: ['/guides/', '/guides/install/'] },
        { text: 'Start', items: ['/', '/api/'] },
      ],
    });
    const after = navKeys(renamed.sidebars, renamed.nav);
    expect(after.shared).toBe(before.shared);
    expect(after.groups[0]).not.toBe(before.groups[0]);
    expect(after.groups[2]).toBe(before.groups[2]);
  });
});

describe('nav: the sidebar made from the folders', () => {
  let dir = '';
  afterEach(async () => dir && rm(dir, { recursive: true, force: true }));
  const folderFiles = async (files: Record<string, string>) => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'nav-'));
    for (const [file, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
      await writeFile(path.join(dir, file), text);
    }
    return dir;
  };

  it('follows nested folders: a group a folder, its index page first, then pages and folders by order and title', () => {
    const s = site(undefined, [
      ...PAGES,
      record('guides/advanced.md', 'Advanced', { order: 1 }),
      record('guides/zebra.md', 'Zebra'),
    ]);
    expect(shape(s.nav)).toEqual([
      'Home',
      ['API', 'API', 'Users'],
      ['Guides', 'Guides', 'Advanced', ['Basics', ['Deep', 'Level'], 'First'], 'Install', 'Zebra'],
    ]);
    expect(openGroups(s, '/guides/basics/deep/level/')).toEqual(['2', '2.2', '2.2.0']);
  });

  it('puts the home page first among the top-level pages, whatever their titles and orders', () => {
    const s = site(undefined, [
      record('index.md', 'Welcome'),
      record('faq.md', 'FAQ'),
      record('changelog.md', 'Changelog'),
      record('quickstart.md', 'Quickstart', { order: 1 }),
      record('guides/install.md', 'Install'),
    ]);
    expect(shape(s.nav)).toEqual(['Welcome', 'Quickstart', 'Changelog', 'FAQ', ['Guides', 'Install']]);
  });

  it('labels, orders, opens and badges a folder from its _folder.yml', async () => {
    const contentDir = await folderFiles({
      'guides/_folder.yml': 'label: All the guides\norder: 1\n',
      'guides/basics/_folder.yml':
        'label: The basics\norder: 0\ncollapsed: false\nbadge: { text: Old, variant: deprecated }\n',
    });
    const s = site(undefined, PAGES, contentDir);
    expect(shape(s.nav)).toEqual([
      'Home',
      ['All the guides', 'Guides', ['The basics', ['Deep', 'Level'], 'First'], 'Install'],
      ['API', 'API', 'Users'],
    ]);
    expect(groupAt(s.nav, '1.1')).toMatchObject({ collapsed: false, badge: { text: 'Old', variant: 'deprecated' } });
    expect(s.navProblems).toEqual([]);
  });

  it('takes a page badge from its frontmatter', () => {
    const s = site(undefined, [
      record('index.md', 'Home', { badge: 'New' }),
      record('a/b.md', 'B', { badge: { text: 'Beta', variant: 'beta' } }),
    ]);
    expect(navLinks(s.nav).map((l) => l.badge)).toEqual([
      { text: 'New', variant: 'note' },
      { text: 'Beta', variant: 'beta' },
    ]);
  });

  it('reports a folder file with bad YAML or an unknown key at its line, and carries on without it', async () => {
    const contentDir = await folderFiles({
      'guides/_folder.yml': 'label: Guides\nordre: 2\n',
      'api/_folder.yml': 'label: [unclosed\n',
    });
    const s = site(undefined, PAGES, contentDir);
    expect(s.navProblems.map((p) => [p.place.file, p.place.line, p.message])).toEqual([
      ['guides/_folder.yml', 2, '_folder.yml: unknown key "ordre"'],
      ['api/_folder.yml', 2, expect.stringContaining('malformed YAML')],
    ]);
    expect(
      shape(s.nav)
        .slice(1)
        .map((g) => (g as unknown[])[0]),
    ).toEqual(['API', 'Guides']);
  });
});
