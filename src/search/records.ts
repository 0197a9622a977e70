import { groupOf, type Site } from '../model/site.js';
import type { PageRecord } from '../model/page.js';
import type { SearchPage, SearchSection } from '../model/search-page.js';
import { collect } from '../plugins/index.js';
import { BuildError } from '../model/errors.js';
import { SECTION_SLOTS } from './postings.js';
import { sha1 } from '../incremental/hash.js';
import { sectionsKey } from '../incremental/record-parts.js';

/**
 * What the index holds: every page but those with `search: false` in their frontmatter, split
 * into sections. Page records already carry per-section text without code blocks; navigation,
 * the table of contents and the footer are not part of them. The top of the page always exists,
 * so a query that names the page lands on it; its text is the description followed by the
 * introduction. The plugins' records (`searchRecords`) follow the pages'.
 */
export function searchPages(site: Site): SearchPage[] {
  // The build's key of the search stage and the index itself read the same site's pages: made once.
  let made = madeFor.get(site);
  if (!made) madeFor.set(site, (made = pagesOf(site)));
  return made;
}

const madeFor = new WeakMap<Site, SearchPage[]>();

function pagesOf(site: Site): SearchPage[] {
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
  // The sections are made when first read: an edit reads those of the pages whose text changed,
  // and tells the others by their digest, made of the record's sections' (src/incremental/record-parts.ts).
  let sections: SearchSection[] | undefined;
  const made: SearchPage = {
    route: page.regularPath,
    url: page.path,
    title: page.title,
    group,
    get sections() {
      return (sections ??= searchSections(page));
    },
  };
  // Tagged apart from a plugin record's digest (`pageDigest`), which is made of its text.
  digests.set(made, sha1(`page\0${page.path}\0${page.title}\0${group}\0${page.description}\0${sectionsKey(page)}`));
  return made;
}

function searchSections(page: PageRecord): SearchSection[] {
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
  return [top, ...rest];
}

const digests = new WeakMap<SearchPage, string>();

/**
 * A digest of all search shows of a page (URL, title, group, each section's slug, heading and
 * text): equal digests, equal pages. Hashed once a page, as one string: the search stage's keys
 * (the stage's own, each page's terms', each block of page files') are made of these. At 10,000
 * pages, hashing the text part by part for each key took 3 s of a one-page edit's build. A page's
 * digest is made with it, from its record's (`searchPage`); a plugin's record's, from its text.
 */
export function pageDigest(page: SearchPage): string {
  let digest = digests.get(page);
  if (digest === undefined) {
    let text = `text\0${page.url}\0${page.title}\0${page.group}`;
    for (const s of page.sections) text += `\0${s.slug}\0${s.heading}\0${s.text}`;
    digests.set(page, (digest = sha1(text)));
  }
  return digest;
}
