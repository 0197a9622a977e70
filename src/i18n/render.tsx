/**
 * The renderer of a site in several languages: each page is rendered by the renderer of its
 * locale's site (src/i18n/site.ts), with that locale's sidebar, strings, `lang` and `dir`.
 */
import { escapeHtml } from '../render/head.js';
import { Renderer, type PageAssets, type Templates } from '../render/index.js';
import type { ChunkData, RoutesIndexData } from '../shared/contract.js';
import type { Site } from '../model/site.js';
import type { PageOutline, PageRecord } from '../model/page.js';
import { localeKeyOf, splitLocale, type ResolvedLocale } from './locales.js';
import type { OutputFile } from '../model/page.js';
import { localeOf, localeSites, siteOf } from './site.js';
import { ENGLISH, type Strings } from './strings.js';
import { siteViews } from '../versions/views.js';

/** The code blocks' copy button as the Markdown stage writes it (src/markdown/code.ts), in English. */
const COPY_BUTTON = `<button type="button" class="copy" aria-label="${ENGLISH['copy.code']}">${ENGLISH['copy.button']}</button>`;

/** The copy buttons of a page's content in its language (the Markdown stage renders pages without one). */
function translateCopyButtons(html: string, strings: Strings): string {
  if (strings['copy.button'] === ENGLISH['copy.button'] && strings['copy.code'] === ENGLISH['copy.code']) return html;
  return html.replaceAll(
    COPY_BUTTON,
    `<button type="button" class="copy" aria-label="${escapeHtml(strings['copy.code'])}">${escapeHtml(strings['copy.button'])}</button>`,
  );
}

export class LocalizedRenderer extends Renderer {
  private readonly byLocale: Map<string, Renderer>;

  constructor(
    private readonly whole: Site<PageOutline>,
    assets: PageAssets,
    templates?: Templates,
  ) {
    const sites = localeSites(whole);
    // The root locale's renderer makes the files of no one page: 404.html and the redirect stubs.
    super(sites.get('')!, assets, templates);
    this.byLocale = new Map(
      [...sites].map(([key, site]) => [key, key === '' ? this : new Renderer(site, assets, templates)]),
    );
  }

  private of(route: string): Renderer {
    return this.byLocale.get(this.view(route).key)!;
  }

  override renderChunk(page: PageRecord): ChunkData {
    const own = this.of(page.regularPath);
    const chunk = own === this ? super.renderChunk(page) : own.renderChunk(page);
    return {
      ...chunk,
      regions: {
        ...chunk.regions,
        content: translateCopyButtons(chunk.regions.content, localeOf(siteOf(this.whole, page.regularPath)).strings),
      },
    };
  }

  override renderDocument(chunk: ChunkData, routesUrl: string): string {
    const own = localeRoutesIndex(this.view(chunk.route), routesUrl);
    return this.of(chunk.route) === this
      ? super.renderDocument(chunk, own)
      : this.of(chunk.route).renderDocument(chunk, own);
  }

  private view(route: string): ResolvedLocale {
    return splitLocale(siteViews(this.whole.config)!, route).locale;
  }

  /**
   * A site with versions and locales: the route table each locale's pages read, in which each
   * version's sidebar groups are that locale's. The runtime finds a page's groups by the first
   * segment of its path ("1.0" of /1.0/ar/...), and a page in another language is a full load
   * (with its own table), so the table of a locale names its own groups by version.
   */
  localeRoutesIndexes(index: RoutesIndexData, file: string): OutputFile[] {
    const views = siteViews(this.whole.config)!;
    if (!this.whole.config.versions || !this.whole.config.locales) return [];
    return this.whole.config.locales.slice(1).map((locale) => {
      const navs = { ...index.navs };
      for (const view of views)
        if (view.localeKey === locale.key && view.version!.key) navs[view.version!.key] = index.navs![view.key];
      return { path: `${locale.key}/${file}`, contents: JSON.stringify({ ...index, navs }) };
    });
  }

  /**
   * The not-found page of each language but the root's, at `<locale>/404.html` (`<version>/<locale>/`
   * on a versioned site): its strings, direction, sidebar and home link. Hosts serve the nearest
   * one to an unknown path (`serve` does; `_redirects` says so), and the runtime shows it in place.
   */
  localeNotFoundPages(routesUrl: string): OutputFile[] {
    return siteViews(this.whole.config)!
      .filter((view) => localeKeyOf(view) !== '')
      .map((view) => ({
        path: `${view.key}/404.html`,
        contents: this.byLocale.get(view.key)!.renderNotFound(localeRoutesIndex(view, routesUrl)),
      }));
  }

  /** Each locale's sidebar groups, for the runtime to expand on that locale's pages (by locale key; the root's is `renderNavGroups`). */
  localeNavGroups(): Map<string, (string | null)[]> {
    return new Map(
      [...this.byLocale].filter(([key]) => key !== '').map(([key, renderer]) => [key, renderer.renderNavGroups()]),
    );
  }
}

/** The route table a page reads: its locale's on a site with versions and locales (see `localeRoutesIndexes`). */
function localeRoutesIndex(view: ResolvedLocale, routesUrl: string): string {
  if (!view.version || !view.localeKey) return routesUrl;
  const slash = routesUrl.lastIndexOf('/');
  return `${routesUrl.slice(0, slash + 1)}${view.localeKey}/${routesUrl.slice(slash + 1)}`;
}
