import type { BuiltAssets } from '../assets.js';
import type { BuildMode } from '../mode.js';
import type { ResolvedConfig } from '../../config/schema.js';
import { sha1 } from '../../incremental/hash.js';
import { TakenStamps } from '../../incremental/taken-stamps.js';
import { takenStamps, type Changes } from '../../incremental/changes.js';
import { pageOutline } from '../../markdown/index.js';
import { Problems } from '../../model/errors.js';
import { createSite, type Site } from '../../model/site.js';
import type { PageOutline, PageSource } from '../../model/page.js';
import { lastModified } from '../../outputs/last-modified.js';
import { readLayoutKeys, saveLayoutKeys } from '../../incremental/layout-keys-store.js';
import type { LayoutMemo } from '../../pages/layout-keys.js';
import type { Templates } from '../../render/index.js';

/** The site's layout before any page is rendered: what the sidebars, reading order and "Last updated" dates show. */
export interface Layout {
  outlines: PageOutline[];
  lastUpdated: Map<string, string> | undefined;
  /** The site of the outlines: its sidebars and reading order stand for the records' (src/model/site.ts withSamePlan). */
  site: Site<PageOutline>;
}

/**
 * The layout of the content stage's pages: each page's outline (title, path, frontmatter) and the site they make.
 * The layout comes from the pages' frontmatter, so it is known before their Markdown is rendered.
 */
export function layOut(
  config: ResolvedConfig,
  content: { sources: PageSource[]; staticFiles: string[]; onlyEdits: boolean },
  memo: LayoutMemo,
  changes: Changes | undefined,
): Layout {
  const { sources, staticFiles, onlyEdits } = content;
  // Their problems are reported with the page.
  const outlineOf = (source: PageSource) => pageOutline(source, config, new Problems());
  const outlines = sources.map((source) => memo.outline(source, outlineOf));
  // "Last updated": one `git log` for every page (the sitemap reads the same dates); a commit changes the layout key of the pages it touches.
  const stamps = takenStamps(changes);
  const taken = stamps && new TakenStamps(stamps);
  const datesOf = (pages: PageSource[]) => lastModified({ config, pages, taken });
  const lastUpdated = config.theme.lastUpdated ? memo.lastUpdated(sources, datesOf) : undefined;
  const newSite = () => createSite(config, outlines, staticFiles, lastUpdated, taken);
  const site = memo.site(outlines, staticFiles, lastUpdated, onlyEdits, newSite);
  return { outlines, lastUpdated, site };
}

/**
 * What pages show of the assets and templates, with the generator's code (`salt`): the bundle and the theme's files
 * by these URLs (the script's own imports are in its hash), the templates, and the plugins' head.
 */
function layoutSalt(salt: string, assets: BuiltAssets, templates: Templates): string {
  return sha1(
    salt,
    JSON.stringify([
      assets.css,
      assets.js,
      assets.redirectScript,
      assets.features,
      assets.featureScripts,
      assets.theme,
      assets.extra,
    ]),
    JSON.stringify(templates),
    ...(assets.plugins.head ? [assets.plugins.head] : []),
  );
}

/** Each page's layout key, and what keeps them for the next process. */
export interface LayoutKeys {
  of(page: PageOutline): string;
  /** Keeps this build's keys (`build`'s store, src/incremental/layout-keys-store.ts), unless they are those it read. */
  save(): Promise<void>;
}

/**
 * Each page's layout key (src/pages/layout-keys.ts), with the plugins' client modules it loads. `build` takes the
 * keys of the pages whose layout is as the last build left it from its store; `dev` keeps them in its memo.
 */
export async function pageLayoutKeys(
  config: ResolvedConfig,
  layout: Layout,
  mode: Pick<BuildMode, 'layout' | 'storesLayoutKeys'>,
  inputs: {
    salt: string;
    assets: BuiltAssets;
    templates: Templates;
    pageModules: Record<string, string[]> | undefined;
  },
): Promise<LayoutKeys> {
  const shown = layoutSalt(inputs.salt, inputs.assets, inputs.templates);
  const plan = mode.storesLayoutKeys ? mode.layout.plan(layout.site, shown) : undefined;
  const stored = plan ? await readLayoutKeys(config, plan) : undefined;
  const made = mode.layout.made;
  return {
    of: withModules(mode.layout.layoutKeys(layout.site, shown, stored), inputs.pageModules),
    async save() {
      const keys = mode.layout.keysByRoute();
      if (plan && keys && (!stored || mode.layout.made > made)) await saveLayoutKeys(config, plan, keys);
    },
  };
}

/** A page's layout key, with the plugins' client modules it loads (only when a plugin has any). */
function withModules(
  layoutKey: (page: PageOutline) => string,
  modules: Record<string, string[]> | undefined,
): (page: PageOutline) => string {
  if (!modules || !Object.keys(modules).length) return layoutKey;
  return (page) => sha1(layoutKey(page), ...(modules[page.regularPath] ?? []));
}
