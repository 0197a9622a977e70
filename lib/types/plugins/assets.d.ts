import type { ResolvedConfig } from '../config/index.js';
import type { OutputFile, PageOutline } from '../model/page.js';
/** What the plugins add to every page and to the assets: nothing at all when no plugin has these hooks. */
export interface PluginAssets {
    files: OutputFile[];
    /** HTML at the end of every page's head: the plugins' tags, stylesheets and the module loader ('' for none). */
    head: string;
    /** Each client module's URL and the pages that load it. */
    modules: {
        url: string;
        pages?: (page: PageOutline) => boolean;
    }[];
}
/** The plugins' head tags, stylesheets and client modules, bundled and named by their content hash. */
export declare function buildPluginAssets(config: ResolvedConfig): Promise<PluginAssets>;
/** The inline scripts of the plugins' head tags: each gets its hash into the Content-Security-Policy. */
export declare function inlineScripts(config: Pick<ResolvedConfig, 'root' | 'configFile' | 'plugins'>): string[];
/** Each page's client modules, by route (only pages that load one). */
export declare function pageModules(assets: Pick<PluginAssets, 'modules'>, pages: PageOutline[]): Record<string, string[]>;
