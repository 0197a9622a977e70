import { type NavEntry } from '../model/nav.js';
import type { Header, PageOutline, PageRecord } from '../model/page.js';
import { type BannerProps, type FooterProps, type LogoView, type SocialLinkView } from './parts.js';
import { type LocaleView } from './locale.js';
/** Everything a page's layout shows, resolved by the render stage (of an outline: what the layout shows around the page). */
export interface PageView<P extends PageOutline = PageRecord> extends LocaleView {
    siteTitle: string;
    homeHref: string;
    base: string;
    page: P;
    /** The entries of the sidebar this page shows (chosen by its route). */
    nav: NavEntry[];
    /** The path prefix of that sidebar ("/" for the whole site). */
    sidebar: string;
    /** Index of the top-level group holding this page (in every sidebar's entries together); -1 for none. */
    group: number;
    /** Ids of the groups holding this page, outermost first: open on it. */
    open: string[];
    /** The top navigation links, the current one marked. */
    topNav: TopNavLink[];
    prev?: {
        title: string;
        href: string;
    };
    next?: {
        title: string;
        href: string;
    };
    editHref?: string;
    editText?: string;
    markdownHref: string;
    /** ISO date of the page's last commit ("Last updated"), when shown, and the site's language to write it in. */
    lastUpdated?: string;
    lang: string;
}
/** A link of the top navigation as the layout shows it. */
export interface TopNavLink {
    text: string;
    href: string;
    external: boolean;
    /** URL path prefix of its section ("/docs/api/"): the runtime marks the link on pages under it. */
    match?: string;
    /** "page" on the page it links to, "true" on a page of its section. */
    current?: 'page' | 'true';
}
/** The site-wide parts of the theme in the page shell (src/render/theme.tsx). */
export interface ShellTheme {
    banner?: BannerProps;
    logo?: LogoView;
    social: SocialLinkView[];
    footer: FooterProps;
}
export declare function TopBar({ siteTitle, homeHref, logo, social, topNav, }: {
    siteTitle: string;
    homeHref: string;
    logo?: LogoView;
    social?: SocialLinkView[];
    topNav?: TopNavLink[];
}): import("react").JSX.Element;
/** What the sidebar shows: a page's sidebar, or one group of it (expanded by the runtime). */
export interface SidebarProps {
    /** The entries of the sidebar: links and groups, nested to any depth. */
    nav: NavEntry[];
    /** Ids of the groups to show open besides those not `collapsed`: the groups holding the current page. */
    open: string[];
    /** Route of the current page: its links are marked. */
    current?: string;
    /** The path prefix of this sidebar ("/" for the whole site). */
    prefix?: string;
    /** The top navigation links, repeated at the top of the drawer (shown on phones only). */
    topNav?: TopNavLink[];
}
export declare function Sidebar({ nav, open, current, prefix, topNav }: SidebarProps): import("react").JSX.Element;
export declare function Toc({ headers }: {
    headers: Header[];
}): import("react").JSX.Element | null;
export declare function PageContent({ view }: {
    view: PageView;
}): import("react").JSX.Element;
export declare function NotFound({ homeHref }: {
    homeHref: string;
}): import("react").JSX.Element;
/** The page body: the same for every page, with regions the browser runtime swaps on navigation. */
export declare function Body({ siteTitle, homeHref, regions, wide, theme, topNav, }: {
    siteTitle: string;
    homeHref: string;
    regions: {
        sidebar: string;
        content: string;
        toc: string;
    };
    wide?: boolean;
    theme?: ShellTheme;
    topNav?: TopNavLink[];
}): import("react").JSX.Element;
