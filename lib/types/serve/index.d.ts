import { type IncomingMessage, type Server, type ServerResponse } from 'node:http';
export interface ServeOptions {
    /** The built site: the content of `base` on the host. */
    dir: string;
    base: string;
    /** Called for each request before static files (the dev server's event stream and overlay). */
    intercept?: (req: IncomingMessage, res: ServerResponse, url: URL) => boolean | Promise<boolean>;
    /** Rewrites HTML before it is sent (the dev server injects its reload client). */
    transformHtml?: (html: string) => string;
    /** Send the headers the site's `_headers` file sets (CSP, caching...), as Netlify and Cloudflare Pages do. @default true */
    siteHeaders?: boolean;
}
type Resolved = {
    kind: 'file';
    file: string;
} | {
    kind: 'redirect';
    location: string;
} | {
    kind: 'missing';
};
/**
 * Resolves a URL path the way a plain static host does: `/x` -> `/x/` when x is a folder,
 * `/x/` -> `x/index.html`, `//x` -> `/x`. Never leaves `dir`: `..`, encoded slashes, NUL and
 * symlinks (of files, folders, and folders on the way) are refused, and so are the host's own
 * files (`_headers`, `_redirects`, `nginx-*.conf`). A redirect's Location is always a path on
 * this origin (one leading slash).
 */
export declare function resolveRequest(dir: string, base: string, rawPath: string): Promise<Resolved>;
/** The base a built site was made for, from its `404.html` (`<meta name="docs:base">`). */
export declare function builtBase(dir: string): Promise<string | undefined>;
/** The Content-Type of a file, from the maintained MIME table; text is UTF-8. */
export declare function contentType(file: string): string;
/** A static file server for the built site: `serve` and the dev server use it. */
export declare function createStaticServer(options: ServeOptions): Server;
/** Starts listening; a taken port or an address this machine does not have is a usage error, not a stack trace. */
export declare function listen(server: Server, port: number, host?: string): Promise<number>;
export {};
