/**
 * A site of several languages is rendered as one site per locale: each locale's pages with its own
 * sidebar, reading order and strings, so the layout code needs no notion of locales. The whole
 * site (every locale's pages) stays what the checks, the route table and the outputs read.
 */
import type { SidebarItemConfig } from '../config/index.js';
import { type Site } from '../model/site.js';
import type { PageOutline } from '../model/page.js';
import { type ResolvedLocale } from './locales.js';
/** What a locale's site knows of the others: for the language menu, hreflang and fallbacks. */
export interface LocaleContext {
    locale: ResolvedLocale;
    locales: ResolvedLocale[];
    /** Every page route of the whole site. */
    routes: Set<string>;
    /** Every page of the whole site, by route. */
    pages: Map<string, PageOutline>;
}
/** Sidebars by path prefix, as the resolved configuration has them. */
type SidebarConfig = Record<string, SidebarItemConfig[]>;
/** The site of each locale (by key, "" for the root), made once per whole site. */
export declare function localeSites<P extends PageOutline>(site: Site<P>): Map<string, Site<P>>;
/** The site a page is rendered in: its locale's, or the site itself when it has one language. */
export declare function siteOf<P extends PageOutline>(site: Site<P>, route: string): Site<P>;
/** The locale of a site made by `localeSites`, or the one language of a single-language site. */
export declare function localeOf(site: Site<PageOutline>): ResolvedLocale;
/** The sidebars in a locale: each prefix and route of the site moved under the locale's prefix, the texts in its language. */
export declare function localizeSidebar(sidebar: SidebarConfig, locale: Pick<ResolvedLocale, 'key' | 'sidebarLabels'>): SidebarConfig;
/** The home page of a site's language: where its title links (asked for by every page's layout key). */
export declare function localeHome(site: Site<PageOutline>): string;
export {};
