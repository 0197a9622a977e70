import { cachePath, codeVersion, readCache, writeCache } from '../incremental/cache.js';
import type { ResolvedConfig } from '../config/schema.js';
import { BuildError, Problems } from '../model/errors.js';
import { sha1 } from '../incremental/hash.js';
import { feedPaths } from '../outputs/feed.js';
import { linkKeys, type LinkKeys } from '../incremental/record-parts.js';
import { localeSites } from '../i18n/site.js';
import { siteViews } from '../versions/views.js';
import type { Site } from '../model/site.js';
import type { PageRecord } from '../model/page.js';
import { checkOrphans, navReached, orphanProblem, pageReaches } from './orphans.js';
import { checkLinks, checkPageLinks, linkTargets, listing } from './site.js';

/**
 * The links and orphans checks of the last build, kept for the next one: on disk by `build` (`StoredLinkChecks.for`),
 * in memory by `dev`, whose one instance lives as long as its process (`new StoredLinkChecks()`); one recipe for both.
 * A page's link findings depend on its links and prev/next, the site's routes and files, and the headings of the pages
 * its `#` links point to; the orphans on which pages each page reaches. While the routes and files are the same, a page
 * whose links and targets' headings are the same keeps its findings, and its links are not read: the Markdown cache
 * keeps them packed (src/incremental/markdown-cache.ts), and at 10,000 pages reading all of them for a one-page edit
 * cost more than the rest of the checks. The findings are those a full run gives, in the same order. A site in several
 * versions or languages is checked whole each time (its orphans are found per view).
 */

/** As stored: strings and numbers only, which deserialize in a copy each (no object a page). */
interface Stored {
  /** What every page's findings depend on besides its own: the routes in order, the static and generated files. */
  site: string;
  /** Each page's key (`pageKey`), by route. */
  keys: Map<string, string>;
  /** The routes each page reaches (links and prev/next), one a line, by route. */
  reaches: Map<string, string>;
  /** The routes whose headings each page's `#` links check, one a line, by route (pages with none left out). */
  targets: Map<string, string>;
  /** How many references from pages reach each route. */
  reached: Map<string, number>;
  /** The link findings of the pages that have any, by route. */
  findings: Map<string, StoredFinding[]>;
}

type StoredFinding = ReturnType<BuildError['toJSON']>;

/** Each record's key, with the link keys it was made from: `dev`'s unchanged records are not keyed again. */
const pageKeys = new WeakMap<PageRecord, { links: LinkKeys; key: string }>();

/**
 * What a page's own findings depend on of it (its links, its file, its prev/next and their lines), then what
 * the findings of pages linking to its headings do (its headings, and its file, which their fix names): one line each.
 */
function pageKey(page: PageRecord): string {
  const keys = linkKeys(page);
  const known = pageKeys.get(page);
  if (known?.links === keys) return known.key;
  const { prev, next, hero, features, canonical, image, layout, template } = page.frontmatter;
  const lines = [page.keyLines?.prev ?? null, page.keyLines?.next ?? null];
  // The home layout's links and images, `canonical` and `image` are checked with the links (src/checks/site.ts).
  const seo = [hero, features, canonical, image, layout, template, page.keyLines];
  const own = `${keys.links}\0${page.relativePath}\0${JSON.stringify([prev ?? null, next ?? null, ...lines, ...seo])}`;
  const key = `${own}\n${keys.anchors}\0${page.relativePath}`;
  pageKeys.set(page, { links: keys, key });
  return key;
}

const linksPart = (key: string | undefined) => key?.slice(0, key.indexOf('\n'));
const anchorsPart = (key: string | undefined) => key?.slice(key.indexOf('\n') + 1);
const lines = (text: string | undefined) => (text ? text.split('\n') : []);

export class StoredLinkChecks {
  /** What the last update left: `dev`'s instance starts its next build from it instead of the file. */
  private state?: Stored;
  /** The update for the site being checked (both checks ask for it). */
  private current?: { site: Site; state: Promise<Stored> };

  /** `file`: where `build` keeps the checks between runs; none for `dev` (memory only) and `docs check`. */
  constructor(private readonly file?: string) {}

  /** The checks of a site, kept in its cache folder. */
  static for(config: Pick<ResolvedConfig, 'root'>): StoredLinkChecks {
    return new StoredLinkChecks(cachePath(config, 'link-checks.v8'));
  }

  async links(site: Site): Promise<BuildError[]> {
    if (siteViews(site.config)) return listing(checkLinks)(site);
    const { findings } = await this.update(site);
    if (!findings.size) return [];
    return site.pages.flatMap((page) => (findings.get(page.regularPath) ?? []).map(BuildError.fromJSON));
  }

