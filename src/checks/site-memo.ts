import { Problems, type BuildError } from '../model/errors.js';
import { feedPaths, isFeedPage } from '../outputs/feed.js';
import type { NavEntry, Site } from '../model/site.js';
import type { PageRecord } from '../model/page.js';
import { duplicateGroups, duplicateProblems } from './duplicates.js';
import { navReached, orphanProblem, pageReaches } from './orphans.js';
import { checkPageLinks, linkTargets } from './site.js';

/** What the last run found, for a site of one plan. */
interface Kept {
  /** The plan: `withSamePlan` keeps the sidebars' object while routes, titles and frontmatter stay the same. */
  nav: NavEntry[];
  staticFiles: Set<string>;
  /** The records checked, in the site's order, and each route's place in it. */
  pages: PageRecord[];
  place: Map<string, number>;
  /** The orphans' routes. */
  orphans: Set<string>;
  /** The feed files and pages: feeds are chosen by frontmatter, which the plan holds. */
  generated: Set<string>;
  feeds: string[];
  /** The link problems of each page that has any, and the pages whose anchors they depend on (reversed). */
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
 * frontmatter and sidebars: src/pages/layout-keys.ts), only the pages whose record changed, and those
 * that link to one of them with a `#`, are looked at again; the findings are the same a full run gives.
 * A site in several versions or languages is checked whole each time (its checks run per view).
 */
export class SiteCheckMemo {
  private kept?: Kept;

  /** The pages changed since the last run, or undefined when everything must be looked at. */
  private changed(site: Site): PageRecord[] | undefined {
    const kept = this.kept;
    if (!kept || kept.nav !== site.nav || kept.staticFiles !== site.staticFiles) return undefined;
    // One plan has its pages in one order: compared by place, not looked up by route.
    const { pages } = kept;
    if (site.pages.length !== pages.length) return undefined;
    const changed: PageRecord[] = [];
    for (let i = 0; i < pages.length; i++) {
      const page = site.pages[i];
      if (page === pages[i]) continue;
      if (page.regularPath !== pages[i].regularPath) return undefined;
      changed.push(page);
    }
    return changed;
  }

  /** Brings the kept findings up to date with `site`; afterwards `links`, `orphans`... read them. */
  update(site: Site): void {
    const changed = this.changed(site);
    if (!changed) this.kept = this.full(site);
    else this.apply(site, changed);
  }

  links(): BuildError[] {
    return this.inOrder(this.kept!.links.keys()).flatMap((route) => this.kept!.links.get(route)!);
  }

  orphans(site: Site): BuildError[] {
    return this.inOrder(this.kept!.orphans).map((route) => orphanProblem(site.byRoute.get(route)!));
  }

  /** Routes in the site's page order. */
  private inOrder(routes: Iterable<string>): string[] {
    const { place } = this.kept!;
    return [...routes].sort((a, b) => place.get(a)! - place.get(b)!);
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
      pages: site.pages,
      place: new Map(site.pages.map((page, i) => [page.regularPath, i])),
      orphans: new Set(),
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
    for (const page of site.pages) this.countOrphan(page.regularPath, kept);
    return kept;
  }

  private apply(site: Site, changed: PageRecord[]): void {
    const kept = this.kept!;
    const again = new Set<PageRecord>(changed);
    for (const page of changed) {
      const before = kept.pages[kept.place.get(page.regularPath)!];
      this.reach(before, kept, -1);
      this.reach(page, kept, 1);
      for (const route of linkTargets(before)) kept.linkedFrom.get(route)?.delete(before.regularPath);
      // Pages that check this one's anchors.
      for (const from of kept.linkedFrom.get(page.regularPath) ?? []) again.add(site.byRoute.get(from)!);
    }
    for (const page of again) this.checkLinksOf(site, page, kept);
    kept.pages = site.pages;
  }

  private checkLinksOf(site: Site, page: PageRecord, kept: Kept): void {
    const problems = new Problems();
    checkPageLinks(site, page, kept.generated, problems);
    // Only pages with findings are listed.
    if (problems.list.length) kept.links.set(page.regularPath, problems.list);
    else kept.links.delete(page.regularPath);
    for (const route of linkTargets(page)) {
      let from = kept.linkedFrom.get(route);
      if (!from) kept.linkedFrom.set(route, (from = new Set()));
      from.add(page.regularPath);
    }
  }

  private reach(page: PageRecord, kept: Kept, by: 1 | -1): void {
    for (const route of pageReaches(page)) {
      kept.reached.set(route, (kept.reached.get(route) ?? 0) + by);
      if (kept.pages.length) this.countOrphan(route, kept);
    }
  }

  /** Whether a route is an orphan now: a page no sidebar and no other page reaches. */
  private countOrphan(route: string, kept: Kept): void {
    const orphan = kept.place.has(route) && !kept.sidebarReached.has(route) && !kept.reached.get(route);
    if (orphan) kept.orphans.add(route);
    else kept.orphans.delete(route);
  }
}
