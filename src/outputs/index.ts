import { apiOrigins } from '../content/openapi.js';
import type { BuiltAssets } from '../build/assets.js';
import { headScript } from '../theme/head.js';
import { siteViews } from '../versions/views.js';
import { fileHash } from '../incremental/hash.js';
import { redirectEntries, redirectsFile, redirectStubs } from '../model/redirects.js';
import { LocalizedRenderer } from '../i18n/render.js';
import { Renderer, type PageAssets, type Templates } from '../render/index.js';
import { chunkFile, routeFile, routeShard, withBase } from '../shared/paths.js';
import type { ChunkData, RoutesIndexData } from '../shared/contract.js';
import type { Site } from '../model/site.js';
import type { OutputFile, PageOutline, PageRecord } from '../model/page.js';
import { faviconFile } from './favicon.js';
import { headersFile } from './headers.js';
import { pageMarkdown } from './markdown-pages.js';
import { nginxFiles } from './nginx.js';
import { feedFiles } from './feed.js';
import { piecedFile, type Piece } from './pieces.js';
import { collect } from '../plugins/index.js';
import { pageModules } from '../plugins/assets.js';

/** The chunk file: registers itself the way webpack's JSONP chunks do, so load order never matters. */
export function chunkScript(chunk: ChunkData): string {
  return `(self.docsChunks=self.docsChunks||[]).push(${JSON.stringify([chunk.key, chunk]).replace(/</g, '\\u003c')});\n`;
}

/** A file named by its content's hash (`assets/routes/guide.<hash>.json`): cached forever by hosts. */
export function hashed(dir: string, name: string, ext: string, contents: string): { path: string; contents: string } {
  return { path: `${dir}${name}.${fileHash(contents)}.${ext}`, contents };
}

/** Where pages find the route table: not hashed, so that a page stays the same when another page changes. */
export const ROUTES_INDEX = 'routes.json';

/** The files of one page: its chunk (for the runtime), its HTML, and its Markdown ("View as Markdown"). */
export function pageFiles(
  site: Site<PageOutline>,
  renderer: Renderer,
  page: PageRecord,
): { chunk: OutputFile; html: OutputFile; markdown: OutputFile } {
  const chunk = renderer.renderChunk(page);
  const script = chunkScript(chunk);
  return {
    chunk: { path: chunkFile(chunk.key, fileHash(script)), contents: script },
    html: {
      path: routeFile(page.regularPath),
      contents: renderer.renderDocument(chunk, withBase(site.config.base, ROUTES_INDEX)),
    },
    markdown: { path: `${page.regularPath.slice(1)}index.md`, contents: pageMarkdown(site, page) },
  };
}

/** The assets a page's layout shows, as data a page worker can receive (src/pages/index.ts `LayoutContext`); a site without theme files may leave `theme` out. */
export type LayoutAssets = Pick<BuiltAssets, 'css' | 'js' | 'redirectScript' | 'features'> &
  Partial<Pick<BuiltAssets, 'featureScripts' | 'extra'>> &
  Partial<Pick<BuiltAssets, 'theme'>> &
  Pick<PageAssets, 'pluginHead' | 'pageModules'>;

/** `assets` as page workers receive them: the plugins' contributions as data (which pages load which module), without the files. */
export function layoutAssets(assets: BuiltAssets, outlines: PageOutline[]): LayoutAssets {
  const { css, js, redirectScript, features, featureScripts, theme, extra } = assets;
  return {
    css,
    js,
    redirectScript,
    features,
    featureScripts,
    theme,
    extra,
    pluginHead: assets.plugins.head,
    pageModules: pageModules(assets.plugins, outlines),
  };
}

export function createRenderer(
  site: Site<PageOutline>,
  assets: LayoutAssets & { plugins?: BuiltAssets['plugins'] },
  templates?: Templates,
): Renderer {
  const {
    pluginHead = assets.plugins?.head,
    pageModules: modules = assets.plugins && pageModules(assets.plugins, site.pages),
  } = assets;
  const pageAssets = {
    css: assets.css,
    js: assets.js,
    themeScript: headScript(site.config.theme),
    redirectScript: assets.redirectScript,
    features: assets.features,
    featureScripts: assets.featureScripts,
    theme: assets.theme,
    pluginHead,
    pageModules: modules,
    extra: assets.extra,
  };
  if (siteViews(site.config)) return new LocalizedRenderer(site, pageAssets, templates);
  return new Renderer(site, pageAssets, templates);
}

/** Every file of the site but the bundled assets and the search index (`dev` and tests; the build writes pages as it renders them). */
export function emitSite(site: Site, assets: BuiltAssets): OutputFile[] {
  const renderer = createRenderer(site, assets);
  const files: OutputFile[] = [];
  const chunks = new Map<string, string>();
  for (const page of site.pages) {
    const { chunk, html, markdown } = pageFiles(site, renderer, page);
    files.push(chunk, html, markdown);
    chunks.set(page.regularPath, chunk.path);
  }
  return [...files, ...emitSiteFiles(site, renderer, chunks)];
}

