/**
 * Where an address leads, from the sharded route table: a page (and its chunk), another site
 * (an exact redirect), or nowhere. Redirects and the address's other forms (trailing slash,
 * `.html`, `index.html`) are tried the same way on a click and on `404.html`.
 */
import type { RoutesIndexData } from '../src/shared/contract.js';
import {
  decodePath,
  isExternal,
  pageUrl,
  routeCandidates,
  routeShard,
  stripBase,
  withBase,
} from '../src/shared/paths.js';
import { base, meta } from './dom.js';

export type Target =
  | { kind: 'page'; route: string; /** URL path of the page, with the base. */ path: string; chunk: string }
  | { kind: 'external'; url: string }
  | { kind: 'missing' };

const fetched = new Map<string, Promise<unknown>>();

/** Fetches JSON once; a failed fetch is forgotten, so the next call tries again. */
function fetchJson<T>(url: string): Promise<T> {
  let promise = fetched.get(url);
  if (!promise) {
    promise = fetch(url).then((response) => {
      if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
      return response.json();
    });
    fetched.set(url, promise);
    promise.catch(() => fetched.delete(url));
  }
  return promise as Promise<T>;
}

export function routesIndex(): Promise<RoutesIndexData> {
  const url = meta('docs:routes');
  return url ? fetchJson(url) : Promise.reject(new Error('no <meta name="docs:routes"> on this page'));
}

/** Each sidebar group's HTML by group index (null for plain links). */
export async function navGroups(): Promise<(string | null)[]> {
  const index = await routesIndex();
  // A site in several languages: the groups of the locale of the page on screen.
  const locale = stripBase(base, location.pathname)?.split('/')[1] ?? '';
  return fetchJson(index.navs?.[locale] ?? index.nav);
}

/** The not-found page for an unknown address: its language's (the longest route prefix listed), else the site's. */
export async function notFoundUrl(pathname: string): Promise<string> {
  const { notFound = {} } = await routesIndex();
  const route = stripBase(base, pathname) ?? '';
  const prefix = Object.keys(notFound)
    .filter((p) => route.startsWith(p))
    .sort((a, b) => b.length - a.length)[0];
  return prefix ? notFound[prefix] : withBase(base, '/404.html');
}

async function chunkOf(route: string): Promise<string | undefined> {
  const url = (await routesIndex()).shards[routeShard(route)];
  return url ? (await fetchJson<Record<string, string>>(url))[route] : undefined;
}

/** Resolves a URL path ("/docs/a/b"). Rejects when the route table cannot be fetched. */
export async function resolvePath(pathname: string, hops = 0): Promise<Target> {
  const { redirects } = await routesIndex();
  const follow = (to: string): Promise<Target> | Target => {
    if (isExternal(to)) return { kind: 'external', url: to };
    // The build already points every redirect at its final target; the limit only guards bad data.
    return hops < 2 ? resolvePath(new URL(to, location.href).pathname, hops + 1) : { kind: 'missing' };
  };
  const exact = redirects.find((r) => r.exact && r.from === pathname);
  if (exact) return follow(exact.to);
  const route = stripBase(base, decodePath(pathname));
  if (route === null) return { kind: 'missing' };
  for (const candidate of routeCandidates(route)) {
    const chunk = await chunkOf(candidate);
    if (chunk) return { kind: 'page', route: candidate, path: pageUrl(base, candidate), chunk };
    const redirect = redirects.find((r) => !r.exact && r.from === withBase(base, candidate));
    if (redirect) return follow(redirect.to);
  }
  return { kind: 'missing' };
}
