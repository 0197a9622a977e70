/** What a page of a site in several languages shows of the others: its language menu, its alternates, its fallback notice. */
import { pageUrl } from '../shared/paths.js';
import type { Site } from '../site.js';
import type { PageOutline } from '../types.js';
import { fallbackOf, pageRoute, splitLocale, type ResolvedLocale } from './locales.js';

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
  fallback?: { language: string; original: string; lang: string; dir: 'ltr' | 'rtl' };
  /** A versioned site: the same page in each version (or that version's start), for the version menu. */
  versions?: { label: string; href: string; current: boolean }[];
  /** A page of an older version: its version's label and the current version's page (or start). */
  oldVersion?: { label: string; href: string };
}

export function localeView(site: Site<PageOutline>, page: PageOutline): LocaleView {
  const context = site.i18n;
  if (!context) return {};
  const { locales, locale, routes } = context;
  const { path } = splitLocale(locales, page.regularPath);
  if (locale.version) return versionView(site, locale, locales, routes, path);
  const languages = locales.map((l) => {
    const route = pageRoute({ locale: l.key }, path);
    return {
      label: l.label,
      lang: l.lang,
      href: pageUrl(site.config.base, routes.has(route) ? route : pageRoute({ locale: l.key }, '/')),
      current: l === locale,
    };
  });
  const root = locales[0];
  return {
    languages,
    ...(fallbackOf(page)
      ? { fallback: { language: locale.label, original: root.label, lang: root.lang, dir: root.dir } }
      : {}),
  };
}

/**
 * The page in each language it is translated into (hreflang alternates, for the head and the
 * sitemap): none for a fallback page, which is the original's text, nor for a page in one language.
 */
export function alternates(site: Site<PageOutline>, page: PageOutline): { lang: string; route: string }[] {
  const context = site.i18n;
  if (!context || fallbackOf(page) || context.locale.version) return [];
  const whole = context.pages;
  const { path } = splitLocale(context.locales, page.regularPath);
  const found = context.locales.flatMap((l) => {
    const other = whole.get(pageRoute({ locale: l.key }, path));
    return other && !fallbackOf(other) ? [{ lang: l.lang, route: other.regularPath }] : [];
  });
  return found.length > 1 ? found : [];
}

/** The version menu of a page (each version keeps the reader on the page when it has it), and an old version's banner. */
function versionView(
  site: Site<PageOutline>,
  version: ResolvedLocale,
  versions: ResolvedLocale[],
  routes: Set<string>,
  path: string,
): LocaleView {
  const href = (v: ResolvedLocale) => pageUrl(site.config.base, samePage(v, routes, path));
  const current = versions[0];
  return {
    versions: versions.map((v) => ({ label: v.label, href: href(v), current: v === version })),
    ...(version.version!.kind === 'older' ? { oldVersion: { label: version.label, href: href(current) } } : {}),
  };
}

/** The route of a path in a version: the page itself when the version has it, else the version's start. */
export function samePage(version: Pick<ResolvedLocale, 'key'>, routes: Set<string>, path: string): string {
  const route = pageRoute({ locale: version.key }, path);
  return routes.has(route) ? route : pageRoute({ locale: version.key }, '/');
}

/** The canonical route of a page: an old version's page names its current version's page where there is one. */
export function canonicalRoute(site: Site<PageOutline>, page: PageOutline): string {
  const context = site.i18n;
  if (context?.locale.version?.kind !== 'older') return page.regularPath;
  const { path } = splitLocale(context.locales, page.regularPath);
  return context.routes.has(path) ? path : page.regularPath;
}
