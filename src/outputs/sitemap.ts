import { absolute } from '../model/site.js';
import type { Site } from '../model/site.js';
import type { OutputFile } from '../model/page.js';
import { lastModified } from './last-modified.js';
import { siteOf } from '../i18n/site.js';
import { alternates } from '../i18n/view.js';
import { pageUrl, withBase } from '../shared/paths.js';
import type { Plugin } from '../plugins/types.js';

/** `sitemap.xml` and the `robots.txt` that points to it, through the plugin API (src/plugins/builtin.ts). */
export const sitemapPlugin: Plugin = {
  name: 'docs:sitemap',
  outputs: ({ site }) => [sitemapFile(site), robotsFile(site)],
};

/** `robots.txt`: every crawler welcome, and where the sitemap is. */
export function robotsFile(site: Site): OutputFile {
  return {
    path: 'robots.txt',
    contents: `User-agent: *\nAllow: /\n\nSitemap: ${absolute(site, withBase(site.config.base, 'sitemap.xml'))}\n`,
  };
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** `sitemap.xml`: every page (but `noindex` ones) with the date its source last changed (robots.txt points to it). */
export function sitemapFile(site: Site): OutputFile {
  // The layout's "Last updated" dates when it has them (the same look-up: at 10,000 pages not made twice).
  const dates = site.lastUpdated ?? lastModified(site);
  // Old versions are left out: their pages name the current ones as canonical. So are pages that ask not to be indexed.
  const urls = site.pages
    .filter(
      (page) => siteOf(site, page.regularPath).i18n?.locale.version?.kind !== 'older' && !page.frontmatter.noindex,
    )
    .map((page) => {
      const date = dates.get(page.relativePath);
      const others = alternates(siteOf(site, page.regularPath), page).map(
        (a) =>
          `<xhtml:link rel="alternate" hreflang="${escapeXml(a.lang)}" href="${escapeXml(absolute(site, pageUrl(site.config.base, a.route)))}"/>`,
      );
      return `<url><loc>${escapeXml(absolute(site, page.path))}</loc>${date ? `<lastmod>${date}</lastmod>` : ''}${others.join('')}</url>`;
    });
  // Google's form of a page's translations: xhtml:link alternates in the page's <url>.
  const xhtml = site.config.locales ? ' xmlns:xhtml="http://www.w3.org/1999/xhtml"' : '';
  const contents = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"${xhtml}>\n${urls.join('\n')}\n</urlset>\n`;
  return { path: 'sitemap.xml', contents };
}
