/**
 * A versioned site is rendered the way a site in several languages is (src/i18n/site.ts): one site
 * per version, keyed by its route segment, with its own sidebar, search index and sidebar groups.
 * Each version is given to that machinery as a view shaped like a locale, in the site's language.
 */
import type { ResolvedConfig } from '../config.js';
import type { ResolvedLocale } from '../i18n/locales.js';
import { stringsFor } from '../i18n/strings.js';

const views = new WeakMap<object, ResolvedLocale[]>();

/** The sites a site is rendered as: its locales, or its versions; undefined for a site of one language and version. */
export function siteViews(config: Pick<ResolvedConfig, 'locales' | 'versions' | 'lang'>): ResolvedLocale[] | undefined {
  if (config.locales || !config.versions) return config.locales;
  let found = views.get(config.versions);
  if (!found) {
    const strings = stringsFor(config.lang);
    found = config.versions.map((version) => ({
      key: version.key,
      lang: config.lang,
      label: version.label,
      dir: 'ltr',
      strings,
      sidebarLabels: {},
      version,
    }));
    views.set(config.versions, found);
  }
  return found;
}
