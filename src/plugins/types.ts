/**
 * The plugin API as users see it: every type a `docs.config.ts` may name. Re-exported by
 * src/config/index.ts, so `import { defineConfig, type Plugin } from '.../src/config/index.js'` is the one import.
 */
import type { UserConfig } from '../config/schema.js';
import type { BuildError, Place } from '../model/errors.js';
import type { SearchPage } from '../model/search-page.js';
import type { Site } from '../model/site.js';
import type { OutputFile, PageOutline, PageRecord, PageSource } from '../model/page.js';

export type { OutputFile, PageOutline, PageRecord, PageSource, Site };
export type { SearchPage as SearchRecord };

/** A unified plugin for `markdown.remarkPlugins` / `markdown.rehypePlugins`: the plugin, or [plugin, options]. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type MarkdownPluginEntry =
  ((this: any, ...options: any[]) => unknown) | [(this: any, ...options: any[]) => unknown, ...unknown[]];

/** What every hook receives. */
export interface PluginContext {
  /** The resolved configuration (defaults applied, paths absolute). */
  config: import('../config/index.js').ResolvedConfig;
}

/** A page with no Markdown file, added by a `pages` hook (generated from data). */
export interface GeneratedPage {
  /** Its route ("/reference/widgets/"): the page is written at `<base>reference/widgets/`. */
  route: string;
  title: string;
  description: string;
  /** Its body: Markdown with every extension of ours (callouts, code groups, `%{constants}`, links to `.md` files). */
  markdown: string;
  /** More frontmatter (`order`, `layout`, `search`, ...). */
  frontmatter?: Record<string, unknown>;
}

export interface PagesContext extends PluginContext {
  /** The pages read from the content folder, in path order. A hook may change a page's `body` (it is parsed after). */
  sources: readonly PageSource[];
  /** Adds a page that has no Markdown file. Its errors are reported under `<route>index.md` and the plugin's name. */
  addPage(page: GeneratedPage): void;
  /** Reports a problem with the content (the build fails once, with every problem, before anything is written). */
  report(message: string, place: Place, fix?: string): void;
}

/** A tag for the `<head>` of every page. An inline `<script>` gets its hash into the CSP of `_headers`. */
export interface HeadTag {
  tag: 'meta' | 'link' | 'script';
  attrs?: Record<string, string | true>;
  /** The text of an inline `<script>` (scripts only). */
  content?: string;
}

/** Browser code, bundled by esbuild (minified, content-hashed) and loaded as an ES module. */
export interface ClientModule {
  /** The module's entry file (.ts or .js), absolute or relative to the project root. */
  entry: string;
  /**
   * The pages that load it; every page when absent. Called with each page's outline before its Markdown is
   * parsed (title, route, frontmatter are set). The module runs once a visit, on the first page
   * that needs it, including pages the runtime shows without a reload (`docs:navigated` follows).
   */
  pages?: (page: PageOutline) => boolean;
}

/** A check of the registry (src/checks/index.ts): runs after every page is parsed, before anything is written. */
export interface Check {
  /** Names the check in messages and in `DEBUG` output. */
  name: string;
  /** What its findings do: fail the build, print a warning, or nothing (the check does not run). @default "error" */
  severity?: 'error' | 'warning' | 'off';
  run(site: Site): BuildError[] | Promise<BuildError[]>;
}

export interface SiteContext extends PluginContext {
  /** Every page, the sidebar and the reading order. */
  site: Site;
}

export interface BuildEndContext extends PluginContext {
  /** The output folder. */
  outDir: string;
  /** Every file of the site, relative to the output folder, sorted. */
  files: string[];
}

/**
 * A build plugin: a name and the hooks it needs, all optional. Hooks run in the order of
 * `plugins` (the built-in ones first). An error thrown by a hook fails the build with the plugin's
 * name and the hook's; `pages` and `buildEnd` may be async, the others are synchronous.
 */
export interface Plugin {
  /** Shown in every message about the plugin: "my-plugin" or "@acme/docs-plugin". */
  name: string;
  /** Extends the configuration before it is validated again: the returned keys are merged in (lists appended). */
  config?(config: UserConfig): UserConfig | void;
  /** After the content folder is read: add pages that have no Markdown file, or add to the pages read. */
  pages?(context: PagesContext): void | Promise<void>;
  /** Tags for the head of every page. */
  head?(context: PluginContext): HeadTag[];
  /** Stylesheets (CSS text) for every page, written as hashed files and linked after the site's. */
  css?(context: PluginContext): string[];
  /** Browser modules, loaded on the pages that need them. */
  clientModules?(context: PluginContext): ClientModule[];
  /** More search records (`url` may carry a `#hash`): found like pages' sections. */
  searchRecords?(context: SiteContext): SearchPage[];
  /** Checks for the registry: run by `build`, `dev` and `check`. */
  checks?(context: PluginContext): Check[];
  /** Files to write beside the pages (paths relative to the output folder). */
  outputs?(context: SiteContext): OutputFile[];
  /** After the output is written, with the list of its files. */
  buildEnd?(context: BuildEndContext): void | Promise<void>;
  /**
   * Folders of the content folder (and of each locale's) that the plugin owns and that are not versioned: `docs
   * version` leaves them out of a snapshot (the blog's posts are the site's, not a version's).
   */
  unversioned?: string[];
}
