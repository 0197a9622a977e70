import { type Site } from '../model/site.js';
import type { PageRecord } from '../model/page.js';
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
export declare function searchPages(site: Site): SearchPage[];
export declare function searchPage(page: PageRecord, group?: string): SearchPage;
/**
 * A digest of all search shows of a page (URL, title, group, each section's slug, heading and
 * text): equal digests, equal pages. Hashed once a page, as one string: the search stage's keys
 * (the stage's own, each page's terms', each block of page files') are made of these. At 10,000
 * pages, hashing the text part by part for each key took 3 s of a one-page edit's build. A page's
 * digest is made with it, from its record's (`searchPage`); a plugin's record's, from its text.
 */
export declare function pageDigest(page: SearchPage): string;
