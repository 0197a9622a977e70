import { type BuildError } from '../model/errors.js';
import type { Site } from '../model/site.js';
/**
 * The site-wide checks of links, orphans, duplicate descriptions and feeds, kept between the builds
 * of one `dev` process. After a save that keeps the site's plan (the same routes, titles,
 * frontmatter and sidebars: src/pages/layout-keys.ts), only the pages whose record changed, and those
 * that link to one of them with a `#`, are looked at again; the findings are the same a full run gives.
 * A site in several versions or languages is checked whole each time (its checks run per view).
 */
export declare class SiteCheckMemo {
    private kept?;
    /** The pages changed since the last run, or undefined when everything must be looked at. */
    private changed;
    /** Brings the kept findings up to date with `site`; afterwards `links`, `orphans`... read them. */
    update(site: Site): void;
    links(): BuildError[];
    orphans(site: Site): BuildError[];
    /** Routes in the site's page order. */
    private inOrder;
    duplicates(site: Site): BuildError[];
    /** The site with only its feed pages, for `feedProblems`. */
    feedSite(site: Site): Site;
    private full;
    private apply;
    private checkLinksOf;
    private reach;
    /** Whether a route is an orphan now: a page no sidebar and no other page reaches. */
    private countOrphan;
}
