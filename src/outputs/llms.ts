import { absolute } from '../model/site.js';
import { navLinks } from '../model/nav.js';
import { isGroup, type Site } from '../model/site.js';
import type { OutputFile, PageRecord } from '../model/page.js';
import type { Plugin } from '../plugins/types.js';
import { keptMarkdown, pageMarkdown } from './markdown-pages.js';
import { piecedFile } from './pieces.js';

/** llms.txt and llms-full.txt, through the plugin API (src/plugins/builtin.ts). */
export const llmsPlugin: Plugin = {
  name: 'docs:llms',
  outputs: ({ site }) => [{ path: 'llms.txt', contents: llmsIndex(site) }, llmsFullFile(site)],
};

const mdUrl = (site: Site, page: PageRecord) => absolute(site, `${page.path}index.md`);

/**
 * `llms.txt` (llmstxt.org): the site's title and summary, the home page, then every other page as a link to its
 * Markdown with its description, grouped as the sidebar groups them. `llms-full.txt`: every
 * page's Markdown in reading order, for assistants that take the whole site at once.
 */
function llmsIndex(site: Site): string {
  const { config } = site;
  const listed = new Set<PageRecord>();
  const item = (page: PageRecord) => {
    listed.add(page);
    return `- [${page.title}](${mdUrl(site, page)}): ${page.description}`;
  };
  // The home page first, beside the summary: the overview an assistant reads before the rest.
  const home = site.byRoute.get('/');
  const start = home ? `\n\n${item(home)}` : '';
  const sections: string[] = [];
  const loose: string[] = [];
  for (const entry of site.nav) {
    const links = navLinks([entry]);
    const lines = links
      .map((link) => (link.route ? site.byRoute.get(link.route) : undefined))
      .filter((p): p is PageRecord => Boolean(p) && !listed.has(p!))
      .map(item);
    if (isGroup(entry)) sections.push(`## ${entry.text}\n\n${lines.join('\n')}`);
    else loose.push(...lines);
  }
  // Sidebar links outside groups, then pages the sidebar does not show: still pages worth reading.
  loose.push(...site.pages.filter((p) => !listed.has(p)).map(item));
  if (loose.length) sections.push(`## More\n\n${loose.join('\n')}`);
  const summary = config.description ? `\n> ${config.description}\n` : '';
  const full = `Every page in one file: ${absolute(site, `${config.base}llms-full.txt`)}`;
  return `# ${config.title}\n${summary}\n${full}${start}\n\n${sections.join('\n\n')}\n`;
}

const readingOrder = (site: Site) => {
  const inOrder = new Set(site.order);
  return [...site.order, ...site.pages.filter((p) => !inOrder.has(p))];
};

/**
 * llms-full.txt as `llmsFull` makes it, a piece a page (src/outputs/pieces.ts): after an edit, the
 * pieces of the pages the build kept are copied from the previous output's file, and only the
 * edited pages' Markdown is made (or read from their kept `index.md`).
 */
function llmsFullFile(site: Site): OutputFile {
  // A page's head shows its URL: the site's address and the page's route, which names its piece.
  return piecedFile(
    site,
    'llms-full.txt',
    readingOrder(site).map((page, i) => {
      const head = `${i ? '\n---\n\n' : ''}<!-- Source: ${absolute(site, page.path)} -->\n\n`;
      return { page, key: i ? '' : 'first', make: () => head + (keptMarkdown(site, page) ?? pageMarkdown(site, page)) };
    }),
    absolute(site, site.config.base),
  );
}
