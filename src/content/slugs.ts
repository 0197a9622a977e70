/**
 * Docusaurus's frontmatter `slug`: the address a page is published at, in place of its file's path.
 * `slug: /my/path` counts from the root of the page's version and locale, `slug: other-name` from its
 * file's folder. Links to the file (`[x](../guide/page.md)`) go to that address: the Markdown stage
 * reads the site's slugs from each source (`linkRoutes`), whose digest is part of its cache key.
 */
import path from 'node:path';
import type { Problems } from '../model/errors.js';
import type { PageSource } from '../model/page.js';
import { sha1 } from '../incremental/hash.js';
import { fileToRoute } from '../shared/paths.js';
import { pageRoute, splitLocale, type ResolvedLocale } from '../i18n/locales.js';
import { frontmatterLine } from './frontmatter.js';
import { RESERVED_VERSION_NAMES } from '../versions/config.js';

/** What a path's segments may hold: letters, digits, marks and `-._~` (no spaces, `?`, `#`, `%`, `:`). */
const SEGMENT = /^[\p{L}\p{N}\p{M}\-._~]+$/u;

const SLUG_FIX =
  'write a path of this site: `slug: /my/path` (from the root of the version and language) or `slug: other-name` (beside the file), with letters, digits and `-._~`';

/** Why a slug cannot be an address of the site, or undefined when it can. */
function slugProblem(slug: unknown): string | undefined {
  if (typeof slug !== 'string') return `frontmatter "slug" must be text, not ${slug === null ? 'null' : typeof slug}`;
  if (/^[a-z][a-z0-9+.-]*:/i.test(slug) || slug.startsWith('//'))
    return `frontmatter "slug" is a URL (${slug}): it must be a path of this site`;
  const segments = slug.replace(/^\/|\/$/g, '').split('/');
  if (slug.replace(/\//g, '') === '') return slug === '/' ? undefined : 'frontmatter "slug" is empty';
  if (segments.some((s) => s === '..' || s === '.'))
    return `frontmatter "slug" has a "${segments.find((s) => s === '..' || s === '.')}" segment (${slug}): a slug names an address, it does not move out of a folder`;
  const bad = segments.find((s) => !SEGMENT.test(s));
  if (bad !== undefined)
    return bad === ''
      ? `frontmatter "slug" has an empty segment (${slug})`
      : `frontmatter "slug" has characters a path does not hold: "${bad}"`;
  return undefined;
}

/**
 * The route a page's `slug` gives it, within the view (version and locale) its file is in; undefined for a page
 * without one, or whose slug is wrong (reported to `problems`, at the frontmatter line: the page stays at its file's path).
 */
export function slugRoute(
  source: Pick<PageSource, 'relativePath' | 'frontmatter' | 'keyLines'>,
  views: ResolvedLocale[] | undefined,
  problems: Pick<Problems, 'add'>,
): string | undefined {
  if (!('slug' in source.frontmatter)) return undefined;
  const slug = source.frontmatter.slug;
  const problem = slugProblem(slug);
  if (problem) {
    problems.add(problem, { file: source.relativePath, line: frontmatterLine(source, 'slug') }, SLUG_FIX);
    return undefined;
  }
  const { locale: view, path: within } = views
    ? splitLocale(views, source.relativePath)
    : { locale: { key: '' }, path: source.relativePath };
  const inner = within.replace(/^\//, ''); // "guide/b.md", of "de/guide/b.md" too
  const text = (slug as string).replace(/\/+$/, '');
  const address = text.startsWith('/') ? text : path.posix.join('/', path.posix.dirname(inner), text);
  const first = address.split('/')[1]?.toLowerCase();
  if (first && RESERVED_VERSION_NAMES.includes(first)) {
    problems.add(
      `frontmatter "slug" (${slug as string}) puts the page at "${first}", a name the site's own files use (its assets, search index, sitemap, ...)`,
      { file: source.relativePath, line: frontmatterLine(source, 'slug') },
      `give the page another address: it cannot start with ${RESERVED_VERSION_NAMES.slice(0, 5).join(', ')}, ...`,
    );
    return undefined;
  }
  const route = pageRoute({ locale: view.key }, `${address.replace(/\/+$/, '')}/`);
  // "/de/x" on a root-language page would be an address of the German pages (or of version "de").
  const lands = views && splitLocale(views, route).locale;
  if (lands && lands.key !== view.key) {
    problems.add(
      `frontmatter "slug" (${slug as string}) gives the page the address ${route}, among the pages of ${lands.key ? `"${lands.key}"` : 'the default version and language'}`,
      { file: source.relativePath, line: frontmatterLine(source, 'slug') },
      `a slug counts from the root of its page's version and language${view.key ? ` (here /${view.key}/)` : ''}: leave that prefix out`,
    );
    return undefined;
  }
  return route;
}

/**
 * The pages routed by their `slug` (copies of those `sources` that have one, with their route; the same copy
 * build after build, so what `dev` keeps by source finds them), or `sources` itself when no page has one.
 */
export function routeBySlugs(
  sources: PageSource[],
  views: ResolvedLocale[] | undefined,
  problems: Pick<Problems, 'add'>,
): PageSource[] {
  if (!sources.some((s) => 'slug' in s.frontmatter)) return sources;
  return sources.map((source) => {
    const route = slugRoute(source, views, problems);
    if (route === undefined) return source;
    const known = routed.get(source);
    if (known?.route === route) return known;
    const copy = { ...source, route };
    routed.set(source, copy);
    originals.set(copy, source);
    return copy;
  });
}

const routed = new WeakMap<PageSource, PageSource>();
const originals = new WeakMap<PageSource, PageSource>();

/** The source as read, before `routeBySlugs` gave it its slug's route: what `dev` remembers of the file. */
export const asRead = (source: PageSource): PageSource => originals.get(source) ?? source;

/**
 * Where links to a page's file go, for the pages whose `slug` moved them: their route by their file's route
 * ("/1.0/guide/b/" -> "/1.0/b-moved/"). Made from sources (`route`) or outlines (`regularPath`).
 */
export function slugRoutes<P extends { relativePath: string; frontmatter: object }>(
  pages: Iterable<P>,
  routeOf: (page: P) => string,
): Map<string, string> {
  const out = new Map<string, string>();
  for (const page of pages) {
    if (!('slug' in page.frontmatter)) continue;
    const from = fileToRoute(page.relativePath);
    const to = routeOf(page);
    if (to !== from) out.set(from, to);
  }
  return out;
}

/**
 * Each source with the site's slugs for its links (`linkRoutes`), when a page has moved by its `slug`: copies,
 * the same while the slugs are (a page's Markdown cache key and `dev`'s records by source follow them).
 * `sources` itself when none has.
 */
export function withLinkRoutes(sources: PageSource[]): PageSource[] {
  const routes = slugRoutes(sources, (s) => s.route);
  if (!routes.size) return sources;
  const entries = [...routes].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const linkRoutes = { key: sha1(JSON.stringify(entries)), routes: Object.fromEntries(entries) };
  return sources.map((source) => {
    const known = linked.get(source);
    if (known?.linkRoutes?.key === linkRoutes.key) return known;
    const copy = { ...source, linkRoutes };
    linked.set(source, copy);
    return copy;
  });
}

const linked = new WeakMap<PageSource, PageSource>();
