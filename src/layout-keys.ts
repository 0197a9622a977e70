import { sha1 } from './hash.js';
import type { ResolvedConfig } from './config.js';
import { pageView } from './render/index.js';
import { localeSites, siteOf } from './i18n/site.js';
import { siteViews } from './versions/views.js';
import { navKeys } from './nav.js';
import type { Site } from './site.js';
import type { PageOutline } from './types.js';

/**
 * A key per page for everything its files show besides its own record: the configuration, the
 * assets and templates, the generator's code, the group titles every sidebar shows, the links of
 * the page's own group, and its view (prev/next, edit link). Two builds that give a page the same
 * key and the same record write the same files, so the second keeps the first's.
 * Keep in step with `pageView` and the Sidebar.
 */
export function layoutKeys(site: Site<PageOutline>, salt: string): (page: PageOutline) => string {
  // A site in several languages: each page is laid out in its locale's site.
  if (siteViews(site.config)) {
    const keys = new Map([...localeSites(site).values()].map((view) => [view, layoutKeys(view, salt)]));
    return (page) => keys.get(siteOf(site, page.regularPath))!(page);
  }
  // MDX components change only the pages that use them: their Markdown cache keys hold the components' code.
  // The theme (src/theme/config.ts) stays in: its layout overrides' bundled code re-renders every page when it changes.
  // Plugins are code: what they add to a layout is in the assets (src/plugins/assets.ts), the users' Markdown plugins in the records.
  const {
    sidebar: _sidebar,
    redirects: _redirects,
    mdx: _mdx,
    plugins: _plugins,
    markdown,
    ...config
  } = site.config as ResolvedConfig & Record<string, unknown>;
  const { remarkPlugins: _remark, rehypePlugins: _rehype, ...markdownOptions } = markdown;
  const base = sha1(salt, JSON.stringify({ ...config, markdown: markdownOptions }));
  // Every page shows each group's title (linking to its first page) and the top-level links.
  const keys = navKeys(site.sidebars, site.nav);
  const nav = sha1(base, keys.shared);
  const groups = keys.groups.map((g) => (g ? sha1(g) : ''));
  // The view's `open` and `sidebar` name the groups open and the sidebar shown.
  return (page) => {
    const { page: _page, nav: _nav, group, ...view } = pageView(site, page);
    return sha1(nav, String(group), groups[group] ?? '', JSON.stringify(view));
  };
}
