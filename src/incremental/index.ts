/**
 * The floor plan of what the build keeps between runs: every store, what it keeps, the inputs of its key, who reads
 * it and when it is stale. A store not listed here does not exist (test/unit/incremental/stores.test.ts fails for a
 * `cachePath` whose name is missing). Every store lives under `node_modules/.cache/docs/` of the project
 * (`cachePath`, src/incremental/cache.ts), is salted by the generator's code (`codeVersion`: src/, templates/ and the
 * lockfile) besides the inputs below, and treats a file it cannot read as empty: a store can only make a build
 * faster, never different. `docs dev` is the build plus memory: the same stores, with some also held in the
 * process between saves (the `memory` column). Guarded by test/integration/build/differential.test.ts (random
 * edits of every kind of input, incremental output equal to a cold build's, byte for byte).
 */
export interface Store {
  /** Its name under the cache folder (a folder for sharded stores; a prefix for one file per output folder). */
  name: string;
  /** What it keeps. */
  keeps: string;
  /** What its key (or salt) is made of, besides the generator's code. */
  key: string;
  /** The module that reads and writes it. */
  module: string;
  /** When an entry is not used. */
  stale: string;
  /** What `docs dev` keeps of it in memory between saves, if anything. */
  memory?: string;
}

export const STORES: readonly Store[] = [
  {
    name: 'last-build-',
    keeps: "the last successful build's stamp of every input (file stats only) and the output version it left",
    key: 'the output folder (one record per output); the stamp: every project file by path, inode, size and times, the resolved configuration, the checked-out commit',
    module: 'src/incremental/build-record.ts',
    stale: 'any input stat differs, or the output version was touched; a build with `buildEnd` hooks keeps none',
  },
  {
    name: 'sources',
    keeps:
      "each page as the content stage left it (frontmatter parsed, partials taken in), 256 shards by path; a shard's pages serialized together (one decoding a shard), their bodies in a file beside it",
    key: "the page file's stamp and each partial's stamp (inode, size, modification and change time); in memory, its OpenAPI document's stamp too; salted by the content folders, `limits` and `security`",
    module: 'src/incremental/source-cache.ts',
    stale:
      "a stamp differs (one rule, `stillGood`, for disk and memory: `build` compares the walk's stamps, `dev` stats what the watcher named and each partial); pages with problems and MDX pages are never kept on disk",
    memory:
      'the same store opened with `memory`: each page as expanded, with its problems; the first build reads and writes the disk, later ones only memory; the listing is kept while every change the watcher names is an edit (src/content/memory.ts); every way the content stage differs in `dev` is decided in src/content/mode.ts',
  },
  {
    name: 'frontmatter.v8',
    keeps: 'parsed frontmatter (value and key lines) by its YAML text',
    key: 'the YAML text',
    module: 'src/incremental/frontmatter-cache.ts',
    stale:
      'never for a text (a build that parses every page drops the texts no page has any more; `dev` opens it only when it lists the content folder again, and adds to it)',
  },
  {
    name: 'markdown',
    keeps:
      'what Markdown produced of each page (HTML, headings, links, anchors, code blocks, sections, images), never its outline, in 256 shards by page key',
    key: "the value of MarkdownSettings (src/markdown/index.ts), the users' Markdown plugins by code, the page's path, body and frontmatter, MDX components' code, and on a site with `slug`s the addresses of the pages that have one (src/content/slugs.ts)",
    module: 'src/incremental/markdown-cache.ts',
    stale: 'its key differs or an image it shows changed; records of builds whose checks failed are not kept',
  },
  {
    name: 'layout-keys.v8',
    keeps: 'each page\'s layout key by route, with the "Last updated" date it was made for',
    key: "the layout's plan (src/pages/layout-keys.ts `LayoutMemo.plan`): the assets and templates as pages show them, the configuration and sidebars, every page's outline as other pages show it",
    module: 'src/incremental/layout-keys-store.ts',
    stale:
      "the plan differs (a title, path, frontmatter, folder file, asset or setting changed); a page's entry when its date differs",
    memory: "not read: `dev`'s `LayoutMemo` keeps the keys between saves",
  },
  {
    name: 'git-dates-',
    keeps: 'the dates git\'s log gives each file of a content folder ("Last updated", the sitemap), one file a folder',
    key: "the content folder, the commit checked out, a shallow clone's boundary (git's `shallow` file); not salted by the generator's code (the dates are git's): a format number instead",
    module: 'src/incremental/git-dates-store.ts',
    stale:
      'another commit is checked out (a commit, an amend, a checkout, a reset) or a shallow clone fetched more history; uncommitted edits and files git does not know are never in it (their dates come from the files in every build)',
    memory:
      "the log's dates by configuration (src/outputs/last-modified.ts): `dev` reads them again when its configuration changes",
  },
  {
    name: 'passed-blocks.v8',
    keeps: 'the code blocks whose parse and command checks passed',
    key: 'the block text and language, the check settings',
    module: 'src/build/mode.ts',
    stale: 'its key differs',
  },
  {
    name: 'link-checks.v8',
    keeps: "the links and orphans findings, each page's links digest and the routes it reaches",
    key: 'the routes and files of the site; each page by its links digest and the headings of the pages it links to',
    module: 'src/checks/stored-links.ts',
    stale:
      'a page added, removed or renamed (every page is checked again); otherwise per page, when its links or linked headings changed',
    memory:
      "the same store, never written: one instance a process (src/checks/index.ts ContentChecks); each record's key and the site's key by sidebars object (one plan)",
  },
  {
    name: 'search-index',
    keeps: "each page's terms, each shard's postings, the index's page list",
    key: "each page's search text; the same pages in the same order for a partial update",
    module: 'src/search/store.ts',
    stale: 'a page added, removed or moved, or a piece missing: the index is made whole from the stored terms',
  },
  {
    name: 'search-terms',
    keeps: "each page's terms for sites in several languages",
    key: "a hash of the page's search text",
    module: 'src/search/terms-cache.ts',
    stale: 'the text changed',
  },
  {
    name: 'search-files.v8',
    keeps: 'the names and hashes of the search files in the output',
    key: 'what search shows of every page',
    module: 'src/search/carry-over.ts',
    stale: 'anything search shows changed',
  },
  {
    name: 'search-blocks.v8',
    keeps: 'the titles-and-snippets files of each folder of 100 pages, by their hash',
    key: "a hash of the folder's pages' search text",
    module: 'src/search/page-blocks.ts',
    stale: 'a page of the folder shows other search text',
  },
  {
    name: 'pieces-',
    keeps: 'site-wide files made of one piece a page (llms-full.txt), each piece by page',
    key: "each page's record hash",
    module: 'src/outputs/pieces.ts',
    stale: "a page's piece changed (only those pieces are made again)",
  },
  {
    name: 'output-',
    keeps:
      "the output version's manifest: each page's files by route, a content hash of every other file; beside it the spare's (the version before, or after a full build a copy of this one)",
    key: 'the output folder',
    module: 'src/build/index.ts, src/incremental/stored-manifest.ts',
    stale: "a file's identity (inode, size, time) differs from the manifest's: it is written again",
  },
  {
    name: 'client-bundle',
    keeps: "esbuild's files of the browser runtime",
    key: "every file of client/, esbuild's options (the base, the runtime settings), the lockfile",
    module: 'src/build/client-bundle.ts',
    stale: 'its key differs',
    memory: 'the last four bundles',
  },
  {
    name: 'images',
    keeps: 'AVIF and WebP renditions of PNG and JPEG images',
    key: "the image's content hash and the rendition settings",
    module: 'src/content/images.ts',
    stale: 'never for a key (unused renditions are swept)',
  },
  {
    name: 'social-cards',
    keeps: "each page's social card (Open Graph image) as PNG",
    key: "the card's file name (a hash of what it shows: site title, section, title, description, logo URL, theme colours, the project's card template)",
    module: 'src/outputs/social-cards.ts',
    stale: 'never for a key: a card that shows something else has another name',
  },
];

/** The store a cache file or folder belongs to (by its name under the cache folder), if any. */
export function storeOf(name: string): Store | undefined {
  return STORES.find((store) => name === store.name || (store.name.endsWith('-') && name.startsWith(store.name)));
}

/** Names earlier versions of the generator kept, deleted when a build finds them (not read). */
export const RETIRED = ['search.v8', 'records.v8', 'html.v8'] as const;
