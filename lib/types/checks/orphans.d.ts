import { BuildError } from '../model/errors.js';
import { type Site } from '../model/site.js';
import type { PageRecord } from '../model/page.js';
/**
 * A page that is neither in the sidebar nor linked from another page can only be found by
 * search: usually a page someone forgot to wire in. The home page is exempt (the site title
 * links to it), and so is a language's or version's home (its title links there).
 */
export declare function checkOrphans(site: Site): BuildError[];
/** The routes every page of the site reaches: the homes and the sidebars' links. */
export declare function navReached(site: Site): Set<string>;
/** The other pages one page leads to: its links and its frontmatter prev/next. */
export declare function pageReaches(page: PageRecord): string[];
export declare function orphanProblem(page: PageRecord): BuildError;
