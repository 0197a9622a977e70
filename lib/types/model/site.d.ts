import type { ResolvedConfig } from '../config/index.js';
import type { BuildError } from './errors.js';
import { type NavEntry, type Sidebar } from './nav.js';
import type { PageOutline, PageRecord } from './page.js';
import type { LocaleContext } from '../i18n/site.js';
export { isGroup, type NavEntry, type NavGroup, type NavLink } from './nav.js';
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
}
export declare function createSite<P extends PageOutline>(config: ResolvedConfig, pages: P[], staticFiles?: string[], lastUpdated?: Map<string, string>): Site<P>;
/**
 * `site`'s sidebars and reading order over other page objects with the same routes, titles and
 * frontmatter (its records, or `dev`'s pages after a save that changed no title, path or folder
 * file): the nav is not made again.
 */
export declare function withSamePlan<P extends PageOutline>(site: Site<PageOutline>, pages: P[], lastUpdated?: Map<string, string>): Site<P>;
/**
 * `withSamePlan` for `dev`'s next build, from `last`: a site of `plan`'s plan over the same routes
 * in the same order, which is given up (its route map and reading order are patched in place for
 * the pages that are other objects now, not made again: a save costs the pages it changed).
 * Undefined when `last` does not line up with `pages` (another plan, a page added or removed).
 */
export declare function patchedPlan<P extends PageOutline>(plan: Site<PageOutline>, last: Site<P>, pages: P[], lastUpdated?: Map<string, string>): Site<P> | undefined;
/** The top-level group that holds a route in its sidebar (its index in `site.nav`), -1 for none. */
export declare function groupOf(site: Site<PageOutline>, route: string): number;
/** Ids of the groups that hold a route in its own sidebar, outermost first: open on that page. */
export declare function openGroups(site: Site<PageOutline>, route: string): string[];
/** The sidebar a page shows, chosen by its route. */
export declare function sidebarOf(site: Site<PageOutline>, route: string): Sidebar | undefined;
/** Frontmatter prev/next: a route, a path to a .md file relative to the page, or false. */
export declare function resolvePageRef(page: PageOutline, ref: string): string;
export declare function prevNext<P extends PageOutline>(site: Site<P>, page: PageOutline): {
    prev?: P;
    next?: P;
};
