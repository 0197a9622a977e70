import path from 'node:path';
import type { ResolvedConfig } from './config.js';
import { fileToRoute, isExternal, pageUrl } from './shared/paths.js';
import type { PageRecord } from './types.js';

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
export interface Site {
  config: ResolvedConfig;
  pages: PageRecord[];
  byRoute: Map<string, PageRecord>;
  nav: NavEntry[];
  /** Pages in reading order (sidebar order, then the rest): prev/next follow it. */
  order: PageRecord[];
  /** Files beside the pages, copied as they are ("guide/diagram.png"). */
  staticFiles: Set<string>;
  /** When each page's file last changed (ISO dates by path under the content folder), for "Last updated". */
  lastUpdated?: Map<string, string>;
}

export function createSite(config: ResolvedConfig, pages: PageRecord[], staticFiles: string[] = [], lastUpdated?: Map<string, string>): Site {
  const byRoute = new Map(pages.map((p) => [p.regularPath, p]));
  const nav = config.sidebar ? configuredNav(config, byRoute) : generatedNav(config, pages);
  const seen = new Set<string>();
  const order: PageRecord[] = [];
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

function linkTo(config: ResolvedConfig, byRoute: Map<string, PageRecord>, target: string, text?: string): NavLink {
  if (isExternal(target)) return { text: text ?? target, href: target, external: true };
  const route = target.endsWith('/') ? target : `${target}/`;
  const page = byRoute.get(route);
  return { text: text ?? page?.title ?? route, href: pageUrl(config.base, route), route, external: false };
}

function configuredNav(config: ResolvedConfig, byRoute: Map<string, PageRecord>): NavEntry[] {
  return (config.sidebar ?? []).map((entry) =>
    'items' in entry
      ? { text: entry.text, items: entry.items.map((item) => (typeof item === 'string' ? linkTo(config, byRoute, item) : linkTo(config, byRoute, item.link, item.text))) }
      : linkTo(config, byRoute, entry.link, entry.text),
  );
}

/** No sidebar configured: a group per top-level folder, pages by frontmatter `order`, then title. */
function generatedNav(config: ResolvedConfig, pages: PageRecord[]): NavEntry[] {
  const byOrder = (a: PageRecord, b: PageRecord) => ((a.frontmatter.order as number) ?? Infinity) - ((b.frontmatter.order as number) ?? Infinity) || a.title.localeCompare(b.title);
  const top: PageRecord[] = [];
  const folders = new Map<string, PageRecord[]>();
  for (const page of pages) {
    const parts = page.regularPath.split('/').filter(Boolean);
    if (parts.length === 0 || (parts.length === 1 && !page.relativePath.includes('/'))) top.push(page);
    else if (folders.has(parts[0])) folders.get(parts[0])!.push(page);
    else folders.set(parts[0], [page]);
  }
  const link = (p: PageRecord): NavLink => ({ text: p.title, href: pageUrl(config.base, p.regularPath), route: p.regularPath, external: false });
  const groups = [...folders].map(([folder, list]) => {
    const index = list.find((p) => p.regularPath === `/${folder}/`);
    const rest = list.filter((p) => p !== index).sort(byOrder);
    return { text: index?.title ?? folder.replace(/[-_]/g, ' ').replace(/^./, (c) => c.toUpperCase()), items: [...(index ? [index] : []), ...rest].map(link), order: (index?.frontmatter.order as number) ?? Infinity };
  });
  groups.sort((a, b) => a.order - b.order || a.text.localeCompare(b.text));
  return [...top.sort(byOrder).map(link), ...groups.map(({ text, items }) => ({ text, items }))];
}

/** The group that contains a route (expanded in that page's sidebar). */
export function groupOf(site: Site, route: string): number {
  return lookups(site).group.get(route) ?? -1;
}

/**
 * groupOf and prevNext run for every page: with a lookup built once per site they cost O(1),
 * not a scan of the nav or the reading order (which made a 10,000-page site quadratic).
 */
const siteLookups = new WeakMap<Site, { group: Map<string, number>; position: Map<string, number> }>();

function lookups(site: Site) {
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
export function resolvePageRef(page: PageRecord, ref: string): string {
  if (/\.mdx?(#.*)?$/i.test(ref)) {
    const file = ref.replace(/#.*$/, '');
    return fileToRoute(path.posix.normalize(ref.startsWith('/') ? file.slice(1) : path.posix.join(path.posix.dirname(page.relativePath), file)));
  }
  return ref.endsWith('/') ? ref : `${ref}/`;
}

export function prevNext(site: Site, page: PageRecord): { prev?: PageRecord; next?: PageRecord } {
  const i = lookups(site).position.get(page.regularPath) ?? -1;
  const pick = (key: 'prev' | 'next', fallback: PageRecord | undefined) => {
    const value = page.frontmatter[key];
    if (value === false) return undefined;
    if (typeof value === 'string') return site.byRoute.get(resolvePageRef(page, value));
    return fallback;
  };
  return { prev: pick('prev', i > 0 ? site.order[i - 1] : undefined), next: pick('next', i >= 0 ? site.order[i + 1] : undefined) };
}
