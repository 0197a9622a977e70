import { FEATURES, THEME_SCRIPT } from '../assets.js';
import { hashed, ROUTES_INDEX, type RoutesIndex } from '../output.js';
import type { Renderer } from '../render/index.js';
import { routeShard } from '../shared/paths.js';
import { navKeys } from '../nav.js';
import { groupOf, prevNext, type Site } from '../site.js';
import type { Feature, OutputFile, PageRecord } from '../types.js';
import type { RenderModules } from './render-modules.js';

/**
 * Pages are rendered with these in place of the asset and route-table URLs, and the server puts
 * the current URLs in when it sends a page (`fillDevTokens`). So a new stylesheet or route table
 * does not make every page render again, and what the browser gets is what `build` writes.
 */
export const DEV_TOKENS = { css: '__docs_dev_css__', js: '__docs_dev_js__', routes: '__docs_dev_routes__', redirect: '__docs_dev_redirect__' } as const;
/** Feature stylesheets (math, diagrams, images) stand in pages as tokens too. */
const FEATURE_TOKENS = Object.fromEntries(FEATURES.map((f) => [f, `__docs_dev_feature_${f}__`])) as Record<Feature, string>;

export interface DevUrls {
  css: string;
  js: string;
  routes: string;
  redirect: string;
  features: Partial<Record<Feature, string>>;
}

export function fillDevTokens(html: string, urls: DevUrls): string {
  let out = html.replaceAll(DEV_TOKENS.css, urls.css).replaceAll(DEV_TOKENS.js, urls.js).replaceAll(DEV_TOKENS.routes, urls.routes).replaceAll(DEV_TOKENS.redirect, urls.redirect);
  for (const feature of FEATURES) if (out.includes(FEATURE_TOKENS[feature])) out = out.replaceAll(FEATURE_TOKENS[feature], urls.features[feature] ?? '');
  return out;
}

/** What one emit changed in the output. */
export interface EmitResult {
  writes: OutputFile[];
  removes: string[];
  /** Routes whose page was rendered again. */
  rendered: string[];
  /** The route table's URL. */
  routesUrl: string;
}

interface PageEntry {
  page: PageRecord;
  /** What else the page was rendered from: see `inputs`. */
  inputs: string;
  /** What the page view reads of the site: see `readsSame`. */
  reads: Reads;
  chunkPath: string;
  docPath: string;
  /** The route-table shard that lists the page. */
  shard: string;
}

/**
 * Keeps the site's pages rendered, and on each emit renders again only the pages whose inputs
 * changed: its own record, or what its layout shows of other pages (the sidebar group it opens,
 * the group titles, prev/next). The files that list every page (route shards, route table, nav
 * groups, 404, redirect stubs) are rebuilt from what is kept, and written only when they change.
 */
export class IncrementalEmitter {
  private readonly pages = new Map<string, PageEntry>();
  private docPaths = new Set<string>();
  /** Rendered parts of the site-wide files, with the key of what they were rendered from. */
  private navGroups = { key: '', file: { path: '', contents: '' } };
  private notFound = { key: '', html: '' };
  /** The site-wide files last written, by path, to write only what changed. */
  private siteFiles = new Map<string, string>();
  /** Each shard's file, made again only when one of its pages changed. */
  private shardFiles = new Map<string, { path: string; contents: string }>();
  /** The nav as last seen, with a version that changes when it does (pages compare versions, not the nav). */
  private nav = { key: '', version: 0 };
  private groups: { key: string; version: number }[] = [];

  constructor(private readonly modules: RenderModules) {}

