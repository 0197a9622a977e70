import type { Site } from '../model/site.js';
import type { PageOutline } from '../model/page.js';
import { type ResolvedLocale } from './locales.js';
export interface LanguageLink {
    label: string;
    lang: string;
    /** The same page in that language, or the language's home when it has no such page. */
    href: string;
    current: boolean;
}
/** The parts of a page's view that come from its locale; empty for a single-language site. */
export interface LocaleView {
    languages?: LanguageLink[];
    /** Set on a page shown from the root locale's content because the locale has no translation yet. */
    fallback?: {
        language: string;
        original: string;
        lang: string;
        dir: 'ltr' | 'rtl';
    };
    /** A versioned site: the same page in each version (or that version's start), for the version menu. */
    versions?: {
        label: string;
        href: string;
        current: boolean;
    }[];
    /** A page of an older version: its version's label and the current version's page (or start). */
    oldVersion?: {
        label: string;
        href: string;
    };
}
export declare function localeView(site: Site<PageOutline>, page: PageOutline): LocaleView;
/**
 * The page in each language it is translated into, within its version (hreflang alternates, for
 * the head and the sitemap): none for a fallback page, which is the original's text, nor for a
 * page in one language.
 */
export declare function alternates(site: Site<PageOutline>, page: PageOutline): {
    lang: string;
    route: string;
}[];
/** The route of a path in a view: the page itself when the view has it, else the view's start. */
export declare function samePage(view: Pick<ResolvedLocale, 'key'>, routes: Set<string>, path: string): string;
/** The canonical route of a page: an old version's page names its current version's page (in its language) where there is one. */
export declare function canonicalRoute(site: Site<PageOutline>, page: PageOutline): string;
