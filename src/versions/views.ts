/**
 * A versioned site is rendered the way a site in several languages is (src/i18n/site.ts): one site
 * per view, keyed by its route prefix, with its own sidebar, search index and sidebar groups. A
 * view is a version, a locale, or both: a site with versions and locales has one view per version
 * and locale ("1.0/de"), the version outside, since a snapshot holds every locale's folder
 * (versions/1.0/content/de/ is served at /docs/1.0/de/).
 */
import type { ResolvedConfig } from '../config/schema.js';
import { pageRoute, type ResolvedLocale } from '../i18n/locales.js';
import { stringsFor, type Strings } from '../i18n/strings.js';
import type { ResolvedVersion } from './config.js';

const views = new WeakMap<object, ResolvedLocale[]>();

/** The sites a site is rendered as: its locales, its versions, or each locale of each version; undefined for a site of one language and version. */
export function siteViews(config: Pick<ResolvedConfig, 'locales' | 'versions' | 'lang'>): ResolvedLocale[] | undefined {
  if (!config.versions) return config.locales;
  let found = views.get(config.versions);
  if (!found) {
    const locales = config.locales ?? [
      {
        key: '',
        lang: config.lang,
        label: config.lang,
        dir: 'ltr' as const,
        strings: stringsFor(config.lang),
        sidebarLabels: {},
      },
    ];
    found = config.versions.flatMap((version) =>
      locales.map((locale) => ({
        ...locale,
        key: pageRoute({ version: version.key, locale: locale.key }, '').replace(/^\//, ''),
        label: config.locales ? locale.label : versionLabel(version, locale.strings),
        localeKey: locale.key,
        version,
      })),
    );
    views.set(config.versions, found);
  }
  return found;
}

/** A version's name in the menu and the banner, in a language: an unreleased version's default label is translated. */
export const versionLabel = (version: ResolvedVersion, strings: Strings): string =>
  version.defaultLabel ? strings['version.next'] : version.label;
