/**
 * Routes, URL paths and output file names, shared by the build and the browser runtime: every
 * form of a route (slash, `index.html`), the base path and the chunk file name are made here.
 */
/** "a/b.md" (or .mdx) -> "/a/b/", "a/index.md" and "a/README.md" -> "/a/", "index.md" -> "/". */
export declare function fileToRoute(relativePath: string): string;
/** A route in its slash form, the one pages and redirects are keyed by: "/a" -> "/a/". */
export declare function withSlash(path: string): string;
/** A path without its trailing slash: "/docs/" -> "/docs", "/" -> "". */
export declare function withoutSlash(path: string): string;
/** The file a route's page is written to, under the output folder: "/a/" -> "a/index.html", "/" -> "index.html". */
export declare function routeFile(route: string): string;
/**
 * Joins the base ("/docs/") and a route or an output file ("/a/", "assets/x.css") into a URL path
 * ("/docs/a/", "/docs/assets/x.css"): every URL the build writes to its own files goes through here.
 */
export declare function withBase(base: string, route: string): string;
/** The file of a page's chunk (the runtime's data for a page), by its key and its content hash. */
export declare function chunkFile(key: string, hash: string): string;
/** The key of a chunk from its URL (the inverse of chunkFile): "/docs/assets/js/v-1a2b3c4d.Hash1234.js" -> "v-1a2b3c4d". */
export declare function chunkIdOf(url: string): string;
/**
 * A path as it goes into a URL: percent-encoded where a browser would read it otherwise (a file
 * named "c#.md" is the page /c%23/, not /c with a fragment; "100%.md" is /100%25/).
 */
export declare function encodePath(path: string): string;
/** The URL of a route (or of a file beside the pages) under the base: every link the build writes to its own pages. */
export declare function pageUrl(base: string, route: string): string;
/** A URL path back to the route it stands for ("/c%23/" -> "/c#/"); a malformed escape stays as it is. */
export declare function decodePath(pathname: string): string;
/** The route of a URL path under the base, or null when it is outside the base. */
export declare function stripBase(base: string, pathname: string): string | null;
export declare function isExternal(href: string): boolean;
/**
 * The routes to try for an address that is not a page, in order: itself, with a trailing slash,
 * without ".html" or "/index.html" (the router tries a path with a trailing slash, then with an .html ending).
 */
export declare function routeCandidates(route: string): string[];
/** The shard of the route table a route lives in: its first path segment. */
export declare function routeShard(route: string): string;
