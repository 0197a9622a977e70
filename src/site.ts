import path from 'node:path';
import type { ResolvedConfig } from './config.js';
import { fileToRoute, isExternal, pageUrl, withSlash } from './shared/paths.js';
import type { PageOutline, PageRecord } from './types.js';
import type { LocaleContext } from './i18n/site.js';

export interface NavLink {
  text: string;
  /** Full URL ("/docs/orgs/" or "https://..."). */
  href: string;
  /** Route of the page linked, when it is one of ours. */
  route?: string;
  external: boolean;
}

export interface NavGroup {
  text: string;
  items: NavLink[];
}

export type NavEntry = NavGroup | NavLink;

export const isGroup = (entry: NavEntry): entry is NavGroup => 'items' in entry;

/** Everything the render stage needs about the site as a whole. */
export interface Site<P extends PageOutline = PageRecord> {
  config: ResolvedConfig;
  /** Rendered records, or only outlines while the pages are rendered (the layout needs no more). */
  pages: P[];
  byRoute: Map<string, P>;
  nav: NavEntry[];
  /** Pages in reading order (sidebar order, then the rest): prev/next follow it. */
  order: P[];
  /** Files beside the pages, copied as they are ("guide/diagram.png"). */
  staticFiles: Set<string>;
  /** When each page's file last changed (ISO dates by path under the content folder), for "Last updated". */
  lastUpdated?: Map<string, string>;
  /** The site of one locale of a site in several languages (src/i18n/site.ts). */
  i18n?: LocaleContext;
}

export function createSite<P extends PageOutline>(config: ResolvedConfig, pages: P[], staticFiles: string[] = [], lastUpdated?: Map<string, string>): Site<P> {
  const byRoute = new Map(pages.map((p) => [p.regularPath, p]));
  const nav = config.sidebar ? configuredNav(config, byRoute) : generatedNav(config, pages);
  const seen = new Set<string>();
  const order: P[] = [];
  const visitLink = (link: NavLink) => {
    const page = link.route ? byRoute.get(link.route) : undefined;
    if (page && !seen.has(page.regularPath)) {
      seen.add(page.regularPath);
      order.push(page);
    }
  };
  for (const entry of nav) (isGroup(entry) ? entry.items : [entry]).forEach(visitLink);
  return { config, pages, byRoute, nav, order, staticFiles: new Set(staticFiles), lastUpdated };
}

function linkTo(config: ResolvedConfig, byRoute: Map<string, PageOutline>, target: string, text?: string): NavLink {
  if (isExternal(target)) return { text: text ?? target, href: target, external: true };
  const route = withSlash(target);
  const page = byRoute.get(route);
  return { text: text ?? page?.title ?? route, href: pageUrl(config.base, route), route, external: false };
}

function configuredNav(config: ResolvedConfig, byRoute: Map<string, PageOutline>): NavEntry[] {
  return (config.sidebar ?? []).map((entry) =>
    'items' in entry
      ? { text: entry.text, items: entry.items.map((item) => (typeof item === 'string' ? linkTo(config, byRoute, item) : linkTo(config, byRoute, item.link, item.text))) }
      : linkTo(config, byRoute, entry.link, entry.text),
  );
}

/** No sidebar configured: a group per top-level folder, pages by frontmatter `order`, then title. */
function generatedNav(config: ResolvedConfig, pages: PageOutline[]): NavEntry[] {
  const byOrder = (a: PageOutline, b: PageOutline) => (a.frontmatter.order ?? Infinity) - (b.frontmatter.order ?? Infinity) || a.title.localeCompare(b.title);
  const top: PageOutline[] = [];
  const folders = new Map<string, PageOutline[]>();
  for (const page of pages) {
    const parts = page.regularPath.split('/').filter(Boolean);
    if (parts.length === 0 || (parts.length === 1 && !page.relativePath.includes('/'))) top.push(page);
    else if (folders.has(parts[0])) folders.get(parts[0])!.push(page);
    else folders.set(parts[0], [page]);
  }
  const link = (p: PageOutline): NavLink => ({ text: p.title, href: pageUrl(config.base, p.regularPath), route: p.regularPath, external: false });
  const groups = [...folders].map(([folder, list]) => {
    const index = list.find((p) => p.regularPath === `/${folder}/`);
    const rest = list.filter((p) => p !== index).sort(byOrder);
    return { text: index?.title ?? folder.replace(/[-_]/g, ' ').replace(/^./, (c) => c.toUpperCase()), items: [...(index ? [index] : []), ...rest].map(link), order: index?.frontmatter.order ?? Infinity };
  });
  groups.sort((a, b) => a.order - b.order || a.text.localeCompare(b.text));
  return [...top.sort(byOrder).map(link), ...groups.map(({ text, items }) => ({ text, items }))];
}

/** The group that contains a route (expanded in that page's sidebar). */
export function groupOf(site: Site<PageOutline>, route: string): number {
  return lookups(site).group.get(route) ?? -1;
}

/**
 * groupOf and prevNext run for every page: with a lookup built once per site they cost O(1),
 * not a scan of the nav or the reading order (which made a 10,000-page site quadratic).
 */
const siteLookups = new WeakMap<Site<PageOutline>, { group: Map<string, number>; position: Map<string, number> }>();

function lookups(site: Site<PageOutline>) {
  let found = siteLookups.get(site);
  if (!found) {
    const group = new Map<string, number>();
    site.nav.forEach((entry, i) => {
      // The first group that lists a route is its group.
      if (isGroup(entry)) for (const item of entry.items) if (item.route && !group.has(item.route)) group.set(item.route, i);
    });
    // By route: the build renders full records against a site made of their outlines.
    found = { group, position: new Map(site.order.map((page, i) => [page.regularPath, i])) };
    siteLookups.set(site, found);
  }
  return found;
}

/** Frontmatter prev/next: a route, a path to a .md file relative to the page, or false. */
export function resolvePageRef(page: PageOutline, ref: string): string {
  if (/\.mdx?(#.*)?$/i.test(ref)) {
    const file = ref.replace(/#.*$/, '');
    return fileToRoute(path.posix.normalize(ref.startsWith('/') ? file.slice(1) : path.posix.join(path.posix.dirname(page.relativePath), file)));
  }
  return withSlash(ref);
}

export function prevNext<P extends PageOutline>(site: Site<P>, page: PageOutline): { prev?: P; next?: P } {
  const i = lookups(site).position.get(page.regularPath) ?? -1;
  const pick = (key: 'prev' | 'next', fallback: P | undefined) => {
    const value = page.frontmatter[key];
    if (value === false) return undefined;
    if (typeof value === 'string') return site.byRoute.get(resolvePageRef(page, value));
    return fallback;
  };
  return { prev: pick('prev', i > 0 ? site.order[i - 1] : undefined), next: pick('next', i >= 0 ? site.order[i + 1] : undefined) };
}
