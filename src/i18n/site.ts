/**
 * A site of several languages is rendered as one site per locale: each locale's pages with its own
 * sidebar, reading order and strings, so the layout code needs no notion of locales. The whole
 * site (every locale's pages) stays what the checks, the route table and the outputs read.
 */
import type { ResolvedConfig, SidebarItemConfig } from '../config/schema.js';
import { isExternal, pageUrl } from '../shared/paths.js';
import { createSite, isGroup, type LocaleContext, type NavEntry, type Site } from '../model/site.js';
import type { PageOutline } from '../model/page.js';
import { localeKeyOf, pageRoute, singleLocale, splitLocale, type ResolvedLocale } from './locales.js';
import { ENGLISH } from './strings.js';
import { pathInView } from './counterparts.js';
import type { ResolvedVersion } from '../versions/config.js';
import { siteViews } from '../versions/views.js';
import { editFolder } from '../versions/paths.js';

/** Sidebars by path prefix, as the resolved configuration has them. */
type SidebarConfig = Record<string, SidebarItemConfig[]>;

const views = new WeakMap<Site<PageOutline>, Map<string, Site<PageOutline>>>();

/** The site of each locale (by key, "" for the root), made once per whole site. */
export function localeSites<P extends PageOutline>(site: Site<P>): Map<string, Site<P>> {
  let found = views.get(site) as Map<string, Site<P>> | undefined;
  if (found) return found;
  const locales = siteViews(site.config) ?? [];
  const pages = site.byRoute;
  const generated = site.config.sidebar
    ? undefined
    : sidebarOf(createSite({ ...site.config, sidebar: undefined }, rootPages(site, locales)).nav);
  const byView = new Map<ResolvedLocale, P[]>(locales.map((l) => [l, []]));
  for (const p of site.pages) byView.get(splitLocale(locales, p.regularPath).locale)!.push(p);
  // A version's sidebar is made from its root locale's pages, the same for each of its locales.
  const versionSidebars = new Map<ResolvedVersion, SidebarConfig | undefined>();
  for (const view of locales)
    if (view.version && localeKeyOf(view) === '')
      versionSidebars.set(view.version, versionSidebar(site.config, view, byView.get(view)!));
  found = new Map();
  for (const locale of locales) {
    const own = byView.get(locale)!;
    const ownSidebar = locale.version ? versionSidebars.get(locale.version) : undefined;
    // A translation a `slug` put elsewhere than its original is listed where it is.
    const localized = localizeSidebar(ownSidebar ?? site.config.sidebar ?? generated ?? {}, locale, (path) =>
      pathInView({ locales, pages }, locale, path),
    );
    const sidebar = locale.version?.key ? toCurrentVersion(localized, locale.version.key, pages) : localized;
    const view = createSite(
      {
        ...site.config,
        lang: locale.lang,
        sidebar,
        editLink: localizeEditLink(site.config, locale),
        locales: undefined,
        versions: undefined,
      },
      own,
      [...site.staticFiles],
      site.lastUpdated,
    );
    if (generated)
      for (const e of view.nav) if (!isGroup(e) && e.route) e.text = view.byRoute.get(e.route)?.title ?? e.text;
    found.set(locale.key, Object.assign(view, { i18n: { locale, locales, pages } satisfies LocaleContext }));
  }
  views.set(site, found as Map<string, Site<PageOutline>>);
  return found;
}

/** The site a page is rendered in: its locale's, or the site itself when it has one language. */
export function siteOf<P extends PageOutline>(site: Site<P>, route: string): Site<P> {
  const locales = siteViews(site.config);
  if (!locales) return site;
  return localeSites(site).get(splitLocale(locales, route).locale.key)!;
}

/** The locale of a site made by `localeSites`, or the one language of a single-language site. */
export function localeOf(site: Site<PageOutline>): ResolvedLocale {
  return site.i18n?.locale ?? singleLocale(site.config.lang);
}

/**
 * A version's sidebar, its routes within the version: its snapshot's, the configured one for the
 * version content/ holds, else made from its own pages' folders (an old version has other pages).
 */
function versionSidebar(config: ResolvedConfig, view: ResolvedLocale, own: PageOutline[]): SidebarConfig | undefined {
  const version = view.version!;
  if (version.sidebar) return snapshotSidebar(version);
  if (version.contentDir === config.contentDir && config.sidebar) return config.sidebar;
  if (!view.key) return undefined; // the generated one of the root pages
  const within = (p: string) => p.slice(view.key.length + 1);
  // Outlines only (a record's copy would read its parts and HTML, src/incremental/record-parts.ts): the sidebar needs no more.
  const inner = own.map((p): PageOutline => ({
    key: p.key,
    title: p.title,
    description: p.description,
    frontmatter: p.frontmatter,
    keyLines: p.keyLines,
    regularPath: within(p.regularPath),
    relativePath: within(p.relativePath),
    path: p.path,
    hash: p.hash,
  }));
  return sidebarOf(createSite({ ...config, sidebar: undefined, versions: undefined, locales: undefined }, inner).nav);
}

