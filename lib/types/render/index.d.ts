import { type Site } from '../model/site.js';
import type { Feature, PageOutline, PageRecord } from '../model/page.js';
import { type PageView, type TopNavLink } from './components.js';
import type { ThemeView } from '../theme/assets.js';
import { type HeadData } from './head.js';
export declare const TEMPLATES_DIR: string;
/** The hashed assets every page references (from the assets stage). */
export interface PageAssets {
    css: string;
    js: string;
    /** Inline script that applies the saved theme before first paint (hashed in the CSP). */
    themeScript: string;
    redirectScript: string;
    /** Stylesheet URL of each feature (math, diagrams, images), linked only from pages that use it. */
    features: Record<Feature, string>;
    /** The project's stylesheet, logo and icons (src/theme/assets.ts). */
    theme?: ThemeView;
    /** The plugins' head tags, stylesheets and module loader (src/plugins/assets.ts). */
    pluginHead?: string;
    /** The plugins' client modules each page loads, by route. */
    pageModules?: Record<string, string[]>;
}
/** What the browser runtime needs to show a page it navigates to: the regions and the head. */
export interface PageChunk {
    key: string;
    route: string;
    head: HeadData;
    regions: {
        sidebar: string;
        content: string;
        toc: string;
    };
    layout: 'doc' | 'page';
}
export declare function pageView<P extends PageOutline>(site: Site<PageOutline>, page: P): PageView<P>;
/** The top navigation links of the configuration, the one for `pathname` (a URL path) marked current. */
export declare function topNavLinks(site: Site<PageOutline>, pathname: string): TopNavLink[];
export declare function pageHead(site: Site<PageOutline>, page: PageOutline): HeadData;
export declare function absolute(site: Pick<Site, 'config'>, urlPath: string): string;
/** The HTML templates pages and redirect stubs are filled into. */
export interface Templates {
    page: string;
    redirect: string;
}
/** Read by the main thread: bundled page workers live elsewhere and get them as data. */
export declare function readTemplates(): Templates;
export declare class Renderer {
    private readonly site;
    private readonly assets;
    private readonly pageTemplate;
    private readonly redirectTemplate;
    /** The project's layout overrides (src/theme/config.ts), by part name. */
    private readonly overrides;
    constructor(site: Site<PageOutline>, assets: PageAssets, templates?: Templates);
    /** The regions and head of one page: the chunk the runtime loads to show it without a reload. */
    renderChunk(page: PageRecord): PageChunk;
    /**
     * The stylesheets of the features a page uses, at the start of its content: in the body (where
     * HTML allows stylesheet links) so that they come with the page's chunk when the runtime
     * navigates to it, and pages without math, diagrams or images load none of them.
     */
    private featureStyles;
    /** The plugins' client modules of a page, in its content so they come with its chunk (the loader imports them). */
    private moduleLinks;
    /**
     * The sidebar of a page: the pages of a group share one sidebar but for the current link, so
     * React renders it once for each innermost group, sidebar and current top link (at 10,000 pages
     * that is most of the render stage); the current link is marked in the copy.
     */
    private readonly sidebars;
    private sidebar;
    /** The full HTML of a page from its chunk: the static page and the runtime show the same thing. */
    renderDocument(chunk: PageChunk, routesUrl: string): string;
    /** The page body is the same on every page but for its regions (and the current top link): React renders it once for each. */
    private readonly shells;
    private shell;
    /** Each top-level group's HTML by its index in `site.nav` (null for links), for the runtime to expand closed groups in place. */
    renderNavGroups(): (string | null)[];
    /** `404.html`: served by hosts for unknown paths; the runtime first tries the address's other forms. */
    renderNotFound(routesUrl: string): string;
    /** What the site-wide parts of the shell show: banner, logo, social links, footer. */
    private themeParts;
    renderRedirect(target: string): string;
    private document;
    /** React's markup with the interface strings of the site's language, and the project's overrides in place of the parts they replace. */
    private markup;
}
export declare function markdownUrl(base: string, route: string): string;