  emit(site: Site): EmitResult {
    const { config } = site;
    const renderer = new this.modules.Renderer(site, { css: DEV_TOKENS.css, js: DEV_TOKENS.js, themeScript: THEME_SCRIPT, redirectScript: DEV_TOKENS.redirect, features: FEATURE_TOKENS });
    const writes: OutputFile[] = [];
    const removes: string[] = [];
    const rendered: string[] = [];
    // Every page shows the group titles and top-level links; a page shows its own group's links.
    const keys = navKeys(site.sidebars, site.nav);
    if (keys.shared !== this.nav.key) this.nav = { key: keys.shared, version: this.nav.version + 1 };
    this.groups = keys.groups.map((key, i) => {
      const before = this.groups[i];
      return before && before.key === key ? before : { key, version: (before?.version ?? 0) + 1 };
    });

    const live = new Set<string>();
    const dirtyShards = new Set<string>();
    let cameOrWent = false;
    for (const page of site.pages) {
      live.add(page.key);
      const before = this.pages.get(page.key);
      const reads = this.reads(site, page);
      if (before && before.page === page && readsSame(before.reads, reads)) continue;
      const inputs = this.inputs(site, page);
      if (before && before.page === page && before.inputs === inputs) {
        before.reads = reads;
        continue;
      }
      const { entry, files } = this.renderPage(renderer, page, inputs, reads);
      writes.push(...files);
      if (before && before.chunkPath !== entry.chunkPath) removes.push(before.chunkPath);
      if (before && before.docPath !== entry.docPath) removes.push(before.docPath);
      this.pages.set(page.key, entry);
      rendered.push(page.regularPath);
      if (!before) cameOrWent = true;
      if (before?.chunkPath !== entry.chunkPath) dirtyShards.add(entry.shard);
    }
    for (const [key, entry] of this.pages) {
      if (live.has(key)) continue;
      removes.push(entry.chunkPath, entry.docPath);
      this.pages.delete(key);
      dirtyShards.add(entry.shard);
      cameOrWent = true;
    }
    if (cameOrWent) this.docPaths = new Set([...this.pages.values()].map((e) => e.docPath));

    const next = new Map<string, string>();
    // Route shards (route -> chunk URL, in page order), made again only where a chunk changed.
    const tables = new Map<string, Record<string, string>>();
    for (const page of site.pages) {
      const entry = this.pages.get(page.key)!;
      if (!dirtyShards.has(entry.shard)) continue;
      const table = tables.get(entry.shard) ?? {};
      table[page.regularPath] = `${config.base}${entry.chunkPath}`;
      tables.set(entry.shard, table);
    }
    for (const shard of dirtyShards) {
      const table = tables.get(shard);
      if (table) this.shardFiles.set(shard, hashed('assets/routes/', shard, 'json', JSON.stringify(table)));
      else this.shardFiles.delete(shard);
    }
    const index: RoutesIndex = { shards: {}, nav: '', redirects: [] };
    for (const [shard, file] of [...this.shardFiles].sort(([a], [b]) => a.localeCompare(b))) {
      next.set(file.path, file.contents);
      index.shards[shard] = `${config.base}${file.path}`;
    }
    // Nav groups change with titles and pages, the 404 page (collapsed sidebar) with group titles.
    const groupsKey = this.groups.map((g) => g.version).join();
    if (this.navGroups.key !== groupsKey) this.navGroups = { key: groupsKey, file: hashed('assets/', 'nav', 'json', JSON.stringify(renderer.renderNavGroups())) };
    if (this.notFound.key !== String(this.nav.version)) this.notFound = { key: String(this.nav.version), html: renderer.renderNotFound(DEV_TOKENS.routes) };
    next.set(this.navGroups.file.path, this.navGroups.file.contents);
    index.nav = `${config.base}${this.navGroups.file.path}`;
    index.redirects = this.modules.redirectEntries(site);
    const indexFile = { path: ROUTES_INDEX, contents: JSON.stringify(index) };
    next.set(indexFile.path, indexFile.contents);

    next.set('404.html', this.notFound.html);
    for (const stub of this.modules.redirectStubs(site, renderer)) next.set(stub.path, stub.contents as string);

    for (const [path, contents] of next) if (this.siteFiles.get(path) !== contents) writes.push({ path, contents });
    for (const path of this.siteFiles.keys()) if (!next.has(path) && !this.docPaths.has(path)) removes.push(path);
    this.siteFiles = next;
    // A path can go and come back in one emit (a page renamed to the same route).
    const written = new Set(writes.map((w) => w.path));
    return { writes, removes: [...new Set(removes)].filter((p) => !written.has(p) && !next.has(p)), rendered, routesUrl: `${config.base}${indexFile.path}` };
  }

  /** Every path this emitter wrote and still owns. */
  owns(path: string): boolean {
    if (this.siteFiles.has(path)) return true;
    const key = /^assets\/js\/(v-[0-9a-f]+)\./.exec(path)?.[1];
    if (key) return this.pages.get(key)?.chunkPath === path;
    return this.docPaths.has(path);
  }

  /**
   * Everything a page's chunk and document show besides its own record: the page view (prev/next,
   * the footer's links) minus the record and the nav, and the versions of the nav parts it shows.
   */
  private inputs(site: Site, page: PageRecord): string {
    const { page: _page, nav: _nav, group, ...rest } = this.modules.pageView(site, page);
    return `${this.nav.version} ${group} ${this.groups[group]?.version ?? 0} ${JSON.stringify(rest)}`;
  }

  private reads(site: Site, page: PageRecord): Reads {
    const group = groupOf(site, page.regularPath);
    const { prev, next } = prevNext(site, page);
    return { nav: this.nav.version, group, groupVersion: this.groups[group]?.version ?? 0, prev, next };
  }

  private renderPage(renderer: Renderer, page: PageRecord, inputs: string, reads: Reads): { entry: PageEntry; files: OutputFile[] } {
    const chunk = renderer.renderChunk(page);
    const chunkFile = hashed('assets/js/', chunk.key, 'js', this.modules.chunkScript(chunk));
    const docPath = `${page.regularPath.slice(1)}index.html`;
    const doc = { path: docPath, contents: renderer.renderDocument(chunk, DEV_TOKENS.routes) };
    return { entry: { page, inputs, reads, chunkPath: chunkFile.path, docPath, shard: routeShard(page.regularPath) }, files: [chunkFile, doc] };
  }
}

/**
 * What the page view reads of the site besides the record and the configuration: the nav's
 * version, the page's group and that group's version, the prev and next records. Compared by
 * identity, it spares computing the view of every page on every save. Keep it in step with
 * `pageView` in src/render/index.tsx (the dev tests compare the output with a full build).
 */
interface Reads {
  nav: number;
  group: number;
  groupVersion: number;
  prev?: PageRecord;
  next?: PageRecord;
}

function readsSame(a: Reads, b: Reads): boolean {
  return a.nav === b.nav && a.group === b.group && a.groupVersion === b.groupVersion && a.prev === b.prev && a.next === b.next;
}
