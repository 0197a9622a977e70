/**
 * Locales: the configuration's `locales`, which locale a route or a content file belongs to, the
 * one function that makes a page's route from its locale (and, later, its version), and the
 * fallback pages a locale gets for the pages it has not translated yet.
 */
import { z } from 'zod';
import { isExternal } from '../shared/paths.js';
import type { PageSource } from '../model/page.js';
import type { ResolvedVersion } from '../versions/config.js';
import { STRING_KEYS, stringsFor, type Strings } from './strings.js';

/** Folder names and URL segments of the non-root locales: "de", "zh-cn", "pt-br". */
const LOCALE_KEY = /^[a-z]{2,3}(-[a-z0-9]{2,8})*$/;

/** A BCP 47 language tag ("en-US", "de", "zh-Hans"), as `Intl` accepts one: it names the built-in strings and sorts search text. */
export const languageTag = z.string().refine(
  (tag) => {
    try {
      return Intl.getCanonicalLocales(tag).length === 1;
    } catch {
      return false;
    }
  },
  { message: 'not a language tag: write a BCP 47 tag such as "en-US", "de" or "pt-BR"' },
);

const localeSchema = z.strictObject({
  /** The language's own name, shown in the language menu ("Deutsch"). */
  label: z.string().min(1),
  /** BCP 47 tag for `<html lang>`, hreflang and the built-in strings. @default the locale's key ("de"); the root's: `lang` */
  lang: languageTag.optional(),
  /** Writing direction. @default "ltr" */
  dir: z.enum(['ltr', 'rtl']).optional(),
  /** The project's own interface strings (keys as in src/i18n/strings.ts), over the built-in ones. */
  strings: z.partialRecord(z.enum(STRING_KEYS as [string, ...string[]]), z.string()).optional(),
  /** The sidebar's group and link texts in this language, by their text in the root locale ({ Guide: "Anleitung" }). */
  sidebarLabels: z.record(z.string(), z.string()).optional(),
});

/** `locales` of docs.config.ts: `root` is the default locale (content/ itself), each other key a folder content/<key>/. */
export const localesSchema = z
  .record(z.string(), localeSchema)
  .superRefine((locales, ctx) => {
    if (!('root' in locales))
      ctx.addIssue({
        code: 'custom',
        message: 'needs a "root" locale: the default language, whose pages are content/ itself',
      });
    for (const key of Object.keys(locales)) {
      if (key !== 'root' && !LOCALE_KEY.test(key))
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `"${key}" is not a locale key: use "root" or a lower-case language tag, the name of its folder under content/ ("de", "zh-cn")`,
        });
    }
  })
  .optional();

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
export const localeKeyOf = (view: Pick<ResolvedLocale, 'key' | 'localeKey'>): string => view.localeKey ?? view.key;

/** The locales of a configuration, the root first; undefined for a single-language site. */
export function resolveLocales(locales: LocalesConfig, lang: string): ResolvedLocale[] | undefined {
  if (!locales) return undefined;
  return Object.entries(locales)
    .map(([key, l]) => {
      const own = key === 'root' ? '' : key;
      const tag = l.lang ?? (own || lang);
      return {
        key: own,
        lang: tag,
        label: l.label,
        dir: l.dir ?? 'ltr',
        strings: stringsFor(tag, l.strings),
        sidebarLabels: l.sidebarLabels ?? {},
      };
    })
    .sort((a, b) => (a.key === '' ? -1 : b.key === '' ? 1 : 0));
}

const singleLocales = new Map<string, ResolvedLocale>();

/** The only locale of a single-language site: its `lang`, its strings (made once a language: a page asks several times). */
export function singleLocale(lang: string): ResolvedLocale {
  let locale = singleLocales.get(lang);
  if (!locale)
    singleLocales.set(
      lang,
      (locale = { key: '', lang, label: lang, dir: 'ltr', strings: stringsFor(lang), sidebarLabels: {} }),
    );
  return locale;
}

export const isLocaleKey = (key: string) => LOCALE_KEY.test(key);

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
export function pageRoute({ locale = '', version = '' }: RouteParts, path: string): string {
  const prefix = [version, locale].filter(Boolean).join('/');
  return prefix ? `/${prefix}${path}` : path;
}

/**
 * The locale (or view: src/versions/views.ts) of a route or of a content file ("de/guide.md",
 * "1.0/de/guide.md"), and the path within it: the view with the longest key the route starts with.
 */
export function splitLocale(locales: ResolvedLocale[], route: string): { locale: ResolvedLocale; path: string } {
  const slash = route.startsWith('/') ? 1 : 0;
  const rest = route.slice(slash);
  let own = locales[0];
  for (const l of locales)
    if (l.key.length > own.key.length && (rest === l.key || rest.startsWith(`${l.key}/`))) own = l;
  if (!own.key) return { locale: own, path: route };
  return { locale: own, path: route.slice(own.key.length + slash) || '/' };
}

