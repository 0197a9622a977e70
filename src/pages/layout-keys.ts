import { sha1 } from '../incremental/hash.js';
import type { ResolvedConfig } from '../config/schema.js';
import { pageView } from '../render/index.js';
import { localeSites, siteOf } from '../i18n/site.js';
import { siteViews } from '../versions/views.js';
import { navKeys } from '../model/nav.js';
import { patchedPlan, withSamePlan, type Site } from '../model/site.js';
import type { PageOutline, PageSource } from '../model/page.js';
import type { KeysByRoute } from '../incremental/layout-keys-store.js';

/**
 * A key per page for everything its files show besides its own record: the configuration, the
 * assets and templates, the generator's code, the group titles every sidebar shows, the links of
 * the page's own group, and its view (prev/next, edit link). Two builds that give a page the same
 * key and the same record write the same files, so the second keeps the first's.
 * Keep in step with `pageView` and the Sidebar.
 */
export function layoutKeys(site: Site<PageOutline>, salt: string): (page: PageOutline) => string {
  // A site in several languages: each page is laid out in its locale's site.
  if (siteViews(site.config)) {
    const keys = new Map([...localeSites(site).values()].map((view) => [view, layoutKeys(view, salt)]));
    return (page) => keys.get(siteOf(site, page.regularPath))!(page);
  }
  const { nav, groups } = siteKeys(site, salt);
  // The view's `open` and `sidebar` name the groups open and the sidebar shown.
  return (page) => {
    const { page: _page, nav: _nav, group, ...view } = pageView(site, page);
    return sha1(nav, String(group), groups[group] ?? '', JSON.stringify(view));
  };
}

/**
 * What every page's key starts from: the configuration, and the sidebars' titles and links. Kept by
 * sidebars object and salt: `dev`'s sites of one plan share it (src/model/site.ts withSamePlan), and on a
 * large site it costs more than the page it is asked for.
 */
const siteKeyMemo = new WeakMap<object, { salt: string; config: object; nav: string; groups: string[] }>();

function siteKeys(site: Site<PageOutline>, salt: string): { nav: string; groups: string[] } {
  const known = siteKeyMemo.get(site.nav);
  if (known?.salt === salt && known.config === site.config) return known;
  // MDX components change only the pages that use them: their Markdown cache keys hold the components' code.
  // The theme (src/theme/config.ts) stays in: its layout overrides' bundled code re-renders every page when it changes.
  // Plugins are code: what they add to a layout is in the assets (src/plugins/assets.ts), the users' Markdown plugins in the records.
  const {
    sidebar: _sidebar,
    redirects: _redirects,
    mdx: _mdx,
    plugins: _plugins,
    markdown,
    ...config
  } = site.config as ResolvedConfig & Record<string, unknown>;
  const { remarkPlugins: _remark, rehypePlugins: _rehype, ...markdownOptions } = markdown;
  const base = sha1(salt, JSON.stringify({ ...config, markdown: markdownOptions }));
  // Every page shows each group's title (linking to its first page) and the top-level links.
  const keys = navKeys(site.sidebars, site.nav);
  const nav = sha1(base, keys.shared);
  const groups = keys.groups.map((g) => (g ? sha1(g) : ''));
  const made = { salt, config: site.config, nav, groups };
  siteKeyMemo.set(site.nav, made);
  return made;
}

let keysMade = 0;

/** Layout keys made in this process so far, by every memo (tests: what an edit's build laid out). */
export function layoutKeysMade(): number {
  return keysMade;
}

/**
 * The outlines, site plan, layout and render keys of one process, kept between its builds (`build` opens an empty
 * one a build: each method then makes what it is asked for, the cold path). An unchanged page keeps its source
 * object (src/incremental/source-cache.ts, held in memory by `dev`), so its outline is made once; and while every
 * outline shows what it showed before (titles, paths, frontmatter: what sidebars and prev/next are
 * made of) and no folder file changed, the sidebars are not made again and each page keeps its
 * layout key: a save that changes only a page's text costs one key, not one a page.
 */
export class LayoutMemo {
  private readonly outlines = new WeakMap<PageSource, PageOutline>();
  /** Render keys by page source: an unchanged page's key is not hashed again. */
  private readonly renderKeys = new WeakMap<PageSource, { record: string; layout: string; key: string }>();
  private readonly shapes = new WeakMap<PageOutline, string>();
  private readonly dates = new WeakMap<PageSource, string | null>();
  /** Every page's date by path (a removed page's stays: dates are looked up by the pages there are). */
  private readonly allDates = new Map<string, string>();
  /** The last site, its outlines and static files; `plan` counts the sites of another shape made so far. */
  private last?: { plan: number; site: Site<PageOutline>; outlines: PageOutline[]; staticFiles: string[] };
  /** The last build's site of records (src/build/stages/checks.ts), given up to the next one's. */
  private lastRecords?: Site<PageOutline>;
  private keys?: { salt: string; plan: number; byRoute: KeysByRoute };
  /** Layout keys made by this memo (not taken from an earlier build's). */
  made = 0;

  outline(source: PageSource, make: (source: PageSource) => PageOutline): PageOutline {
    let outline = this.outlines.get(source);
    if (!outline) this.outlines.set(source, (outline = make(source)));
    return outline;
  }

