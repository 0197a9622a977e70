/**
 * The same page in another view of the site (a language or a version): at the same path there, or, where a
 * frontmatter `slug` (src/content/slugs.ts) gave the page or its translation an address of its own, the page of
 * the same file. The language and version menus, canonical links, each language's sidebar and the redirects
 * copied into each language read it.
 */
import { slugRoutes } from '../content/slugs.js';
import type { PageOutline } from '../model/page.js';
import { fileToRoute } from '../shared/paths.js';
import { pageRoute, splitLocale, type ResolvedLocale } from './locales.js';

/** The pages of the whole site, by route, and its views. */
export interface ViewedPages {
  locales: ResolvedLocale[];
  pages: ReadonlyMap<string, PageOutline>;
}

/** The route of `page` in `view`: the page at the same path there, else the page of the same file; undefined when neither is. */
export function counterpart(
  site: ViewedPages,
  view: Pick<ResolvedLocale, 'key'>,
  page: Pick<PageOutline, 'regularPath' | 'relativePath'>,
): string | undefined {
  const samePath = pageRoute({ locale: view.key }, splitLocale(site.locales, page.regularPath).path);
  if (site.pages.has(samePath)) return samePath;
  const slugs = wholeSlugRoutes(site.pages);
  if (!slugs.size) return undefined;
  const sameFile = pageRoute({ locale: view.key }, fileToRoute(fileInView(site.locales, page.relativePath)));
  const moved = slugs.get(sameFile) ?? sameFile;
  return site.pages.has(moved) ? moved : undefined;
}

/**
 * A path of a version (a sidebar's entry, a redirect's target) in one of its languages: the page there, else
 * the translation of the version's first language's page at that path, which its `slug` may have put elsewhere;
 * undefined when the language has neither.
 */
export function pathInView(site: ViewedPages, view: ResolvedLocale, path: string): string | undefined {
  const route = pageRoute({ locale: view.key }, path);
  if (site.pages.has(route)) return route;
  const first = site.locales.find((l) => l.version === view.version);
  const original = first && first !== view ? site.pages.get(pageRoute({ locale: first.key }, path)) : undefined;
  return original && counterpart(site, view, original);
}

/** A content file's path within its view ("1.0/ar/guide/setup.md" -> "guide/setup.md"). */
const fileInView = (views: ResolvedLocale[], file: string) => splitLocale(views, file).path.replace(/^\//, '');

/** The routes a `slug` gave pages of the whole site, by their file's route: made once a site. */
function wholeSlugRoutes(pages: ReadonlyMap<string, PageOutline>): Map<string, string> {
  let found = slugsOf.get(pages);
  if (!found) slugsOf.set(pages, (found = slugRoutes(pages.values(), (p) => p.regularPath)));
  return found;
}

const slugsOf = new WeakMap<ReadonlyMap<string, PageOutline>, Map<string, string>>();
