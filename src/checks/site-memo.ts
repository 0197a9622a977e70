import { Problems, type BuildError } from '../errors.js';
import { feedPaths, isFeedPage } from '../outputs/feed.js';
import type { NavEntry, Site } from '../site.js';
import type { PageRecord } from '../types.js';
import { duplicateGroups, duplicateProblems } from './duplicates.js';
import { navReached, orphanProblem, pageReaches } from './orphans.js';
import { checkPageLinks, linkTargets } from './site.js';

/** What the last run found, for a site of one plan. */
interface Kept {
  /** The plan: `withSamePlan` keeps the sidebars' object while routes, titles and frontmatter stay the same. */
  nav: NavEntry[];
  staticFiles: Set<string>;
  /** The records checked, by route. */
  records: Map<string, PageRecord>;
  /** The feed files and pages: feeds are chosen by frontmatter, which the plan holds. */
  generated: Set<string>;
  feeds: string[];
  /** Each page's link problems, and the pages whose anchors they depend on (reversed). */
  links: Map<string, BuildError[]>;
  linkedFrom: Map<string, Set<string>>;
  /** How many references from other pages reach each route (links, prev/next). */
  reached: Map<string, number>;
  /** Routes every page reaches (the sidebars, the homes). */
  sidebarReached: Set<string>;
  /** Sets of routes sharing a description: descriptions are frontmatter, which the plan holds. */
  duplicates: string[][];
}

/**
 * The site-wide checks of links, orphans, duplicate descriptions and feeds, kept between the builds
 * of one `dev` process. After a save that keeps the site's plan (the same routes, titles,
 * frontmatter and sidebars: src/layout-keys.ts), only the pages whose record changed, and those
 * that link to one of them with a `#`, are looked at again; the findings are the same a full run gives.
 * A site in several versions or languages is checked whole each time (its checks run per view).
 */
export class SiteCheckMemo {
  private kept?: Kept;

  /** The pages changed since the last run, or undefined when everything must be looked at. */
  private changed(site: Site): PageRecord[] | undefined {
    const kept = this.kept;
    if (!kept || kept.nav !== site.nav || kept.staticFiles !== site.staticFiles) return undefined;
    if (site.pages.length !== kept.records.size) return undefined;
    const changed: PageRecord[] = [];
    for (const page of site.pages) {
      const before = kept.records.get(page.regularPath);
      if (!before) return undefined;
      if (before !== page) changed.push(page);
    }
    return changed;
  }

  /** Brings the kept findings up to date with `site`; afterwards `links`, `orphans`... read them. */
  update(site: Site): void {
    const changed = this.changed(site);
    if (!changed) this.kept = this.full(site);
    else this.apply(site, changed);
  }

  links(site: Site): BuildError[] {
    return site.pages.flatMap((page) => this.kept!.links.get(page.regularPath)!);
  }

  orphans(site: Site): BuildError[] {
    const { reached, sidebarReached } = this.kept!;
    return site.pages
      .filter((page) => !sidebarReached.has(page.regularPath) && !reached.get(page.regularPath))
      .map(orphanProblem);
  }

  duplicates(site: Site): BuildError[] {
    return duplicateProblems(this.kept!.duplicates.map((group) => group.map((route) => site.byRoute.get(route)!)));
  }

  /** The site with only its feed pages, for `feedProblems`. */
  feedSite(site: Site): Site {
    return { ...site, pages: this.kept!.feeds.map((route) => site.byRoute.get(route)!) };
  }

  private full(site: Site): Kept {
    const kept: Kept = {
      nav: site.nav,
      staticFiles: site.staticFiles,
      records: new Map(site.pages.map((page) => [page.regularPath, page])),
      generated: feedPaths(site),
      feeds: site.pages.filter(isFeedPage).map((page) => page.regularPath),
      links: new Map(),
      linkedFrom: new Map(),
      reached: new Map(),
      sidebarReached: navReached(site),
      duplicates: duplicateGroups(site.pages).map((group) => group.map((page) => page.regularPath)),
    };
    for (const page of site.pages) {
      this.checkLinksOf(site, page, kept);
      this.reach(page, kept, 1);
    }
    return kept;
  }

  private apply(site: Site, changed: PageRecord[]): void {
    const kept = this.kept!;
    const again = new Set<PageRecord>(changed);
    for (const page of changed) {
      const before = kept.records.get(page.regularPath)!;
      this.reach(before, kept, -1);
      this.reach(page, kept, 1);
      for (const route of linkTargets(before)) kept.linkedFrom.get(route)?.delete(before.regularPath);
      kept.records.set(page.regularPath, page);
      // Pages that check this one's anchors.
      for (const from of kept.linkedFrom.get(page.regularPath) ?? []) again.add(site.byRoute.get(from)!);
    }
    for (const page of again) this.checkLinksOf(site, page, kept);
  }

  private checkLinksOf(site: Site, page: PageRecord, kept: Kept): void {
    const problems = new Problems();
    checkPageLinks(site, page, kept.generated, problems);
    kept.links.set(page.regularPath, problems.list);
    for (const route of linkTargets(page)) {
      let from = kept.linkedFrom.get(route);
      if (!from) kept.linkedFrom.set(route, (from = new Set()));
      from.add(page.regularPath);
    }
  }

  private reach(page: PageRecord, kept: Kept, by: 1 | -1): void {
    for (const route of pageReaches(page)) kept.reached.set(route, (kept.reached.get(route) ?? 0) + by);
  }
}
