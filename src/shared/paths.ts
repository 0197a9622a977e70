/** Route and URL helpers shared by the build and the browser runtime. */

/** "a/b.md" (or .mdx) -> "/a/b/", "a/index.md" and "a/README.md" -> "/a/", "index.md" -> "/". */
export function fileToRoute(relativePath: string): string {
  const withoutExt = relativePath.replace(/\.mdx?$/i, '');
  const parts = withoutExt.split('/');
  const last = parts[parts.length - 1];
  if (last.toLowerCase() === 'index' || last.toLowerCase() === 'readme') parts.pop();
  return parts.length ? `/${parts.join('/')}/` : '/';
}

/** Joins the base ("/docs/") and a route ("/a/") into a URL path ("/docs/a/"). */
export function withBase(base: string, route: string): string {
  return base.replace(/\/$/, '') + (route.startsWith('/') ? route : `/${route}`);
}

/**
 * A path as it goes into a URL: percent-encoded where a browser would read it otherwise (a file
 * named "c#.md" is the page /c%23/, not /c with a fragment; "100%.md" is /100%25/).
 */
export function encodePath(path: string): string {
  return encodeURI(path).replace(/[#?]/g, encodeURIComponent);
}

/** The URL of a route (or of a file beside the pages) under the base: every link the build writes to its own pages. */
export function pageUrl(base: string, route: string): string {
  return encodePath(withBase(base, route));
}

/** A URL path back to the route it stands for ("/c%23/" -> "/c#/"); a malformed escape stays as it is. */
export function decodePath(pathname: string): string {
  return pathname
    .split('/')
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    })
    .join('/');
}

/** The route of a URL path under the base, or null when it is outside the base. */
export function stripBase(base: string, pathname: string): string | null {
  const b = base.replace(/\/$/, '');
  if (pathname === b) return '/';
  if (!pathname.startsWith(`${b}/`)) return null;
  return pathname.slice(b.length);
}

export function isExternal(href: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//');
}

/**
 * The routes to try for an address that is not a page, in order: itself, with a trailing slash,
 * without ".html" or "/index.html" (SPEC.md: "tries a path with a trailing slash or an .html ending").
 */
export function routeCandidates(route: string): string[] {
  const out = [route];
  if (route.endsWith('/index.html')) out.push(route.slice(0, -'index.html'.length));
  else if (route.endsWith('.html')) out.push(`${route.slice(0, -'.html'.length)}/`);
  else if (!route.endsWith('/')) out.push(`${route}/`, `${route}.html`);
  return out;
}

/** The shard of the route table a route lives in: its first path segment. */
export function routeShard(route: string): string {
  const first = route.split('/').filter(Boolean)[0] ?? '';
  return first.replace(/[^a-z0-9_-]/gi, '_') || '_root';
}
