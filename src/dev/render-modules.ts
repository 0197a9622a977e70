import { buildSite } from '../build/index.js';
import { createRenderer, emitSiteFiles } from '../outputs/index.js';
import { buildSearchIndexes } from '../i18n/search.js';

/**
 * The build, as `dev` runs it: the pipeline and everything it imports, the layout components among
 * them. `dev` loads this set again when a component changes, since Node caches modules.
 */
export const renderModules = { buildSite, createRenderer, emitSiteFiles, buildSearchIndex: buildSearchIndexes };

export type RenderModules = typeof renderModules;

/**
 * A fresh copy of the build's modules, read from disk again: tsx's `tsImport` loads a module and
 * its imports in a namespace of their own. Each reload keeps the old copy in memory (Node never
 * unloads modules), which is fine for the few component edits of a session.
 */
export async function reloadRenderModules(): Promise<RenderModules> {
  const { tsImport } = await import('tsx/esm/api');
  const fresh = (await tsImport('./render-modules.ts', import.meta.url)) as { renderModules: RenderModules };
  return fresh.renderModules;
}
