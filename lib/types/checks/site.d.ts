import type { Problems } from '../model/errors.js';
import type { PageRecord } from '../model/page.js';
import { type Site } from '../model/site.js';
/**
 * The site-wide checks of links and anchors, the sidebar, frontmatter prev/next, and the redirect
 * table: in the registry (src/checks/index.ts), run after every page is parsed and before anything
 * is written. Each collects all it finds.
 */
export declare function checkLinks(site: Site, outer: Problems): void;
/**
 * One page's links and frontmatter prev/next (`generated`: the feed files, `feedPaths`). What it
 * finds depends on the page, the site's routes and files, and the anchors of the pages it links to
 * with a `#`: `linkTargets`.
 */
export declare function checkPageLinks(site: Site, page: PageRecord, generated: Set<string>, outer: Problems): void;
/** The routes whose anchors a page's links check (a link with a `#` to another page). */
export declare function linkTargets(page: PageRecord): string[];
export declare function checkSidebar(site: Site, problems: Problems): void;
/** Targets must be pages or external URLs; no loops; at most two hops from any old path. */
export declare function checkRedirects(site: Site, problems: Problems): void;