/**
 * The files that list the whole site: the sharded route table (from each page's chunk path), the
 * nav groups, redirect stubs and `_redirects`, `404.html`, the page manifest, Atom feeds of dated
 * pages, `_headers`, the favicon, and the plugins' outputs (built in: the sitemap and `robots.txt`,
 * llms.txt and llms-full.txt).
 */
export function emitSiteFiles(site: Site, renderer: Renderer, chunkPaths: Map<string, string>): OutputFile[] {
  const { config } = site;
  const files: OutputFile[] = [];
  const shards = new Map<string, Record<string, string>>();
  for (const page of site.pages) {
    const shard = routeShard(page.regularPath);
    const table = shards.get(shard) ?? {};
    table[page.regularPath] = withBase(config.base, chunkPaths.get(page.regularPath)!);
    shards.set(shard, table);
  }
  const index: RoutesIndexData = { shards: {}, nav: '', redirects: [] };
  for (const [shard, table] of [...shards].sort(([a], [b]) => a.localeCompare(b))) {
    const file = hashed('assets/routes/', shard, 'json', JSON.stringify(table));
    files.push(file);
    index.shards[shard] = withBase(config.base, file.path);
  }
  const navFile = hashed('assets/', 'nav', 'json', JSON.stringify(renderer.renderNavGroups()));
  files.push(navFile);
  index.nav = withBase(config.base, navFile.path);
  if (renderer instanceof LocalizedRenderer) {
    for (const [key, groups] of renderer.localeNavGroups()) {
      const file = hashed('assets/', `nav-${key.replaceAll('/', '-')}`, 'json', JSON.stringify(groups)); // "1.0/de": a version's locale
      files.push(file);
      (index.navs ??= {})[key] = withBase(config.base, file.path);
    }
  }
  index.redirects = redirectEntries(site);
  const routesUrl = withBase(config.base, ROUTES_INDEX);
  if (renderer instanceof LocalizedRenderer) {
    const pages = renderer.localeNotFoundPages(routesUrl);
    files.push(...pages);
    // The runtime shows an unknown address's language's page: by route prefix ("/ar/" -> its 404.html).
    index.notFound = Object.fromEntries(
      pages.map((p) => [`/${p.path.slice(0, -'404.html'.length)}`, withBase(config.base, p.path)]),
    );
  }
  files.push({ path: ROUTES_INDEX, contents: JSON.stringify(index) });
  if (renderer instanceof LocalizedRenderer) files.push(...renderer.localeRoutesIndexes(index, ROUTES_INDEX));

  files.push({ path: '404.html', contents: renderer.renderNotFound(routesUrl) }, ...redirectStubs(site, renderer));
  const redirects = redirectsFile(site);
  // The API reference's try-it panels send requests to their API: the site's policy allows its origins.
  const policy = { ...config, apiOrigins: apiOrigins(site.pages) };
  files.push({ path: '_redirects', contents: redirects }, ...nginxFiles(policy, redirects));
  files.push(pagesManifest(site));
  files.push(...feedFiles(site));
  // Readers beyond the browser and the host: headers, favicon; the plugins' files (sitemap, llms.txt).
  files.push(headersFile(policy), faviconFile(), ...collect(config, 'outputs', { config, site }));
  return files;
}

/**
 * `pages.json`: every page's record but its bodies, as `JSON.stringify(records, null, 1)` writes it,
 * a piece a page (src/outputs/pieces.ts): after an edit, the kept pages' pieces are the previous
 * output's bytes.
 */
function pagesManifest(site: Site): OutputFile {
  if (!site.pages.length) return { path: 'pages.json', contents: '[]' };
  const pieces: Piece[] = site.pages.map((page, i) => ({
    page,
    key: i ? '' : 'first',
    make: () => {
      // An element of the list is indented one level more: JSON's strings hold no line breaks.
      return `${i ? ',' : '['}\n ${JSON.stringify(manifestEntry(page), null, 1).replaceAll('\n', '\n ')}`;
    },
  }));
  return piecedFile(site, 'pages.json', [...pieces, '\n]']);
}

/** pages.json's fields first, in this order: a record from the Markdown cache defines its parts after the rest. */
const MANIFEST_ORDER = ['key', 'title', 'description', 'frontmatter', 'regularPath', 'relativePath', 'path', 'hash'];
/** What pages.json leaves out of a record: its bodies, and what only the build reads. */
const NOT_IN_MANIFEST = new Set([
  'html',
  'links',
  'anchors',
  'sections',
  'markdown',
  'codeBlocks',
  'features',
  'images',
  'css',
  'keyLines',
]);

/** A page's entry in pages.json: the same bytes whether its record was rendered or read from the cache. */
function manifestEntry(page: PageRecord): Record<string, unknown> {
  const entry: Record<string, unknown> = {};
  for (const name of [...MANIFEST_ORDER, 'headers', 'includes', ...Object.keys(page).sort()])
    if (!NOT_IN_MANIFEST.has(name) && !(name in entry)) entry[name] = page[name as keyof PageRecord];
  return entry;
}
