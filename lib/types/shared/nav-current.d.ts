/**
 * When a top navigation link is the current one, for the build and the browser runtime alike:
 * "page" on the page it links to, "true" on any page under its `match` prefix (its section).
 * `pathname`, `href` and `match` are URL paths with the base ("/docs/api/").
 */
export declare function topNavCurrent(pathname: string, href: string, match?: string): 'page' | 'true' | undefined;
