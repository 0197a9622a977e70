import { BuildError } from '../model/errors.js';
import type { Site } from '../model/site.js';
import type { OutputFile, PageOutline } from '../model/page.js';
export declare const isFeedPage: (page: PageOutline) => boolean;
/** The feed's URL path (with the base) for a feed page, or undefined for any other page. */
export declare function feedHref(page: PageOutline): string | undefined;
/** Where each feed is written, relative to the output folder ("changelog/feed.xml"): pages may link to it. */
export declare function feedPaths(site: Site): Set<string>;
/** Every `##` heading of a feed page must be an ISO date, the dates newest first: file:line otherwise. */
export declare function feedProblems(site: Site): BuildError[];
/** One Atom document per feed page, at `<route>feed.xml`. */
export declare function feedFiles(site: Site): OutputFile[];
