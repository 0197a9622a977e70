import { buildSite } from '../build/index.js';
import { createRenderer, emitSiteFiles } from '../outputs/index.js';
import { buildSearchIndexes } from '../i18n/search.js';
/**
 * The build, as `dev` runs it: the pipeline and everything it imports, the layout components among
 * them. `dev` loads this set again when a component changes, since Node caches modules.
 */
export declare const renderModules: {
    buildSite: typeof buildSite;
    createRenderer: typeof createRenderer;
    emitSiteFiles: typeof emitSiteFiles;
    buildSearchIndex: typeof buildSearchIndexes;
};
export type RenderModules = typeof renderModules;
/**
 * A fresh copy of the build's modules, read from disk again: tsx's `tsImport` loads a module and
 * its imports in a namespace of their own. Each reload keeps the old copy in memory (Node never
 * unloads modules), which is fine for the few component edits of a session.
 */
export declare function reloadRenderModules(): Promise<RenderModules>;
