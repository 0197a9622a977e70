import { readFileSync } from 'node:fs';
import path from 'node:path';
import { absolute } from '../model/site.js';
import { decodePath } from '../shared/paths.js';
import type { Site } from '../model/site.js';
import type { PageOutline, PageRecord } from '../model/page.js';

/**
 * A page as Markdown, the way a reader (or an AI assistant) sees it: `# Title`, the description,
 * then the body with constants resolved. Links between pages point to the published pages, since
 * the `.md` paths the writer used are relative to the source folder, which is not published.
 */
export function pageMarkdown(site: Site<PageOutline>, page: PageRecord): string {
  return `# ${page.title}\n\n${page.description}\n\n${absoluteLinks(site, page).trim()}\n`;
}

/**
 * The Markdown of a page whose files the build kept, as its `index.md` in the previous output has it
 * (`site.kept`): undefined when it cannot tell, and the page's Markdown is then made again from its record.
 */
export function keptMarkdown(site: Site, page: PageRecord): string | undefined {
  const file = `${page.regularPath.slice(1)}index.md`;
  if (!site.kept?.dir || !site.kept.pages.get(page)?.includes(file)) return undefined;
  try {
    return readFileSync(path.join(site.kept.dir, file), 'utf8');
  } catch {
    return undefined;
  }
}

/** The destination of an inline link or a definition: `](href`, `]: href`, or the same in angle brackets (`](<my page.md>`). */
const DESTINATION = /(\]\(\s*<|\]:\s*<)([^>\n]+)(?=>)|(\]\(\s*|\]:\s*)([^\s)<>]+)(?=[\s)]|$)/g;

/** Rewrites `](href` and `]: href` of the page's own links to the target page's public URL, in one pass over the text. */
function absoluteLinks(site: Site<PageOutline>, page: PageRecord): string {
  const urls = new Map<string, string>();
  for (const link of page.links) {
    if (link.route === null) continue;
    const target = site.byRoute.get(link.route);
    if (!target) continue;
    const url = absolute(site, target.path) + (link.hash ? `#${encodeURIComponent(link.hash)}` : '');
    // The parser percent-encodes what the writer wrote ("<two words.md>" is "two%20words.md"): both forms.
    for (const href of [link.href, decodePath(link.href)]) urls.set(href, url);
  }
  if (urls.size === 0) return page.markdown;
  return page.markdown.replace(
    DESTINATION,
    (whole, angled?: string, angledHref?: string, plain?: string, plainHref?: string) => {
      const href = angledHref ?? plainHref!;
      return urls.has(href) ? (angled ?? plain!) + urls.get(href) : whole;
    },
  );
}
