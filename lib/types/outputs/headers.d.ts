import type { ResolvedConfig } from '../config/index.js';
import type { OutputFile } from '../model/page.js';
/** `'sha256-…'` of an inline script, as the browser computes it over the script's exact text. */
export declare function scriptHash(source: string): string;
/** What the policy reads of the configuration: the theme's banner and head tags, and the plugins' inline scripts, change it too. */
type PolicyConfig = Pick<ResolvedConfig, 'analytics'> & Partial<Pick<ResolvedConfig, 'theme' | 'plugins' | 'root' | 'configFile'>>;
/**
 * The Content-Security-Policy the site satisfies: everything from our own origin, no inline
 * script but the theme script and the project's own and the plugins' head scripts (by hash), no inline style,
 * nothing framed or embedded; the origins of the project's external head scripts and stylesheets.
 */
export declare function contentSecurityPolicy(config: PolicyConfig): string;
/** The headers every response of the site gets, whatever the host. */
export declare function securityHeaders(config: PolicyConfig): Record<string, string>;
/** Hashed file names change with their content, so a year and `immutable` is safe. */
export declare const IMMUTABLE = "public, max-age=31536000, immutable";
/** Everything else (HTML, sitemap, llms.txt) is checked with the host on every visit. */
export declare const REVALIDATE = "public, max-age=0, must-revalidate";
/**
 * `_headers` for Netlify and Cloudflare Pages. Both join the values of a header set by two
 * matching rules, so Cache-Control is set by one rule only: hashed assets get a year; every
 * other file keeps the hosts' default, which already revalidates on each request.
 */
export declare function headersFile(config: PolicyConfig & Pick<ResolvedConfig, 'base'>): OutputFile;
/** One block of a `_headers` file: a URL path pattern and the headers of the paths it matches. */
export interface HeaderRule {
    pattern: string;
    headers: [name: string, value: string][];
}
/**
 * Reads a `_headers` file the way Netlify and Cloudflare Pages do: a line that starts in the
 * first column is a URL path pattern, the indented `Name: value` lines under it its headers,
 * `#` lines are comments.
 */
export declare function parseHeadersFile(text: string): HeaderRule[];
/**
 * The headers of a URL path: those of every rule whose pattern matches it (`*` matches any
 * characters, `:name` one path segment); a header set by two rules gets both values joined with
 * ", ", as both hosts do.
 */
export declare function headersFor(rules: HeaderRule[], urlPath: string): Record<string, string>;
export {};
