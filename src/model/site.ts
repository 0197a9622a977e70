import path from 'node:path';
import type { ResolvedConfig } from '../config/schema.js';
import type { BuildError } from './errors.js';
import { buildSidebars, groupChains, navLinks, sidebarFor, type NavEntry, type NavLink, type Sidebar } from './nav.js';
import { fileToRoute, withSlash } from '../shared/paths.js';
import type { PageOutline, PageRecord } from './page.js';
import type { ResolvedLocale } from '../i18n/locales.js';
import type { TakenStamps } from '../incremental/taken-stamps.js';

export { isGroup, type NavEntry, type NavGroup, type NavLink } from './nav.js';

/** What a locale's site knows of the others: for the language menu, hreflang and fallbacks. */
export interface LocaleContext {
  locale: ResolvedLocale;
  locales: ResolvedLocale[];
  /** Every page of the whole site, by route. */
  pages: Map<string, PageOutline>;
}

/** Everything the render stage needs about the site as a whole. */
export interface Site<P extends PageOutline = PageRecord> {
  config: ResolvedConfig;
  /** Rendered records, or only outlines while the pages are rendered (the layout needs no more). */
  pages: P[];
  byRoute: Map<string, P>;
  /** The top-level entries of every sidebar, in order: a top-level group's id is its index here. */
  nav: NavEntry[];
  /** One sidebar a path prefix ("/" for the whole site), holding the entries of `nav`. */
  sidebars: Sidebar[];
  /** What is wrong in the folder files of a generated sidebar (reported by the checks). */
  navProblems: BuildError[];
  /** Pages in reading order (each sidebar's in order, then the rest): prev/next follow it, within a sidebar. */
  order: P[];
  /** Files beside the pages, copied as they are ("guide/diagram.png"). */
  staticFiles: Set<string>;
  /** When each page's file last changed (ISO dates by path under the content folder), for "Last updated". */
  lastUpdated?: Map<string, string>;
  /** The site of one locale of a site in several languages (src/i18n/site.ts). */
  i18n?: LocaleContext;
  /**
   * What the previous output holds of this site's pages, when the build writes a folder (src/build/stages/checks.ts recordSite):
   * the site files made of a piece a page copy their kept pages' pieces from it (src/outputs/pieces.ts).
   */
  kept?: KeptOutput;
  /** The stamps the build took of the project's files, which answer what the site's stages ask of them. */
  taken?: TakenStamps;
}

/**
 * What a build that writes an output folder keeps of the previous output: the folder it can be read in until
 * the build ends (none for a first build), its site files' content hashes (intact files only), and the pages
 * whose files are kept, with those files. A build without it (in memory: tests, `dev`) makes every file whole.
 */
export interface KeptOutput {
  dir?: string;
  siteFiles: Map<string, string>;
  pages: Map<PageRecord, string[]>;
}

export function createSite<P extends PageOutline>(
  config: ResolvedConfig,
  pages: P[],
  staticFiles: string[] = [],
  lastUpdated?: Map<string, string>,
  taken?: TakenStamps,
): Site<P> {
  const byRoute = new Map(pages.map((p) => [p.regularPath, p]));
  const { sidebars, problems } = buildSidebars(config, pages, byRoute, taken);
  const nav = sidebars.flatMap((sidebar) => sidebar.entries);
  const seen = new Set<string>();
  const order: P[] = [];
  const visit = (link: NavLink, where?: Sidebar) => {
    const page = link.route ? byRoute.get(link.route) : undefined;
    if (page && !seen.has(page.regularPath) && (!where || sidebarFor(sidebars, page.regularPath) === where)) {
      seen.add(page.regularPath);
      order.push(page);
    }
  };
  // Each page where its own sidebar lists it; then pages only another sidebar lists.
  for (const sidebar of sidebars) navLinks(sidebar.entries).forEach((link) => visit(link, sidebar));
  navLinks(nav).forEach((link) => visit(link));
  return {
    config,
    pages,
    byRoute,
    nav,
    sidebars,
    navProblems: problems,
    order,
    staticFiles: new Set(staticFiles),
    lastUpdated,
    ...(taken && { taken }),
  };
}

/**
 * `site`'s sidebars and reading order over other page objects with the same routes, titles and
 * frontmatter (its records, or `dev`'s pages after a save that changed no title, path or folder
 * file): the nav is not made again.
 */
