/** What the search index holds of a page (src/search/records.ts), and what a plugin's `searchRecords` hook is given and returns. */

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