/** A snapshot's sidebar.json by path prefix: it may be one list, as the `sidebar` setting may. */
export function snapshotSidebar(version: ResolvedVersion): SidebarConfig {
  const sidebar = version.sidebar as SidebarItemConfig[] | SidebarConfig;
  return Array.isArray(sidebar) ? { '/': sidebar } : sidebar;
}

/**
 * An older version's sidebar entries for routes it has no page at go to the current version's page: pages a plugin
 * generates (a glossary, the blog) are made once, for the current version, and a snapshot's sidebar still lists them.
 */
function toCurrentVersion(
  sidebar: SidebarConfig,
  versionKey: string,
  pages: ReadonlyMap<string, PageOutline>,
): SidebarConfig {
  const prefix = `/${versionKey}/`;
  const current = (route: string) =>
    route.startsWith(prefix) && !pages.has(route) && pages.has(`/${route.slice(prefix.length)}`)
      ? `/${route.slice(prefix.length)}`
      : null;
  const item = (i: SidebarItemConfig): SidebarItemConfig => {
    if (typeof i === 'string') {
      const to = current(i);
      return to ? { text: pages.get(to)!.title, link: to } : i;
    }
    return 'link' in i ? { ...i, link: current(i.link) ?? i.link } : { ...i, items: i.items.map(item) };
  };
  return Object.fromEntries(Object.entries(sidebar).map(([prefix, items]) => [prefix, items.map(item)]));
}

/** The edit link's text in the locale, unless the project wrote its own; an old version's links to its own files. */
function localizeEditLink(config: ResolvedConfig, locale: ResolvedLocale): ResolvedConfig['editLink'] {
  const { editLink } = config;
  if (!editLink) return editLink;
  const folder = locale.version && editFolder(config, locale.version);
  return {
    ...editLink,
    ...(editLink.text === ENGLISH['page.edit'] ? { text: locale.strings['page.edit'] } : {}),
    ...(folder ? { folder } : {}),
  };
}

/** The root locale's pages: a generated sidebar is made from its folders, the same for every locale. */
function rootPages<P extends PageOutline>(site: Site<P>, locales: ResolvedLocale[]): P[] {
  return site.pages.filter((p) => splitLocale(locales, p.regularPath).locale.key === '');
}

/** A nav made from the folder tree, as sidebar configuration (so each locale's pages fill it with their titles). */
function sidebarOf(nav: NavEntry[]): SidebarConfig {
  const entry = (e: NavEntry): SidebarItemConfig =>
    isGroup(e)
      ? { text: e.text, collapsed: e.collapsed, items: e.items.map(entry) }
      : (e.route ?? { text: e.text, link: e.href });
  // A top-level entry is a link with its text: each locale retitles it.
  return { '/': nav.map((e) => (isGroup(e) ? entry(e) : { text: e.text, link: e.route ?? e.href })) };
}

/**
 * The sidebars in a locale: each prefix and route of the site moved under the locale's prefix (or where `routeOf`
 * finds its page), the texts in its language.
 */
export function localizeSidebar(
  sidebar: SidebarConfig,
  locale: Pick<ResolvedLocale, 'key' | 'sidebarLabels'>,
  routeOf: (path: string) => string | undefined = () => undefined,
): SidebarConfig {
  const prefix = (target: string) => (isExternal(target) ? target : pageRoute({ locale: locale.key }, target));
  const move = (target: string) => (isExternal(target) ? target : (routeOf(target) ?? prefix(target)));
  const label = (text: string) => locale.sidebarLabels[text] ?? text;
  const item = (i: SidebarItemConfig): SidebarItemConfig =>
    typeof i === 'string'
      ? move(i)
      : 'link' in i
        ? { ...i, text: label(i.text), link: move(i.link) }
        : { ...i, text: label(i.text), items: i.items.map(item) };
  return Object.fromEntries(Object.entries(sidebar).map(([path, items]) => [prefix(path), items.map(item)]));
}

/** The home page of a site's language: where its title links (asked for by every page's layout key). */
export function localeHome(site: Site<PageOutline>): string {
  let home = homes.get(site);
  if (home === undefined)
    homes.set(site, (home = pageUrl(site.config.base, pageRoute({ locale: localeOf(site).key }, '/'))));
  return home;
}

const homes = new WeakMap<Site<PageOutline>, string>();
