import { absolute } from '../render/index.js';
import type { Site } from '../site.js';
import type { OutputFile } from '../types.js';
import { lastModified } from './last-modified.js';
import { siteOf } from '../i18n/site.js';
import { alternates } from '../i18n/view.js';
import { pageUrl } from '../shared/paths.js';

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** `sitemap.xml`: every page with the date its source last changed (robots.txt points to it). */
export function sitemapFile(site: Site): OutputFile {
  const dates = lastModified(site);
  const urls = site.pages.map((page) => {
    const date = dates.get(page.relativePath);
    const others = alternates(siteOf(site, page.regularPath), page).map((a) => `<xhtml:link rel="alternate" hreflang="${escapeXml(a.lang)}" href="${escapeXml(absolute(site, pageUrl(site.config.base, a.route)))}"/>`);
    return `<url><loc>${escapeXml(absolute(site, page.path))}</loc>${date ? `<lastmod>${date}</lastmod>` : ''}${others.join('')}</url>`;
  });
  // Google's form of a page's translations: xhtml:link alternates in the page's <url>.
  const xhtml = site.config.locales ? ' xmlns:xhtml="http://www.w3.org/1999/xhtml"' : '';
  const contents = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"${xhtml}>\n${urls.join('\n')}\n</urlset>\n`;
  return { path: 'sitemap.xml', contents };
}
