import { Renderer, type PageAssets, type PageChunk, type Templates } from '../render/index.js';
import type { Site } from '../model/site.js';
import type { PageOutline, PageRecord } from '../model/page.js';
import type { RoutesIndex } from '../outputs/index.js';
import type { OutputFile } from '../model/page.js';
export declare class LocalizedRenderer extends Renderer {
    private readonly whole;
    private readonly byLocale;
    constructor(whole: Site<PageOutline>, assets: PageAssets, templates?: Templates);
    private of;
    renderChunk(page: PageRecord): PageChunk;
    renderDocument(chunk: PageChunk, routesUrl: string): string;
    private view;
    /**
     * A site with versions and locales: the route table each locale's pages read, in which each
     * version's sidebar groups are that locale's. The runtime finds a page's groups by the first
     * segment of its path ("1.0" of /1.0/ar/...), and a page in another language is a full load
     * (with its own table), so the table of a locale names its own groups by version.
     */
    localeRoutesIndexes(index: RoutesIndex, file: string): OutputFile[];
    /** Each locale's sidebar groups, for the runtime to expand on that locale's pages (by locale key; the root's is `renderNavGroups`). */
    localeNavGroups(): Map<string, (string | null)[]>;
}