export function withSamePlan<P extends PageOutline>(
  site: Site<PageOutline>,
  pages: P[],
  lastUpdated?: Map<string, string>,
): Site<P> {
  const byRoute = new Map(pages.map((p) => [p.regularPath, p]));
  const order = site.order.map((page) => byRoute.get(page.regularPath)!);
  const next: Site<P> = { ...site, pages, byRoute, order, lastUpdated };
  // The lookups hold routes only.
  const found = siteLookups.get(site);
  if (found) siteLookups.set(next, found);
  return next;
}

/**
 * `withSamePlan` for `dev`'s next build, from `last`: a site of `plan`'s plan over the same routes
 * in the same order, which is given up (its route map and reading order are patched in place for
 * the pages that are other objects now, not made again: a save costs the pages it changed).
 * Undefined when `last` does not line up with `pages` (another plan, a page added or removed).
 */
export function patchedPlan<P extends PageOutline>(
  plan: Site<PageOutline>,
  last: Site<P>,
  pages: P[],
  lastUpdated?: Map<string, string>,
): Site<P> | undefined {
  if (last.nav !== plan.nav || last.pages.length !== pages.length) return undefined;
  const changed: P[] = [];
  for (let i = 0; i < pages.length; i++) {
    if (pages[i] === last.pages[i]) continue;
    if (pages[i].regularPath !== last.pages[i].regularPath) return undefined;
    changed.push(pages[i]);
  }
  const found = lookups(plan);
  for (const page of changed) {
    last.byRoute.set(page.regularPath, page);
    const at = found.position.get(page.regularPath);
    if (at !== undefined) last.order[at] = page;
  }
  const next: Site<P> = { ...plan, pages, byRoute: last.byRoute, order: last.order, lastUpdated };
  siteLookups.set(next, found);
  return next;
}

/** The top-level group that holds a route in its sidebar (its index in `site.nav`), -1 for none. */
export function groupOf(site: Site<PageOutline>, route: string): number {
  const outer = openGroups(site, route)[0];
  return outer ? Number(outer) : -1;
}

/** Ids of the groups that hold a route in its own sidebar, outermost first: open on that page. */
export function openGroups(site: Site<PageOutline>, route: string): string[] {
  return lookups(site).open.get(route) ?? [];
}

/** The sidebar a page shows, chosen by its route. */
export function sidebarOf(site: Site<PageOutline>, route: string): Sidebar | undefined {
  return sidebarFor(site.sidebars, route);
}

/**
 * groupOf and prevNext run for every page: with a lookup built once per site they cost O(1),
 * not a scan of the nav or the reading order (which made a 10,000-page site quadratic).
 */
const siteLookups = new WeakMap<Site<PageOutline>, { open: Map<string, string[]>; position: Map<string, number> }>();

function lookups(site: Site<PageOutline>) {
  let found = siteLookups.get(site);
  if (!found) {
    // A route's groups in its own sidebar: a page listed in another sidebar opens nothing there.
    const chains = new Map(site.sidebars.map((sidebar) => [sidebar, groupChains(sidebar.entries)]));
    const open = new Map<string, string[]>();
    for (const chainsOf of chains.values()) {
      for (const route of chainsOf.keys()) {
        if (open.has(route)) continue;
        const own = sidebarFor(site.sidebars, route);
        open.set(route, (own && chains.get(own)!.get(route)) ?? []);
      }
    }
    // By route: the build renders full records against a site made of their outlines.
    found = { open, position: new Map(site.order.map((page, i) => [page.regularPath, i])) };
    siteLookups.set(site, found);
  }
  return found;
}

/** Frontmatter prev/next: a route, a path to a .md file relative to the page, or false. */
export function resolvePageRef(page: Pick<PageOutline, 'relativePath'>, ref: string): string {
  if (/\.mdx?(#.*)?$/i.test(ref)) {
    const file = ref.replace(/#.*$/, '');
    return fileToRoute(
      path.posix.normalize(
        ref.startsWith('/') ? file.slice(1) : path.posix.join(path.posix.dirname(page.relativePath), file),
      ),
    );
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
  // The reading order does not run on from one sidebar into the next.
  const own = sidebarOf(site, page.regularPath);
  const near = (p: P | undefined) => (p && sidebarOf(site, p.regularPath) === own ? p : undefined);
  return {
    prev: pick('prev', i > 0 ? near(site.order[i - 1]) : undefined),
    next: pick('next', i >= 0 ? near(site.order[i + 1]) : undefined),
  };
}

/** A path of the site as an absolute URL when the site's URL is configured (sitemap, feeds, canonical links). */
export function absolute(site: Pick<Site, 'config'>, urlPath: string): string {
  return site.config.siteUrl ? new URL(urlPath, site.config.siteUrl).href : urlPath;
}
