import { BuildError } from '../model/errors.js';
import type { Site } from '../model/site.js';
import type { PageRecord } from '../model/page.js';
/**
 * Two pages with the same description look the same in search results and link previews: each
 * page says what it alone covers. Every page of a duplicate set is reported, naming the others.
 */
export declare function checkDuplicateDescriptions(site: Site): BuildError[];
/** The sets of pages (two or more) that share a description. */
export declare function duplicateGroups(pages: PageRecord[]): PageRecord[][];
export declare function duplicateProblems(groups: PageRecord[][]): BuildError[];