  async orphans(site: Site): Promise<BuildError[]> {
    if (siteViews(site.config)) return [...localeSites(site).values()].flatMap(checkOrphans);
    const { reached } = await this.update(site);
    const fromNav = navReachedOf(site);
    return site.pages
      .filter((page) => !fromNav.has(page.regularPath) && !reached.get(page.regularPath))
      .map(orphanProblem);
  }

  /** Brings the checks up to date with `site` (once a site), and stores them for the next build. */
  private update(site: Site): Promise<Stored> {
    if (this.current?.site !== site) this.current = { site, state: this.updated(site) };
    return this.current.state;
  }

  private async updated(site: Site): Promise<Stored> {
    const salt = this.file === undefined ? '' : await codeVersion();
    const before = this.state ?? (this.file === undefined ? undefined : await readCache<Stored>(this.file, salt));
    // Given up while it is patched: a check that throws half-way leaves nothing to start from.
    this.state = undefined;
    const siteKey = siteKeyOf(site);
    const stored = before?.site === siteKey ? before : undefined;
    const state: Stored = stored ?? {
      site: siteKey,
      keys: new Map(),
      reaches: new Map(),
      targets: new Map(),
      reached: new Map(),
      findings: new Map(),
    };
    const again = stored ? changedPages(site, stored) : site.pages;
    const generated = again.length ? feedPaths(site) : new Set<string>();
    for (const page of again) recheck(site, page, generated, state);
    this.state = state;
    if (again.length && this.file !== undefined) await writeCache(this.file, salt, state);
    return state;
  }
}

/** Site keys by sidebars object: `dev`'s sites of one plan share it (src/model/site.ts withSamePlan), with their routes and files. */
const siteKeys = new WeakMap<object, { staticFiles: Set<string>; key: string }>();

/** The routes the sidebars reach, by sidebars object (one plan: `dev`'s saves that keep it find them here). */
const fromNavs = new WeakMap<object, Set<string>>();
function navReachedOf(site: Site): Set<string> {
  let reached = fromNavs.get(site.nav);
  if (!reached) fromNavs.set(site.nav, (reached = navReached(site)));
  return reached;
}

/** The routes in order, and the files a link may name. */
function siteKeyOf(site: Site): string {
  const known = siteKeys.get(site.nav);
  if (known?.staticFiles === site.staticFiles) return known.key;
  const key = sha1(
    site.pages.map((page) => page.regularPath).join('\n'),
    [...site.staticFiles].sort().join('\n'),
    [...feedPaths(site)].sort().join('\n'),
  );
  siteKeys.set(site.nav, { staticFiles: site.staticFiles, key });
  return key;
}

/**
 * The pages to check again on a site of the stored routes: those whose links changed, and those that
 * check the headings of a page whose headings changed (itself among them: a `#` link to its own heading).
 */
function changedPages(site: Site, stored: Stored): PageRecord[] {
  const again = new Set<PageRecord>();
  let checkedBy: Map<string, string[]> | undefined;
  for (const page of site.pages) {
    const route = page.regularPath;
    const key = pageKey(page);
    const before = stored.keys.get(route);
    if (key === before) continue;
    if (linksPart(key) !== linksPart(before)) again.add(page);
    if (anchorsPart(key) !== anchorsPart(before)) {
      again.add(page);
      checkedBy ??= reversed(stored.targets);
      for (const from of checkedBy.get(route) ?? []) again.add(site.byRoute.get(from)!);
    }
  }
  return site.pages.filter((page) => again.has(page));
}

/** For each route, the pages whose `#` links check its headings. */
function reversed(targets: Map<string, string>): Map<string, string[]> {
  const from = new Map<string, string[]>();
  for (const [route, list] of targets)
    for (const target of lines(list)) {
      const pages = from.get(target);
      if (pages) pages.push(route);
      else from.set(target, [route]);
    }
  return from;
}

/** Checks one page's links again, and replaces what was stored of it. */
function recheck(site: Site, page: PageRecord, generated: Set<string>, state: Stored): void {
  const route = page.regularPath;
  const problems = new Problems();
  checkPageLinks(site, page, generated, problems);
  if (problems.list.length)
    state.findings.set(
      route,
      problems.list.map((p) => p.toJSON()),
    );
  else state.findings.delete(route);
  for (const reached of lines(state.reaches.get(route))) state.reached.set(reached, state.reached.get(reached)! - 1);
  const reaches = pageReaches(page);
  for (const reached of reaches) state.reached.set(reached, (state.reached.get(reached) ?? 0) + 1);
  state.reaches.set(route, reaches.join('\n'));
  const targets = linkTargets(page);
  if (targets.length) state.targets.set(route, targets.join('\n'));
  else state.targets.delete(route);
  state.keys.set(route, pageKey(page));
}
