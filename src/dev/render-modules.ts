import { chunkScript, emitSite } from '../output.js';
import { redirectEntries, redirectStubs } from '../redirects.js';
import { pageView, Renderer } from '../render/index.js';
import { buildSearchIndex } from '../search/index.js';

/**
 * The code that turns page records into files: the layout components and everything that
 * imports them. `dev` reloads this set when a component changes, since Node caches modules.
 */
export const renderModules = { Renderer, pageView, chunkScript, emitSite, redirectEntries, redirectStubs, buildSearchIndex };

export type RenderModules = typeof renderModules;

/**
 * A fresh copy of the render modules, read from disk again: tsx's `tsImport` loads a module and
 * its imports in a namespace of their own. Each reload keeps the old copy in memory (Node never
 * unloads modules), which is fine for the few component edits of a session.
 */
export async function reloadRenderModules(): Promise<RenderModules> {
  const { tsImport } = await import('tsx/esm/api');
  const fresh = (await tsImport('./render-modules.ts', import.meta.url)) as { renderModules: RenderModules };
  return fresh.renderModules;
}
