import type { LocaleView } from '../i18n/view.js';
export type { LocaleView };
/** The same page in the site's other languages (a site in one language has no menu). */
export declare function LanguageMenu({ view }: {
    view: LocaleView;
}): import("react").JSX.Element | null;
/** Says that the page is the original's text, not yet translated. */
export declare function FallbackNotice({ view }: {
    view: LocaleView;
}): import("react").JSX.Element | null;
/** The same page in each version of a versioned site (styled as the language menu); a full load, for the version's search index. */
export declare function VersionMenu({ view }: {
    view: LocaleView;
}): import("react").JSX.Element | null;
/** On a page of an older version: which version it is, and the page in the current version. */
export declare function OldVersionBanner({ view }: {
    view: LocaleView;
}): import("react").JSX.Element | null;
