import type { BadgeConfig, ResolvedConfig, SidebarItemConfig } from '../config/index.js';
import { BuildError } from './errors.js';
import type { PageOutline } from './page.js';
/**
 * The navigation model: sidebars (one a path prefix), their groups nested to any depth, and the
 * lookups every page needs (which sidebar, which groups hold it). Built once a site, from the
 * configuration or, without a `sidebar`, from the folders of the content.
 */
export interface NavBadge {
    text: string;
    variant: 'note' | 'new' | 'beta' | 'deprecated';
}
export interface NavLink {
    text: string;
    /** Full URL ("/docs/orgs/" or "https://..."). */
    href: string;
    /** Route of the page linked, when it is one of ours. */
    route?: string;
    external: boolean;
    badge?: NavBadge;
}
export interface NavGroup {
    /** Unique in the site: a top-level group's index in `Site.nav` ("3"), then the item index at each level ("3.1.0"). */
    id: string;
    text: string;
    items: NavEntry[];
    /** Closed unless it holds the current page (or the reader opens it). */
    collapsed: boolean;
    badge?: NavBadge;
}
export type NavEntry = NavGroup | NavLink;
export declare const isGroup: (entry: NavEntry) => entry is NavGroup;
/** One sidebar: shown on the pages whose route starts with `prefix` (the longest prefix wins). */
export interface Sidebar {
    prefix: string;
    entries: NavEntry[];
}
/** The folder file of generated sidebars: the group's label, place and state. */
export declare const FOLDER_FILE = "_folder.yml";
/** Every link under some entries, depth first: reading order, orphans and checks walk this. */
export declare function navLinks(entries: NavEntry[]): NavLink[];
/** The routes and URLs a configured sidebar lists (one sidebar or several by prefix), in order. */
export declare function configuredTargets(sidebar: SidebarItemConfig[] | Record<string, SidebarItemConfig[]> | undefined): string[];
/** The first link of a group: where its collapsed title leads. Found without listing the group's links (each page asks, for each group). */
export declare function firstLink(group: NavGroup): NavLink;
export declare function toBadge(badge: BadgeConfig | undefined): NavBadge | undefined;
/**
 * The sidebars of a site, each top-level group numbered in the order of all sidebars together,
 * with the problems found in folder files (reported by the checks).
 */
export declare function buildSidebars(config: ResolvedConfig, pages: PageOutline[], byRoute: Map<string, PageOutline>): {
    sidebars: Sidebar[];
    problems: BuildError[];
};
/** The group with an id ("3.1.0": `nav[3].items[1].items[0]`). */
export declare function groupAt(nav: NavEntry[], id: string): NavGroup | undefined;
/** The sidebar of a route: the one with the longest prefix it starts with. */
export declare function sidebarFor(sidebars: Sidebar[], route: string): Sidebar | undefined;
/** For each route in some entries, the ids of the groups holding it, outermost first (where it is first listed). */
export declare function groupChains(entries: NavEntry[]): Map<string, string[]>;
/**
 * What pages show of the navigation, as strings to hash or compare: `shared`, what every page shows
 * (each sidebar's top-level entries as titles and first links, or whole when always open), and
 * each top-level group whole (shown on the pages it holds). A change to `shared` changes every page.
 */
export declare function navKeys(sidebars: Sidebar[], nav: NavEntry[]): {
    shared: string;
    groups: string[];
};
