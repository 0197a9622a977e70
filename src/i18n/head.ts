/** Head tags of a page in a language: its alternates for search engines, and what the browser runtime needs of its locale. */
import { escapeHtml } from '../render/head.js';
import { absolute } from '../model/site.js';
import { pageUrl, withBase } from '../shared/paths.js';
import { CLIENT_STRINGS, type ClientStringKey } from '../shared/ui-strings.js';
import type { Site } from '../model/site.js';
import type { PageOutline } from '../model/page.js';
import { localeOf } from './site.js';
import type { ResolvedLocale } from './locales.js';
import { alternates } from './view.js';

const stringsTags = new WeakMap<ResolvedLocale, string>();

/** The locale's strings the browser runtime needs: only those that differ from its English (an English page carries none). */
function stringsTag(locale: ResolvedLocale): string {
  let tag = stringsTags.get(locale);
  if (tag === undefined) {
    const strings = Object.fromEntries(
      (Object.keys(CLIENT_STRINGS) as ClientStringKey[])
        .filter((k) => locale.strings[k] !== CLIENT_STRINGS[k])
        .map((k) => [k, locale.strings[k]]),
    );
    tag = Object.keys(strings).length
      ? `<meta name="docs:strings" content="${escapeHtml(JSON.stringify(strings))}">`
      : '';
    stringsTags.set(locale, tag);
  }
  return tag;
}

/** Where a locale's search index lives: the root's at the base, the others' under their prefix. */
export function searchManifestPath(localeKey: string): string {
  return localeKey ? `${localeKey}/search.json` : 'search.json';
}

export function localeHeadTags(site: Site<PageOutline>, page: PageOutline | undefined): string {
  const locale = localeOf(site);
  const tags: string[] = [];
  const others = page ? alternates(site, page) : [];
  for (const { lang, route } of others)
    tags.push(
      `<link rel="alternate" hreflang="${escapeHtml(lang)}" href="${escapeHtml(absolute(site, pageUrl(site.config.base, route)))}">`,
    );
  if (others.length)
    tags.push(
      `<link rel="alternate" hreflang="x-default" href="${escapeHtml(absolute(site, pageUrl(site.config.base, others[0].route)))}">`,
    );
  const strings = stringsTag(locale);
  if (strings) tags.push(strings);
  if (locale.key)
    tags.push(
      `<meta name="docs:search" content="${escapeHtml(withBase(site.config.base, searchManifestPath(locale.key)))}">`,
    );
  return tags.join('\n');
}
