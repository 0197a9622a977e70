import { groupOf, isGroup, type Site } from '../site.js';
import type { PageOutline } from '../types.js';

/**
 * schema.org `BreadcrumbList` for a page: its sidebar group (linking to the group's first page),
 * then the page. Pages outside a group get none (a one-item trail tells a search engine nothing).
 * A `<script type="application/ld+json">` is data, never run, so the CSP needs no hash for it.
 */
export function breadcrumbJsonLd(site: Site<PageOutline>, page: PageOutline): string {
  const entry = site.nav[groupOf(site, page.regularPath)];
  if (!entry || !isGroup(entry)) return '';
  // The render stage imports this module, so it builds absolute URLs itself rather than import render's helper.
  const absolute = (urlPath: string) => (site.config.product ? new URL(urlPath, site.config.product.siteUrl).href : urlPath);
  const items = [
    { name: entry.text, url: absolute(entry.items[0].href) },
    { name: page.title, url: absolute(page.path) },
  ];
  const data = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({ '@type': 'ListItem', position: i + 1, name: item.name, item: item.url })),
  };
  // `<` escaped so no text in a title can close the script element.
  return `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
}