  /**
   * When each page last changed ("Last updated"), looked up only for pages read again since the
   * last build (a page kept as it was keeps its date): `lookUp` gives the dates of the pages it is
   * given. One map, patched for those pages (the last build's site gives it up with its route map).
   */
  lastUpdated(sources: PageSource[], lookUp: (pages: PageSource[]) => Map<string, string>): Map<string, string> {
    const fresh = sources.filter((source) => !this.dates.has(source));
    const found = fresh.length ? lookUp(fresh) : undefined;
    for (const source of fresh) {
      const date = found!.get(source.relativePath);
      this.dates.set(source, date ?? null);
      if (date === undefined) this.allDates.delete(source.relativePath);
      else this.allDates.set(source.relativePath, date);
    }
    return this.allDates;
  }

  /**
   * The site of these outlines: the last one's plan over them while it has the same shape.
   * `foldersSame`: no folder file (`_folder.yml`) or other data changed since the last build.
   */
  site(
    outlines: PageOutline[],
    staticFiles: string[],
    lastUpdated: Map<string, string> | undefined,
    foldersSame: boolean,
    make: () => Site<PageOutline>,
  ): Site<PageOutline> {
    const last = this.last;
    const same = foldersSame && last !== undefined && this.sameShape(last, outlines, staticFiles);
    // The last site is not used after this build: its maps are patched for this one.
    const site = same
      ? (patchedPlan(last.site, last.site, outlines, lastUpdated) ?? withSamePlan(last.site, outlines, lastUpdated))
      : make();
    if (!same) this.keys = undefined; // a folder file changes what every page shows
    this.last = { plan: (last?.plan ?? 0) + (same ? 0 : 1), site, outlines, staticFiles };
    return site;
  }

  /** Whether the outlines show what the last ones showed: an unchanged page's outline is the same object. */
  private sameShape(
    last: { outlines: PageOutline[]; staticFiles: string[] },
    outlines: PageOutline[],
    staticFiles: string[],
  ) {
    if (outlines.length !== last.outlines.length || staticFiles.length !== last.staticFiles.length) return false;
    if (staticFiles.some((file, i) => file !== last.staticFiles[i])) return false;
    return outlines.every(
      (page, i) => page === last.outlines[i] || this.shapeOf(page) === this.shapeOf(last.outlines[i]),
    );
  }

  /**
   * The site of the records rendered from `plan`'s outlines (`withSamePlan`): the last build's
   * record site, patched where the plan is the same (the records of unchanged pages are the same objects).
   */
  recordSite<P extends PageOutline>(
    plan: Site<PageOutline>,
    pages: P[],
    lastUpdated: Map<string, string> | undefined,
  ): Site<P> {
    const last = this.lastRecords as Site<P> | undefined;
    const site = (last && patchedPlan(plan, last, pages, lastUpdated)) ?? withSamePlan(plan, pages, lastUpdated);
    this.lastRecords = site;
    return site;
  }

  /**
   * What every page's layout key is made from besides its own view and date, as one digest: the salt (generator,
   * assets, templates), the configuration and sidebars (`siteKeys`), and every outline as other pages show it. Two
   * sites of one plan give each page of the same date the same key (src/incremental/layout-keys-store.ts). None
   * for a site in several languages, whose pages are laid out in their locale's site.
   */
  plan(site: Site<PageOutline>, salt: string): string | undefined {
    if (siteViews(site.config)) return undefined;
    const { nav, groups } = siteKeys(site, salt);
    return sha1(salt, nav, ...groups, ...site.pages.map((page) => this.shapeOf(page)));
  }

  /**
   * `layoutKeys` of the last `site`, each page's from the last build while the shape and salt are the same, or
   * from `stored` (an earlier process's keys of the same `plan`).
   */
  layoutKeys(site: Site<PageOutline>, salt: string, stored?: KeysByRoute): (page: PageOutline) => string {
    const plan = this.last?.site === site ? this.last.plan : 0;
    const same = plan && this.keys?.salt === salt && this.keys.plan === plan;
    const byRoute = same ? this.keys!.byRoute : new Map(stored);
    this.keys = { salt, plan, byRoute };
    let fresh: ((page: PageOutline) => string) | undefined;
    return (page) => {
      // A page shows its own "Last updated" date: its key alone follows it.
      const date = site.lastUpdated?.get(page.relativePath);
      const known = byRoute.get(page.regularPath);
      if (known && known.date === date) return known.key;
      fresh ??= layoutKeys(site, salt);
      const key = fresh(page);
      this.made++;
      keysMade++;
      byRoute.set(page.regularPath, { date, key });
      return key;
    };
  }

  /** Each page's layout key asked since the last `layoutKeys`, by route (kept for the next process). */
  keysByRoute(): KeysByRoute | undefined {
    return this.keys?.byRoute;
  }

  /** A page's render key: its record's key (the Markdown cache's) with its layout key. */
  renderKey(source: PageSource, record: string, layout: string): string {
    const known = this.renderKeys.get(source);
    if (known?.record === record && known.layout === layout) return known.key;
    const key = sha1(record, layout);
    this.renderKeys.set(source, { record, layout, key });
    return key;
  }

  /** What of an outline other pages show (its own file's hash and key lines are not). */
  private shapeOf(page: PageOutline): string {
    let shape = this.shapes.get(page);
    if (shape === undefined) {
      const { hash: _hash, keyLines: _keyLines, ...shown } = page;
      this.shapes.set(page, (shape = JSON.stringify(shown)));
    }
    return shape;
  }
}
