/**
 * Routes, URL paths and output file names, shared by the build and the browser runtime: every
 * form of a route (slash, `index.html`), the base path and the chunk file name are made here.
 */

/** "a/b.md" (or .mdx) -> "/a/b/", "a/index.md" and "a/README.md" -> "/a/", "index.md" -> "/". */
export function fileToRoute(relativePath: string): string {
  const withoutExt = relativePath.replace(/\.mdx?$/i, '');
  const parts = withoutExt.split('/');
  const last = parts[parts.length - 1];
  if (last.toLowerCase() === 'index' || last.toLowerCase() === 'readme') parts.pop();
  return parts.length ? `/${parts.join('/')}/` : '/';
}

/** A route in its slash form, the one pages and redirects are keyed by: "/a" -> "/a/". */
export function withSlash(path: string): string {
  return path.endsWith('/') ? path : `${path}/`;
}

/** A path without its trailing slash: "/docs/" -> "/docs", "/" -> "". */
export function withoutSlash(path: string): string {
  return path.replace(/\/$/, '');
}

/** The file a route's page is written to, under the output folder: "/a/" -> "a/index.html", "/" -> "index.html". */
export function routeFile(route: string): string {
  return `${withSlash(route).slice(1)}index.html`;
}

/**
 * Joins the base ("/docs/") and a route or an output file ("/a/", "assets/x.css") into a URL path
 * ("/docs/a/", "/docs/assets/x.css"): every URL the build writes to its own files goes through here.
 */
export function withBase(base: string, route: string): string {
  return withoutSlash(base) + (route.startsWith('/') ? route : `/${route}`);
}

/** The file of a page's chunk (the runtime's data for a page), by its key and its content hash. */
export function chunkFile(key: string, hash: string): string {
  return `assets/js/${key}.${hash}.js`;
}

/** The key of a chunk from its URL (the inverse of chunkFile): "/docs/assets/js/v-1a2b3c4d.Hash1234.js" -> "v-1a2b3c4d". */
export function chunkIdOf(url: string): string {
  return (url.split('/').pop() ?? '').split('.')[0];
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
  const b = withoutSlash(base);
  if (pathname === b) return '/';
  if (!pathname.startsWith(`${b}/`)) return null;
  return pathname.slice(b.length);
}

export function isExternal(href: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//');
}

/**
 * The routes to try for an address that is not a page, in order: itself, with a trailing slash,
 * without ".html" or "/index.html" (the router tries a path with a trailing slash, then with an .html ending).
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

/**
 * Why a path given for an output file would not land inside the output folder (absolute, or
 * climbing out with ".."), or null when it stays in. Plugins' outputs are checked with it where
 * each plugin can be named (src/plugins/index.ts); the writer checks every file again.
 */
export function outputPathProblem(file: string): string | null {
  if (/^(?:[/\\]|[a-z]:[/\\])/i.test(file)) return 'is not a path relative to the output folder';
  if (file.split(/[/\\]/).includes('..')) return 'climbs out of the output folder ("..")';
  return null;
}

/**
 * Why a redirect's target cannot be one (a redirect page navigates there by script), or null: it
 * must be a path of the site ("/guide/", not "//host") or an http(s) URL, never `javascript:` and
 * the like, and hold no whitespace, quote or angle bracket.
 */
export function redirectTargetProblem(to: string): string | null {
  if (/^\/(?![/\\])[^\s"'<>`]*$/.test(to) || /^https?:\/\/[^\s"'<>`/\\][^\s"'<>`]*$/i.test(to)) return null;
  return 'is neither a path of the site (such as "/guide/") nor an http:// or https:// URL';
}
