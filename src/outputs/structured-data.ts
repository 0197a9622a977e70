import { firstLink, groupAt } from '../model/nav.js';
import { openGroups, type Site } from '../model/site.js';
import type { PageOutline } from '../model/page.js';

/**
 * schema.org `BreadcrumbList` for a page: the sidebar groups holding it, outermost first (each
 * linking to its first page), then the page. Pages outside a group get none (a one-item trail tells a search engine nothing).
 * A `<script type="application/ld+json">` is data, never run, so the CSP needs no hash for it.
 */
export function breadcrumbJsonLd(site: Site<PageOutline>, page: PageOutline): string {
  const groups = openGroups(site, page.regularPath).map((id) => groupAt(site.nav, id)!);
  if (!groups.length) return '';
  // The render stage imports this module, so it builds absolute URLs itself rather than import render's helper.
  const absolute = (urlPath: string) => (site.config.siteUrl ? new URL(urlPath, site.config.siteUrl).href : urlPath);
  const items = [
    ...groups.map((group) => ({ name: group.text, url: absolute(firstLink(group).href) })),
    { name: page.title, url: absolute(page.path) },
  ];
  const data = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: item.name,
      item: item.url,
    })),
  };
  // `<` escaped so no text in a title can close the script element.
  return `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
}
