import type { BuiltAssets } from '../build/assets.js';
import { Renderer, type PageAssets, type PageChunk, type Templates } from '../render/index.js';
import type { RedirectEntry } from '../shared/contract.js';
import type { Site } from '../model/site.js';
import type { OutputFile, PageOutline, PageRecord } from '../model/page.js';
/** What the runtime fetches first (`routes.json`): where each shard of the route table and the nav groups live. */
export interface RoutesIndex {
    shards: Record<string, string>;
    nav: string;
    /** The sidebar groups of each other locale of a site in several languages, by locale key. */
    navs?: Record<string, string>;
    redirects: RedirectEntry[];
}
/** The chunk file: registers itself the way webpack's JSONP chunks do, so load order never matters. */
export declare function chunkScript(chunk: PageChunk): string;
/** A file named by its content's hash (`assets/routes/guide.<hash>.json`): cached forever by hosts. */
export declare function hashed(dir: string, name: string, ext: string, contents: string): {
    path: string;
    contents: string;
};
/** Where pages find the route table: not hashed, so that a page stays the same when another page changes. */
export declare const ROUTES_INDEX = "routes.json";
/** The files of one page: its chunk (for the runtime), its HTML, and its Markdown ("View as Markdown"). */
export declare function pageFiles(site: Site<PageOutline>, renderer: Renderer, page: PageRecord): {
    chunk: OutputFile;
    html: OutputFile;
    markdown: OutputFile;
};
/** The assets a page's layout shows, as data a page worker can receive (src/pages/index.ts `LayoutContext`); a site without theme files may leave `theme` out. */
export type LayoutAssets = Pick<BuiltAssets, 'css' | 'js' | 'redirectScript' | 'features'> & Partial<Pick<BuiltAssets, 'theme'>> & Pick<PageAssets, 'pluginHead' | 'pageModules'>;
/** `assets` as page workers receive them: the plugins' contributions as data (which pages load which module), without the files. */
export declare function layoutAssets(assets: BuiltAssets, outlines: PageOutline[]): LayoutAssets;
export declare function createRenderer(site: Site<PageOutline>, assets: LayoutAssets & {
    plugins?: BuiltAssets['plugins'];
}, templates?: Templates): Renderer;
/** Every file of the site but the bundled assets and the search index (`dev` and tests; the build writes pages as it renders them). */
export declare function emitSite(site: Site, assets: BuiltAssets): OutputFile[];
/**
 * The files that list the whole site: the sharded route table (from each page's chunk path), the
 * nav groups, redirect stubs and `_redirects`, `404.html`, the page manifest, Atom feeds of dated
 * pages, `_headers`, the favicon, and the plugins' outputs (built in: the sitemap and `robots.txt`,
 * llms.txt and llms-full.txt).
 */
export declare function emitSiteFiles(site: Site, renderer: Renderer, chunkPaths: Map<string, string>): OutputFile[];
