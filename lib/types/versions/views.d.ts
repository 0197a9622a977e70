/**
 * A versioned site is rendered the way a site in several languages is (src/i18n/site.ts): one site
 * per view, keyed by its route prefix, with its own sidebar, search index and sidebar groups. A
 * view is a version, a locale, or both: a site with versions and locales has one view per version
 * and locale ("1.0/de"), the version outside, since a snapshot holds every locale's folder
 * (versions/1.0/content/de/ is served at /docs/1.0/de/).
 */
import type { ResolvedConfig } from '../config/index.js';
import { type ResolvedLocale } from '../i18n/locales.js';
import { type Strings } from '../i18n/strings.js';
import type { ResolvedVersion } from './config.js';
/** The sites a site is rendered as: its locales, its versions, or each locale of each version; undefined for a site of one language and version. */
export declare function siteViews(config: Pick<ResolvedConfig, 'locales' | 'versions' | 'lang'>): ResolvedLocale[] | undefined;
/** A version's name in the menu and the banner, in a language: an unreleased version's default label is translated. */
export declare const versionLabel: (version: ResolvedVersion, strings: Strings) => string;
