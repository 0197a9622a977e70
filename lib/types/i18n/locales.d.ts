/**
 * Locales: the configuration's `locales`, which locale a route or a content file belongs to, the
 * one function that makes a page's route from its locale (and, later, its version), and the
 * fallback pages a locale gets for the pages it has not translated yet.
 */
import { z } from 'zod';
import type { PageSource } from '../model/page.js';
import type { ResolvedVersion } from '../versions/config.js';
import { type Strings } from './strings.js';
/** `locales` of docs.config.ts: `root` is the default locale (content/ itself), each other key a folder content/<key>/. */
export declare const localesSchema: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodObject<{
    label: z.ZodString;
    lang: z.ZodOptional<z.ZodString>;
    dir: z.ZodOptional<z.ZodEnum<{
        ltr: "ltr";
        rtl: "rtl";
    }>>;
    strings: z.ZodOptional<z.ZodRecord<z.ZodEnum<{
        [x: string]: string;
    }> & z.core.$partial, z.ZodString>>;
    sidebarLabels: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodString>>;
}, z.core.$strict>>>;
export type LocalesConfig = z.infer<typeof localesSchema>;
export interface ResolvedLocale {
    /** "" for the root locale, else its folder and URL segment ("de"). */
    key: string;
    lang: string;
    label: string;
    dir: 'ltr' | 'rtl';
    strings: Strings;
    sidebarLabels: Record<string, string>;
    /** Set on the views of a versioned site (src/versions/views.ts): each version is rendered as a site of its own, like a locale. */
    version?: ResolvedVersion;
    /** A view of a versioned site: its locale's own key ("de" in the view "1.0/de"), "" for the root locale. */
    localeKey?: string;
}
/** The locale part of a view's key: the key itself on a site without versions. */
export declare const localeKeyOf: (view: Pick<ResolvedLocale, 'key' | 'localeKey'>) => string;
/** The locales of a configuration, the root first; undefined for a single-language site. */
export declare function resolveLocales(locales: LocalesConfig, lang: string): ResolvedLocale[] | undefined;
/** The only locale of a single-language site: its `lang`, its strings. */
export declare function singleLocale(lang: string): ResolvedLocale;
export declare const isLocaleKey: (key: string) => boolean;
/** Where a page lives besides its path: each part is left out of the route when it is the default. */
export interface RouteParts {
    /** Locale key, "" for the root locale. */
    locale?: string;
    /** Version name, "" or absent for the current version. */
    version?: string;
}
/**
 * The one function that makes a page's route: "/<version>/<locale>/<path>", each prefix left out
 * for the current version and the root locale ("/de/guide/", "/1.0/de/guide/", "/guide/").
 */
export declare function pageRoute({ locale, version }: RouteParts, path: string): string;
/**
 * The locale (or view: src/versions/views.ts) of a route or of a content file ("de/guide.md",
 * "1.0/de/guide.md"), and the path within it: the view with the longest key the route starts with.
 */
export declare function splitLocale(locales: ResolvedLocale[], route: string): {
    locale: ResolvedLocale;
    path: string;
};
/** A page's frontmatter key that marks it as a fallback, naming the original's source file. */
export declare const FALLBACK_OF = "fallbackOf";
export declare const fallbackOf: (page: {
    frontmatter: Record<string, unknown>;
}) => string | undefined;
/**
 * The pages each locale lacks, made from the root locale's (of the same version, on a versioned
 * site): the same Markdown at the locale's route, as if it were the file content/<locale>/<path>
 * (so its relative links stay in the locale), marked in its frontmatter so the layout shows the notice.
 * `views`: the locales, or each locale of each version (src/versions/views.ts).
 */
export declare function fallbackSources(sources: PageSource[], views: ResolvedLocale[]): PageSource[];
/** For the build's report: each locale's untranslated pages (root-locale source files), none for a complete locale. */
export declare function missingTranslations(sources: PageSource[], views: ResolvedLocale[]): Record<string, string[]>;
/**
 * The redirect table in every locale (and version): each internal redirect also from and to the
 * paths under each view's prefix. `views`: the locales, or each locale of each version, whose
 * table `own` gives (an old version may have pinned its own).
 */
export declare function localizedRedirects<R extends {
    from: string;
    to: string;
}, V extends Pick<ResolvedLocale, 'key'>>(redirects: R[], views: V[] | undefined, own?: (view: V) => R[]): R[];
/**
 * Drops the problems found in fallback pages: each is the original page's, which reports it
 * under its own file (a fallback's file, content/<locale>/..., does not exist).
 */
export declare function dropFallbackProblems(problems: {
    list: {
        place: {
            file: string;
        };
    }[];
    warnings: {
        place: {
            file: string;
        };
    }[];
}, sources: PageSource[]): void;
/** The build's report of untranslated pages: a line per locale, information rather than a failure. */
export declare function formatMissingTranslations(missing: Record<string, string[]>, locales: ResolvedLocale[]): string[];
