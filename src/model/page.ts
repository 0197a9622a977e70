import type { Frontmatter, KeyLines } from '../content/frontmatter.js';
import type { Included } from '../markdown/includes.js';

/** One Markdown file as read from disk, before any Markdown is parsed. */
export interface PageSource {
  /** Absolute path of the file. */
  file: string;
  /** Path under the content folder, with forward slashes ("workflows/steps/code/index.md"). */
  relativePath: string;
  /** Public path without the base ("/workflows/steps/code/"). */
  route: string;
  /** The Markdown after the frontmatter block. */
  body: string;
  /** Lines taken by the frontmatter: add to a body line to get the file line. */
  lineOffset: number;
  frontmatter: Frontmatter;
  /** The file line of each frontmatter key, from the parse (src/content/frontmatter.ts `frontmatterLine`). */
  keyLines?: KeyLines;
  /** Content hash of the whole file (cache key). */
  hash: string;
  /** The partials the body took in, and where each line came from (src/markdown/includes.ts). */
  included?: Included;
  /** MDX pages: the page's own component imports, bundled (src/markdown/mdx.ts). */
  components?: { code: string; names: string[] };
  /** What the page did not set and was derived as the peers derive it (src/content/index.ts `parseSource`). */
  derived?: Derived;
  /**
   * A site where some page's frontmatter `slug` moved it: where links to those pages' files go (their route by their
   * file's route), and a digest of that map, part of the page's Markdown cache key (src/content/slugs.ts).
   */
  linkRoutes?: { key: string; routes: Record<string, string> };
}

/** What a page took from its body rather than its frontmatter; `strict` turns each into an error (src/checks/frontmatter.ts). */
export interface Derived {
  /** The title came from the first `# Heading` (or the file name). */
  title?: true;
  /** The description came from the first paragraph. */
  description?: true;
  /** The file line of the leading `# Heading` that left the body. */
  heading?: number;
}

/** The schema and the type of a page's frontmatter live in src/content/frontmatter.ts. */
export type { Frontmatter, KeyLines } from '../content/frontmatter.js';

/** A level 2 or 3 heading of a page: the outline the table of contents and search draw on. */
export interface Header {
  level: 2 | 3;
  title: string;
  slug: string;
}

/** A link found in a page, kept so the site-wide check can resolve it. */
export interface LinkRef {
  /** What the writer wrote. */
  href: string;
  /** Route of the target page, or null for a same-page anchor or a static file. */
  route: string | null;
  /** A static file under the content folder ("guide/diagram.png"), when the link points at one. */
  file?: string;
  hash: string;
  line?: number;
  column?: number;
  /** The partial the link was written in, when not the page itself (`line` is then the partial's). */
  source?: string;
}

/** A section of a page's text, for search and llms outputs. */
export interface Section {
  /** Heading slug, or "" for the text before the first heading. */
  slug: string;
  title: string;
  level: 1 | 2 | 3;
  text: string;
}

/**
 * What a page is before its Markdown is parsed: its identity, routes, title and description and
 * frontmatter. The site's layout (sidebar, reading order, prev/next) is made from these.
 */
export interface PageOutline {
  /** Stable identifier, also the chunk id ("v-3f2a1b9c"). */
  key: string;
  title: string;
  description: string;
  frontmatter: Frontmatter;
  /** The file line of each frontmatter key (src/content/frontmatter.ts `frontmatterLine`). */
  keyLines?: KeyLines;
  /** Public path without the base ("/workflows/steps/code/"). */
  regularPath: string;
  /** Source file under the content folder ("workflows/steps/code/index.md"). */
  relativePath: string;
  /** Full URL path with the base ("/docs/workflows/steps/code/"). */
  path: string;
  /** Content hash of the source file. */
  hash: string;
  /** What the page did not set and was derived (src/content/index.ts `parseSource`). */
  derived?: Derived;
}

/** The page record: the outline and what its Markdown gave, for later stages. */
export interface PageRecord extends PageOutline {
  headers: Header[];
  /** Rendered HTML of the Markdown body. */
  html: string;
  /** Every id in the page body, for `#anchor` checks. */
  anchors: string[];
  links: LinkRef[];
  sections: Section[];
  /** The body as the reader sees it: Markdown with constants resolved. */
  markdown: string;
  /** Fenced code blocks, for the content checks (code parsing, CLI commands). */
  codeBlocks: CodeBlock[];
  /** What the page uses that has its own stylesheet (math, diagrams, images): linked only from pages that use it. */
  features: Feature[];
  /** The images the page shows, for their renditions (src/content/images.ts) and for the cache: a changed image renders the page again. */
  images: PageImage[];
  /** CSS the content needs besides the site's (KaTeX's glyph positions as classes), '' for none: src/pages/page-styles.ts. */
  css: string;
  /** Partials the page includes: editing one renders the page again. */
  includes?: string[];
}

/** A feature with a stylesheet of its own (client/features/<name>.css), and for some a script (SCRIPT_FEATURES, src/build/assets.ts). */
export type Feature = 'math' | 'diagram' | 'images' | 'api';

/** An image a page shows, read from the file at render time. */
export interface PageImage {
  /** Path under the content folder. */
  file: string;
  /** Content hash: names the renditions and tells the cache the file changed. */
  hash: string;
  width: number;
  height: number;
  /** A PNG or JPEG, rendered as AVIF and WebP renditions. */
  convert: boolean;
}

/** A fenced code block of a page, with constants resolved. */
export interface CodeBlock {
  lang: string;
  meta: string;
  code: string;
  /** File line of the opening fence: code line n is at `line + n`. */
  line: number;
  /** The partial the block was written in, when not the page itself (`line` is then the partial's). */
  source?: string;
  /** A checked plain-JavaScript block: whether acorn parses it as a module, judged where the page was rendered. */
  parses?: boolean;
}

/** A file of the built site, relative to the output folder. */
export interface OutputFile {
  path: string;
  contents: string | Uint8Array;
  /**
   * An identity of the contents the writer records in place of their SHA-1 (equal identities,
   * equal contents), and how to write the file without its contents in memory: a large file made
   * mostly of the previous output's bytes (src/outputs/pieces.ts).
   */
  hash?: string;
  writeTo?: (file: string) => void;
}