/** A page's frontmatter key that marks it as a fallback, naming the original's source file. */
export const FALLBACK_OF = 'fallbackOf';

export const fallbackOf = (page: { frontmatter: Record<string, unknown> }): string | undefined =>
  page.frontmatter[FALLBACK_OF] as string | undefined;

/**
 * The pages each locale lacks, made from the root locale's (of the same version, on a versioned
 * site): the same Markdown at the locale's route, as if it were the file content/<locale>/<path>
 * (so its relative links stay in the locale), marked in its frontmatter so the layout shows the notice.
 * `views`: the locales, or each locale of each version (src/versions/views.ts).
 */
export function fallbackSources(sources: PageSource[], views: ResolvedLocale[]): PageSource[] {
  const routes = new Set(sources.map((s) => s.route));
  // A translation whose `slug` differs from its original's (src/content/slugs.ts) is found by its file.
  const files = new Set(sources.map((s) => s.relativePath));
  const out: PageSource[] = [];
  const byView = new Map<ResolvedLocale, PageSource[]>();
  for (const s of sources) {
    const view = splitLocale(views, s.route).locale;
    if (localeKeyOf(view) !== '') continue;
    const list = byView.get(view);
    if (list) list.push(s);
    else byView.set(view, [s]);
  }
  for (const view of views) {
    if (localeKeyOf(view) === '') continue;
    const root = views.find((v) => v.version === view.version && localeKeyOf(v) === '')!;
    for (const source of byView.get(root) ?? []) {
      const inner = splitLocale(views, source.route).path;
      const route = pageRoute({ locale: view.key }, inner);
      const file = root.key ? source.relativePath.slice(root.key.length + 1) : source.relativePath;
      if (routes.has(route) || files.has(`${view.key}/${file}`)) continue;
      out.push({
        ...source,
        relativePath: `${view.key}/${file}`,
        route,
        frontmatter: { ...source.frontmatter, [FALLBACK_OF]: source.relativePath },
      });
    }
  }
  return out;
}

/** For the build's report: each locale's untranslated pages (root-locale source files), none for a complete locale. */
export function missingTranslations(sources: PageSource[], views: ResolvedLocale[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const source of sources) {
    const original = fallbackOf(source);
    if (!original) continue;
    const key = localeKeyOf(splitLocale(views, source.route).locale);
    (out[key] ??= []).push(original);
  }
  return out;
}

/**
 * The redirect table in every locale (and version): each internal redirect also from and to the
 * paths under each view's prefix. `views`: the locales, or each locale of each version, whose
 * table `own` gives (an old version may have pinned its own).
 */
export function localizedRedirects<R extends { from: string; to: string }, V extends Pick<ResolvedLocale, 'key'>>(
  redirects: R[],
  views: V[] | undefined,
  own: (view: V) => R[] = () => redirects,
): R[] {
  if (!views) return redirects;
  return views.flatMap((v) =>
    own(v).map((r) =>
      v.key
        ? {
            ...r,
            from: pageRoute({ locale: v.key }, r.from),
            to: isExternal(r.to) ? r.to : pageRoute({ locale: v.key }, r.to),
          }
        : r,
    ),
  );
}

/**
 * Drops the problems found in fallback pages: each is the original page's, which reports it
 * under its own file (a fallback's file, content/<locale>/..., does not exist).
 */
export function dropFallbackProblems(
  problems: { list: { place: { file: string } }[]; warnings: { place: { file: string } }[] },
  sources: PageSource[],
): void {
  const fallbacks = new Set(sources.filter((s) => fallbackOf(s)).map((s) => s.relativePath));
  if (!fallbacks.size) return;
  for (const list of [problems.list, problems.warnings]) {
    const kept = list.filter((p) => !fallbacks.has(p.place.file));
    list.splice(0, list.length, ...kept);
  }
}

/** The build's report of untranslated pages: a line per locale, information rather than a failure. */
export function formatMissingTranslations(missing: Record<string, string[]>, locales: ResolvedLocale[]): string[] {
  return locales.slice(1).map((l) => {
    const list = missing[l.key] ?? [];
    if (!list.length) return `translations: ${l.key} (${l.lang}) is complete`;
    const shown = list.slice(0, 10).join(', ') + (list.length > 10 ? `, and ${list.length - 10} more` : '');
    return `translations: ${l.key} (${l.lang}) lacks ${list.length} page${list.length === 1 ? '' : 's'}, shown from the original: ${shown}`;
  });
}
