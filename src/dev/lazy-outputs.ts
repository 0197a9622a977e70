import type { BuiltAssets } from '../assets.js';
import { sha1 } from '../hash.js';
import { SEARCH_MANIFEST } from '../search/index.js';
import type { Site } from '../site.js';
import type { OutputFile } from '../types.js';
import { renderImages } from '../images.js';
import { pageStyleFiles } from '../page-styles.js';
import type { OutputDir } from './output-dir.js';
import type { RenderModules } from './render-modules.js';

/** The full build's outputs beyond pages and chunks: the search index, the pages' media (image renditions and math styles), and everything else emitSite writes. */
type LazyOutput = 'site' | 'search' | 'media';

/**
 * The files of those outputs that list or copy pages: asked for after a change, they are made
 * again (a feed page's feed.xml copies its sections). The rest (favicon, headers, robots.txt) is made
 * once per full build.
 */
const LISTS_PAGES = [/(^|\/)index\.md$/, /(^|\/)feed\.xml$/, /^llms(-full)?\.txt$/, /^sitemap\.xml$/, /^pages\.json$/, /^_redirects$/];

/** What making an output needs from the builder. */
export interface LazyContext {
  site: Site;
  assets: BuiltAssets;
  modules: RenderModules;
  /** Bumped on every change of the site: an output made for an older one is stale. */
  generation: number;
  /** Files kept current by the incremental emitter, left alone here. */
  owns: (file: string) => boolean;
}

/**
 * Outputs made on request, not on every save: each costs a pass over every page (the Markdown
 * copies, llms.txt, the sitemap, the search index...), so a save costs only the pages it touches
 * and these are made when a tab or a tool asks for one of their files.
 */
export class LazyOutputs {
  private readonly made = new Map<LazyOutput, { generation: number; hashes: Map<string, string> }>();

  constructor(private readonly out: OutputDir) {}

  /** After a full build, which removed every file of these outputs. */
  clear(): void {
    this.made.clear();
  }

  /** Makes the output that has `file` current, when it must be and is not. */
  async ensure(file: string, context: LazyContext): Promise<void> {
    const output: LazyOutput = file === SEARCH_MANIFEST || file.startsWith('assets/search/') ? 'search' : file.startsWith('assets/img/') || file.startsWith('assets/css/') ? 'media' : 'site';
    const before = this.made.get(output);
    const mustBeCurrent = output !== 'site' || LISTS_PAGES.some((re) => re.test(file));
    if (before && (!mustBeCurrent || before.generation === context.generation)) return;
    const { site, assets, modules } = context;
    const files = output === 'search' ? await modules.buildSearchIndex(site) : output === 'media' ? await mediaFiles(site) : modules.emitSite(site, assets);
    const assetPaths = new Set(assets.files.map((f) => f.path));
    const hashes = new Map<string, string>();
    const writes: OutputFile[] = [];
    for (const f of files) {
      // Pages, chunks and route tables are kept current by the emitter; only the rest is taken.
      if (context.owns(f.path) || assetPaths.has(f.path)) continue;
      const hash = sha1(typeof f.contents === 'string' ? f.contents : Buffer.from(f.contents).toString('latin1'));
      hashes.set(f.path, hash);
      if (before?.hashes.get(f.path) !== hash || !this.out.has(f.path)) writes.push(f);
    }
    const removes = [...(before?.hashes.keys() ?? [])].filter((p) => !hashes.has(p) && !context.owns(p));
    await this.out.apply(writes, removes);
    this.made.set(output, { generation: context.generation, hashes });
  }
}

/** Image renditions (from the cache once converted) and the pages' own stylesheets. */
async function mediaFiles(site: Site): Promise<OutputFile[]> {
  return [...(await renderImages(site.config, site.pages)).files, ...pageStyleFiles(site.pages)];
}
