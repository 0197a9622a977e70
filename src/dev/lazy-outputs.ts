import type { BuiltAssets } from '../build/assets.js';
import { sha1 } from '../incremental/hash.js';
import { SEARCH_MANIFEST } from '../search/index.js';
import type { Site } from '../model/site.js';
import type { OutputFile } from '../model/page.js';
import { renderImages } from '../content/images.js';
import { pageStyleFiles } from '../pages/page-styles.js';
import type { OutputDir } from './output-dir.js';
import type { RenderModules } from './render-modules.js';

/**
 * The build's outputs that `dev` leaves out of its builds (`lazy`): the files that list every page
 * (route table, nav groups, 404 and redirect pages, sitemap, llms.txt...), the search index, and
 * the pages' media (image renditions and math styles).
 */
type LazyOutput = 'site' | 'search' | 'media';

/** What making an output needs from the builder: the last build's site and pages. */
export interface LazyContext {
  site: Site;
  /** The bundle as pages show it (src/dev/tokens.ts). */
  assets: BuiltAssets;
  /** Each page's chunk path, by route. */
  chunks: Map<string, string>;
  modules: RenderModules;
  /** Bumped on every build: an output made for an older one is stale. */
  generation: number;
}

/**
 * Outputs made on request, not on every save: each costs a pass over every page, so a save costs
 * only the pages it touches, and these are made (by the build's own functions) when a tab or a
 * tool asks for one of their files after a change.
 */
export class LazyOutputs {
  private readonly made = new Map<LazyOutput, { generation: number; hashes: Map<string, string> }>();

  constructor(private readonly out: OutputDir) {}

  /** Makes the output that has `file` current, when it is not. */
  async ensure(file: string, context: LazyContext): Promise<void> {
    const output: LazyOutput =
      file === SEARCH_MANIFEST || file.endsWith(`/${SEARCH_MANIFEST}`) || file.startsWith('assets/search/')
        ? 'search'
        : file.startsWith('assets/img/') || file.startsWith('assets/css/')
          ? 'media'
          : 'site';
    const before = this.made.get(output);
    if (before?.generation === context.generation) return;
    const { site, assets, chunks, modules } = context;
    const files =
      output === 'search'
        ? await modules.buildSearchIndex(site)
        : output === 'media'
          ? await mediaFiles(site)
          : modules.emitSiteFiles(site, modules.createRenderer(site, assets), chunks);
    const hashes = new Map<string, string>();
    const writes: OutputFile[] = [];
    for (const f of files) {
      const hash = sha1(typeof f.contents === 'string' ? f.contents : Buffer.from(f.contents).toString('latin1'));
      hashes.set(f.path, hash);
      if (before?.hashes.get(f.path) !== hash || !this.out.has(f.path)) writes.push(f);
    }
    const removes = [...(before?.hashes.keys() ?? [])].filter((p) => !hashes.has(p));
    await this.out.apply(writes, removes);
    this.made.set(output, { generation: context.generation, hashes });
  }
}

/** Image renditions (from the cache once converted) and the pages' own stylesheets. */
async function mediaFiles(site: Site): Promise<OutputFile[]> {
  return [...(await renderImages(site.config, site.pages)).files, ...pageStyleFiles(site.pages)];
}
