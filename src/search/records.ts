import { groupOf, type Site } from '../site.js';
import type { PageRecord } from '../types.js';
import { collect } from '../plugins/index.js';
import { BuildError } from '../errors.js';
import { SECTION_SLOTS } from './postings.js';

/** One result a reader can land on: the top of a page, or one of its h2/h3 sections. */
export interface SearchSection {
  /** Heading id, "" for the top of the page. */
  slug: string;
  /** The heading as shown ("" for the top of the page). */
  heading: string;
  /** Plain text of the section as the reader sees it: constants resolved, no code blocks. */
  text: string;
}

export interface SearchPage {
  route: string;
  /** URL with the base ("/docs/a/b/"). */
  url: string;
  title: string;
  /** The sidebar group the page is in ("" for none): context for its title, like a breadcrumb. */
  group: string;
  /** `sections[0]` is the top of the page; the others follow the page's h2 and h3 headings. */
  sections: SearchSection[];
}

/**
 * What the index holds: every page but those with `search: false` in their frontmatter, split
 * into sections. Page records already carry per-section text without code blocks; navigation,
 * the table of contents and the footer are not part of them. The top of the page always exists,
 * so a query that names the page lands on it; its text is the description followed by the
 * introduction. The plugins' records (`searchRecords`) follow the pages'.
 */
export function searchPages(site: Site): SearchPage[] {
  const pages = site.pages
    .filter((page) => page.frontmatter.search !== false)
    .map((page) => searchPage(page, groupName(site, page)));
  return site.config.plugins
    ? [...pages, ...collect(site.config, 'searchRecords', { config: site.config, site })]
    : pages;
}

function groupName(site: Site, page: PageRecord): string {
  const entry = site.nav[groupOf(site, page.regularPath)];
  return entry && 'items' in entry ? entry.text : '';
}

export function searchPage(page: PageRecord, group = ''): SearchPage {
  const intro = page.sections.find((s) => s.slug === '')?.text ?? '';
  // The description is the page's own summary, written in the words a reader searches with: it
  // counts as text of the top of the page (once, when the introduction does not repeat it).
  const text =
    !page.description || intro.includes(page.description)
      ? intro || page.description
      : intro
        ? `${page.description}\n${intro}`
        : page.description;
  const top: SearchSection = { slug: '', heading: '', text };
  const rest = page.sections
    .filter((s) => s.slug !== '')
    .map((s) => ({ slug: s.slug, heading: s.title, text: s.text }));
  // A page's sections are numbered within its own slots (src/search/postings.ts): more cannot be indexed.
  if (rest.length + 1 > SECTION_SLOTS)
    throw new BuildError(
      `the page has ${rest.length} h2 and h3 headings; the search index takes at most ${SECTION_SLOTS - 1} a page`,
      { file: page.relativePath },
      'split the page into several pages, or leave it out of search with `search: false` in its frontmatter',
    );
  return { route: page.regularPath, url: page.path, title: page.title, group, sections: [top, ...rest] };
}
