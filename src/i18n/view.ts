/** What a page of a site in several languages shows of the others: its language menu, its alternates, its fallback notice. */
import { pageUrl } from '../shared/paths.js';
import { counterpart } from './counterparts.js';
import type { Site } from '../model/site.js';
import type { PageOutline } from '../model/page.js';
import { versionLabel } from '../versions/views.js';
import { fallbackOf, localeKeyOf, pageRoute, splitLocale, type ResolvedLocale } from './locales.js';

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
  const { locales, locale } = context;
  const href = (v: ResolvedLocale) =>
    pageUrl(site.config.base, counterpart(context, v, page) ?? pageRoute({ locale: v.key }, '/'));
  // The language menu lists this version's locales; the version menu this locale's versions.
  const languages = locales.filter((l) => l.version === locale.version);
  const root = languages[0];
  return {
    ...(languages.length > 1
      ? { languages: languages.map((l) => ({ label: l.label, lang: l.lang, href: href(l), current: l === locale })) }
      : {}),
    ...(fallbackOf(page)
      ? { fallback: { language: locale.label, original: root.label, lang: root.lang, dir: root.dir } }
      : {}),
    ...(locale.version ? versionView(locale, locales, href) : {}),
  };
}

/** The views of a site in the same locale as `view`, one a version (the current first). */
const versionsOf = (views: ResolvedLocale[], view: ResolvedLocale) =>
  views.filter((v) => localeKeyOf(v) === localeKeyOf(view));

/**
 * The page in each language it is translated into, within its version (hreflang alternates, for
 * the head and the sitemap): none for a fallback page, which is the original's text, nor for a
 * page in one language.
 */
export function alternates(site: Site<PageOutline>, page: PageOutline): { lang: string; route: string }[] {
  const context = site.i18n;
  if (!context || fallbackOf(page)) return [];
  const whole = context.pages;
  const found = context.locales
    .filter((l) => l.version === context.locale.version)
    .flatMap((l) => {
      const route = counterpart(context, l, page);
      const other = route === undefined ? undefined : whole.get(route);
      return other && !fallbackOf(other) ? [{ lang: l.lang, route: other.regularPath }] : [];
    });
  return found.length > 1 ? found : [];
}

/** The version menu of a page (each version keeps the reader on the page, in its language, when it has it), and an old version's banner. */
function versionView(view: ResolvedLocale, views: ResolvedLocale[], href: (v: ResolvedLocale) => string): LocaleView {
  const versions = versionsOf(views, view);
  return {
    versions: versions.map((v) => ({
      label: versionLabel(v.version!, view.strings),
      href: href(v),
      current: v === view,
    })),
    ...(view.version!.kind === 'older'
      ? { oldVersion: { label: versionLabel(view.version!, view.strings), href: href(versions[0]) } }
      : {}),
  };
}

/** The canonical route of a page: an old version's page names its current version's page (in its language) where there is one. */
export function canonicalRoute(site: Site<PageOutline>, page: PageOutline): string {
  const context = site.i18n;
  if (context?.locale.version?.kind !== 'older') return page.regularPath;
  return counterpart(context, versionsOf(context.locales, context.locale)[0], page) ?? page.regularPath;
}
