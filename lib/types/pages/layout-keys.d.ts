import { type Site } from '../model/site.js';
import type { PageOutline, PageSource } from '../model/page.js';
/**
 * A key per page for everything its files show besides its own record: the configuration, the
 * assets and templates, the generator's code, the group titles every sidebar shows, the links of
 * the page's own group, and its view (prev/next, edit link). Two builds that give a page the same
 * key and the same record write the same files, so the second keeps the first's.
 * Keep in step with `pageView` and the Sidebar.
 */
export declare function layoutKeys(site: Site<PageOutline>, salt: string): (page: PageOutline) => string;
/**
 * The outlines, site plan and layout keys of one `dev` process, kept between builds. An unchanged
 * page keeps its source object (src/incremental/source-memo.ts), so its outline is made once; and while every
 * outline shows what it showed before (titles, paths, frontmatter: what sidebars and prev/next are
 * made of) and no folder file changed, the sidebars are not made again and each page keeps its
 * layout key: a save that changes only a page's text costs one key, not one a page.
 */
export declare class LayoutMemo {
    private readonly outlines;
    private readonly shapes;
    private readonly dates;
    /** Every page's date by path (a removed page's stays: dates are looked up by the pages there are). */
    private readonly allDates;
    /** The last site, its outlines and static files; `plan` counts the sites of another shape made so far. */
    private last?;
    /** The last build's site of records (src/build/index.ts), given up to the next one's. */
    private lastRecords?;
    private keys?;
    outline(source: PageSource, make: (source: PageSource) => PageOutline): PageOutline;
    /**
     * When each page last changed ("Last updated"), looked up only for pages read again since the
     * last build (a page kept as it was keeps its date): `lookUp` gives the dates of the pages it is
     * given. One map, patched for those pages (the last build's site gives it up with its route map).
     */
    lastUpdated(sources: PageSource[], lookUp: (pages: PageSource[]) => Map<string, string>): Map<string, string>;
    /**
     * The site of these outlines: the last one's plan over them while it has the same shape.
     * `foldersSame`: no folder file (`_folder.yml`) or other data changed since the last build.
     */
    site(outlines: PageOutline[], staticFiles: string[], lastUpdated: Map<string, string> | undefined, foldersSame: boolean, make: () => Site<PageOutline>): Site<PageOutline>;
    /** Whether the outlines show what the last ones showed: an unchanged page's outline is the same object. */
    private sameShape;
    /**
     * The site of the records rendered from `plan`'s outlines (`withSamePlan`): the last build's
     * record site, patched where the plan is the same (the records of unchanged pages are the same objects).
     */
    recordSite<P extends PageOutline>(plan: Site<PageOutline>, pages: P[], lastUpdated: Map<string, string> | undefined): Site<P>;
    /** `layoutKeys` of the last `site`, each page's from the last build while the shape and salt are the same. */
    layoutKeys(site: Site<PageOutline>, salt: string): (page: PageOutline) => string;
    /** What of an outline other pages show (its own file's hash and key lines are not). */
    private shapeOf;
}
