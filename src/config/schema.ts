/**
 * What a configuration is: the schema of docs.config.ts (its validation and, inferred, its type) and the resolved
 * configuration every stage reads. Types and schemas only: the modules that read a configuration import their types
 * from here, not from src/config/index.ts, which loads one (and imports the plugins that read it).
 */
import { z } from 'zod';
import { badgeSchema, FRONTMATTER_TYPES, type FrontmatterType } from '../content/frontmatter.js';
import { MIN_HEAP_MB, type MarkdownLimits } from '../markdown/limits.js';
import { DANGEROUS_SCHEMES, type SecurityConfig } from '../markdown/security.js';
import { themeOptions, type ResolvedTheme } from '../theme/config.js';
import { languageTag, localesSchema, type ResolvedLocale } from '../i18n/locales.js';
import { versionsSchema, type ResolvedVersion } from '../versions/config.js';
import type { EditFolder } from '../versions/paths.js';
import type { MarkdownPluginEntry, Plugin } from '../plugins/types.js';
import { redirectTargetProblem } from '../shared/paths.js';

const route = z.string().regex(/^\//, 'a route starting with "/"');

/**
 * The public path the site is served under: segments of URL-safe characters, starting and ending
 * with "/". It is written into every page (links, scripts, the CSP), so it may hold no quote or
 * angle bracket, and no "//" (a URL of another host) or ".." segment.
 */
export const BASE_PATH = /^\/(?:(?!\.{1,2}\/)[A-Za-z0-9._~-]+\/)*$/;
export const BASE_PATH_EXPECTED =
  'a path of URL-safe segments (letters, digits, ".", "-", "_", "~") that starts and ends with "/", such as "/docs/"';

const sidebarLink = z.strictObject({
  /** Label shown in the sidebar. */
  text: z.string().min(1),
  /** A route of the site ("/orgs/") or an external URL. */
  link: z.string().min(1),
  /** A short word beside the label: "New", or `{ text: 'Beta', variant: 'beta' }`. */
  badge: badgeSchema.optional(),
});

/** A group of items, which may hold groups of its own (any depth). */
const sidebarGroup = z.strictObject({
  text: z.string().min(1),
  /** Routes of pages ("/quickstart/"), explicit links, or nested groups; a route shows that page's title. */
  get items() {
    return z.array(z.union([route, sidebarLink, sidebarGroup])).min(1);
  },
  /** Closed unless it holds the current page; `false` keeps it open on every page. @default true */
  collapsed: z.boolean().optional(),
  badge: badgeSchema.optional(),
});

const sidebarItems = z.array(z.union([route, sidebarGroup, sidebarLink]));

/** One sidebar for the whole site, or one per path prefix (the longest prefix of a page's route wins). */
export const sidebarSchema = z.union([
  sidebarItems,
  z.record(z.string().regex(/^\/(.*\/)?$/, 'a path prefix that starts and ends with "/"'), sidebarItems),
]);

/** A link in the top bar (on phones, at the top of the navigation drawer). */
const topNavLink = z.strictObject({
  text: z.string().min(1),
  /** A route of the site ("/changelog/") or an external URL. */
  link: z.string().min(1),
  /** Marked as the current section on every page whose route starts with this prefix ("/api/"); otherwise only on its own page. */
  match: route.optional(),
});

const redirect = z.strictObject({
  /** The old path, relative to the base ("/cron"). */
  from: route,
  /** A route of the site or an external http(s) URL. */
  to: z.string().refine((to) => redirectTargetProblem(to) === null, {
    message: 'a path of the site (such as "/guide/") or an http:// or https:// URL',
  }),
  /** Match only this exact path, not its slash or index.html forms (and write no stub page). */
  exact: z.boolean().optional(),
});

/** What a check that a team may reasonably not want as a failure does: fail the build, print a warning, or nothing. */
const severity = z.enum(['error', 'warning', 'off']);
export type Severity = z.infer<typeof severity>;

const fn = z.custom<(...args: never[]) => unknown>((v) => typeof v === 'function', 'a function');

/** A unified plugin, alone or with its options. */
const markdownPlugin = z.union([fn, z.tuple([fn], z.unknown())]);

/** A build plugin (src/plugins/types.ts): a name and hooks; an unknown key is a misspelt hook. */
const plugin = z.strictObject({
  name: z.string().min(1),
  config: fn.optional(),
  pages: fn.optional(),
  head: fn.optional(),
  css: fn.optional(),
  clientModules: fn.optional(),
  searchRecords: fn.optional(),
  checks: fn.optional(),
  outputs: fn.optional(),
  buildEnd: fn.optional(),
  unversioned: z.array(z.string().min(1)).optional(),
});

/** The schema of docs.config.ts: its validation and, inferred, its type (the guide's configuration reference walks it). */
export const userConfigSchema = z.strictObject({
  /** Site title, after the page title in `<title>`. @default "Documentation" */
  title: z.string().min(1).optional(),
  /** Description for pages that do not set one and for llms.txt. */
  description: z.string().optional(),
  /** Public path the site is served under ("/docs/" for a site at example.com/docs/). @default "/" */
  base: z.string().regex(BASE_PATH, BASE_PATH_EXPECTED).optional(),
  /** `<html lang>`. @default "en-US" */
  lang: languageTag.optional(),
  /** Translated docs: `root` (the default language, content/) and a key per other language (content/<key>/, routes /<key>/...). */
  locales: localesSchema,
  /** Versioned docs: the current version (content/, at /docs/), older snapshots (versions/<name>/, at /docs/<name>/) and an optional unreleased "next". */
  versions: versionsSchema,
  /** Folder of Markdown pages, relative to the root. @default "content" */
  contentDir: z.string().optional(),
  /** Output folder, relative to the root. @default "dist" */
  outDir: z.string().optional(),
  /**
   * The address the site is published at, with its origin ("https://example.com"): the sitemap, canonical
   * links, feeds and structured data need absolute URLs. Without it a build warns once and writes relative ones.
   */
  siteUrl: z.string().url().optional(),
  /** @deprecated Use `siteUrl`: only `product.siteUrl` was ever read (name and slug belong in `constants`). */
  product: z.strictObject({ name: z.string(), slug: z.string(), siteUrl: z.string().url() }).optional(),
  /** The API reference pages draw from OpenAPI documents (frontmatter `openapi:`). */
  openapi: z
    .strictObject({
      /** The environment variable the request samples read the credential from. @default "API_KEY" */
      apiKeyVariable: z
        .string()
        .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'an environment variable name')
        .optional(),
    })
    .optional(),
  /** Where "Edit this page" points; `:path` is replaced by the source path under the content folder. */
  editLink: z.strictObject({ pattern: z.string().includes(':path'), text: z.string().optional() }).optional(),
  /** Values Markdown refers to as `%{name}`. */
  constants: z.record(z.string().regex(/^[A-Za-z][A-Za-z0-9_]*$/), z.union([z.string(), z.number()])).optional(),
  /** Tag-manager analytics; off unless a container id is set. */
  analytics: z
    .strictObject({
      containerId: z
        .string()
        .regex(/^GTM-[A-Z0-9]+$/)
        .optional(),
    })
    .optional(),
  /**
   * "Was this page helpful?" at the foot of each page: two buttons and an optional comment, sent with a click
   * only, never for a visitor who sends Do Not Track or Global Privacy Control. Off unless set.
   */
  feedback: z
    .strictObject({
      /** Where answers go: the analytics container (an event), the endpoint (a POST of JSON), or both. @default "endpoint" when one is set, else "analytics" */
      to: z.enum(['analytics', 'endpoint', 'both']).optional(),
      /** The URL answers are POSTed to (HTTPS, or HTTP on a loopback address); it must answer CORS for the site's origin. */
      endpoint: z
        .string()
        .url()
        .refine(
          (url) => /^https:/i.test(url) || /^http:\/\/(localhost|127(\.\d+){3}|\[::1\])(:\d+)?\//i.test(url),
          'an https:// URL (http:// only on a loopback address)',
        )
        .optional(),
      /** Offer a comment box after the vote. @default true */
      comment: z.boolean().optional(),
    })
    .optional(),
  /** An Open Graph image for each page, made at build time (only when the site's URL is configured). @default true */
  socialCards: z.boolean().optional(),
  /** Browser runtime timings: page-load timeout, scroll-spy throttle and offset, progress bar. */
  runtime: z
    .strictObject({
      pageTimeoutMs: z.number().int().positive().optional(),
      scrollThrottleMs: z.number().int().nonnegative().optional(),
      activeHeadingOffsetPx: z.number().nonnegative().optional(),
      progress: z
        .strictObject({
          minimum: z.number().min(0).max(1).optional(),
          speedMs: z.number().nonnegative().optional(),
          trickleRate: z.number().min(0).max(1).optional(),
          trickleSpeedMs: z.number().nonnegative().optional(),
        })
        .optional(),
    })
    .optional(),
  /**
   * Which of the peers' lenient defaults are errors here instead. `true`: all of them (the Conduit site's choice);
   * an object: one key a rule. @default false (every rule lenient, as VitePress, Docusaurus and Starlight are)
   */
  strict: z
    .union([
      z.boolean(),
      z.strictObject({
        /** A page needs frontmatter `title`, and its body no `# Heading` (otherwise the first `# Heading` is the title). */
        title: z.boolean().optional(),
        /** A page needs frontmatter `description` (otherwise its first paragraph is the meta description). */
        description: z.boolean().optional(),
        /** An unknown fence language is an error (otherwise a warning, and the block is plain text). */
        codeLanguage: z.boolean().optional(),
        /** A code block in a code group needs a title (otherwise the tab shows its language). */
        codeGroupTitles: z.boolean().optional(),
        /** Which languages' code blocks must parse: `true` for every language the check reads (js, ts, json, yaml, python...). @default [] */
        codeParse: z.union([z.boolean(), z.array(z.string().min(1))]).optional(),
      }),
    ])
    .optional(),
  /**
   * The team's own frontmatter keys and their types: any other key no feature reads is an error (a misspelt key fails
   * with "did you mean"). For example `{ audience: 'string', reviewed: 'boolean' }`.
   */
  frontmatter: z.record(z.string().min(1), z.enum(FRONTMATTER_TYPES)).optional(),
  /** Markdown rendering. */
  markdown: z
    .strictObject({
      /** Number the lines of every code block; a block's `:line-numbers` or `:no-line-numbers` wins. @default false */
      lineNumbers: z.boolean().optional(),
      /** The grammars that highlight code: highlight.js's, or VS Code's through Shiki (more precise, slower: see README). @default "lowlight" */
      highlighter: z.enum(['lowlight', 'shiki']).optional(),
      /** unified plugins run on the Markdown tree after ours (callouts, directives, heading ids), before it becomes HTML: a plugin or [plugin, options]. See README "Extending". */
      remarkPlugins: z.array(markdownPlugin).optional(),
      /** unified plugins run on the HTML tree after ids and highlighting, before the outline, links and security rules: a plugin or [plugin, options]. */
      rehypePlugins: z.array(markdownPlugin).optional(),
    })
    .optional(),
  /** Search settings: groups of words that find each other. */
  search: z.strictObject({ synonyms: z.array(z.array(z.string().min(1)).min(2)).optional() }).optional(),
  /**
   * Checks whose findings are a matter of taste: two pages sharing a description, a page that neither the
   * sidebar nor another page links to. Every other check always fails the build. @default "warning" each
   */
  checks: z
    .strictObject({
      duplicateDescriptions: severity.optional(),
      orphans: severity.optional(),
      /** Warnings that remark and rehype plugins raise (`file.message`); their errors (`file.fail`) always fail the build. @default "warning" */
      markdownPlugins: severity.optional(),
    })
    .optional(),
  /**
   * Sidebar groups (nested to any depth) and links; `{ '/api/': [...], '/': [...] }` for one sidebar a
   * path prefix. When absent it is made from the folder tree (see `_folder.yml` in the README).
   */
  sidebar: sidebarSchema.optional(),
  /** Links in the top bar: sections of the site or other sites. @default [] */
  topNav: z.array(topNavLink).optional(),
  /** Old paths and where they now live. */
  redirects: z.array(redirect).optional(),
  /** What a page may be: a page past a limit is refused with its line (src/markdown/limits.ts). */
  limits: z
    .strictObject({
      /** Largest page file (frontmatter included, and the page with its includes expanded), in bytes. @default 524288 (512 KB) */
      pageBytes: z.number().int().positive().optional(),
      /** Deepest nesting of lists, block quotes and callouts. @default 32 */
      nesting: z.number().int().positive().optional(),
      /** Longest one page's Markdown may take to parse, in milliseconds. @default 30000 */
      parseMs: z.number().int().positive().optional(),
      /** Most cells one table may have, its header row included. @default 5000 */
      tableCells: z.number().int().positive().optional(),
      /** Most nodes one Mermaid diagram may have. @default 200 */
      diagramNodes: z.number().int().positive().optional(),
      /** Most edges (arrows and links) one Mermaid diagram may have; in diagrams other than flowcharts and state diagrams, most statements (lines). @default 150 */
      diagramEdges: z.number().int().positive().optional(),
      /** Largest text of one Mermaid diagram, in bytes. @default 16384 (16 KB) */
      diagramBytes: z.number().int().positive().optional(),
      /** Longest one MDX page may take to evaluate and render, in milliseconds. @default 30000 */
      mdxMs: z.number().int().positive().optional(),
      /** Longest one plugin hook, or loading the configuration, may take, in milliseconds. @default 60000 */
      hookMs: z.number().int().positive().optional(),
      /** Most memory, in MB, a thread that renders pages (MDX pages among them) may use; at least 256. @default 1024 */
      heapMb: z.number().int().min(MIN_HEAP_MB).optional(),
      /** Largest file the build reads for the site (a page, a partial, an image, a download), in bytes. @default 67108864 (64 MB) */
      fileBytes: z.number().int().positive().optional(),
    })
    .optional(),
  /** What pages may run or link to: by default scripts and `javascript:`-like links are errors (src/markdown/security.ts, src/checks/security.ts). */
  security: z
    .strictObject({
      /** Allow raw `<script>`, event-handler attributes (`onclick`) and `.js` files in the content folder. @default false */
      allowScripts: z.boolean().optional(),
      /** Which of the schemes refused in links and images (javascript, vbscript, data, file) to allow, for example ["data"]. @default [] */
      allowedUrlSchemes: z.array(z.enum(DANGEROUS_SCHEMES)).optional(),
      /**
       * Which pages may be MDX, whose JavaScript runs at build time with the build's rights: "allow" (any
       * page), "refuse" (none), or the folders of the content folder that may hold them (["examples/"]).
       * Set "refuse" (or a list of folders only maintainers change) when pull requests from strangers are built. @default "allow"
       */
      mdx: z
        .union([
          z.enum(['allow', 'refuse']),
          z.array(
            z
              .string()
              .regex(/^(?!\/)(?!(?:.*\/)?\.\.(?:\/|$)).+$/, 'a folder under the content folder, such as "examples/"'),
          ),
        ])
        .optional(),
    })
    .optional(),
  /** MDX pages (.mdx). */
  mdx: z
    .strictObject({
      /** A module (.tsx, .jsx, .ts, .js; relative to the root) whose named exports every .mdx page may use as components. */
      components: z.string().min(1).optional(),
    })
    .optional(),
  // head, customCss, logo, social, footer, banner, lastUpdated, themeDir: src/theme/config.ts
  ...themeOptions,
  /** Build plugins, run in this order after the built-in ones (llms.txt, sitemap, OpenAPI reference). See README "Extending". */
  plugins: z.array(plugin).optional(),
});

/** What `docs.config.ts` exports: every key optional (see the schema above and README). Plugins are typed by src/plugins/types.ts. */
export type UserConfig = Omit<z.input<typeof userConfigSchema>, 'plugins'> & { plugins?: Plugin[] };
export type SidebarLinkConfig = z.infer<typeof sidebarLink>;
export type SidebarGroupConfig = z.infer<typeof sidebarGroup>;
export type SidebarItemConfig = z.infer<typeof sidebarItems>[number];
export type BadgeConfig = z.infer<typeof badgeSchema>;
export type TopNavLinkConfig = z.infer<typeof topNavLink>;
export type RedirectConfig = z.infer<typeof redirect>;

export interface RuntimeConfig {
  pageTimeoutMs: number;
  scrollThrottleMs: number;
  activeHeadingOffsetPx: number;
  progress: { minimum: number; speedMs: number; trickleRate: number; trickleSpeedMs: number };
}

/** The configuration every stage reads: defaults applied, paths absolute. */
export interface ResolvedConfig {
  root: string;
  contentDir: string;
  outDir: string;
  /** The config file, when there is one (watched by `dev`). */
  configFile?: string;
  title: string;
  description: string;
  base: string;
  lang: string;
  /** The site's languages, the root locale first (src/i18n/locales.ts); undefined for a single-language site. */
  locales?: ResolvedLocale[];
  /** The site's versions, the current one first (src/versions/config.ts); undefined for an unversioned site. */
  versions?: ResolvedVersion[];
  /** The site's published address (`siteUrl`, or the deprecated `product.siteUrl`); undefined when not configured. */
  siteUrl?: string;
  openapi: { apiKeyVariable: string };
  /** `folder`: set in the site of an old version (src/i18n/site.ts), whose files are in versions/<name>/. */
  editLink?: { pattern: string; text: string; folder?: EditFolder };
  constants: Record<string, string | number>;
  analytics: { containerId?: string };
  /** "Was this page helpful?": off when undefined; where answers go otherwise. */
  feedback?: { analytics: boolean; endpoint?: string; comment: boolean };
  /** Social cards (src/outputs/social-cards.ts); made only where the site's URL is known too. */
  socialCards: boolean;
  runtime: RuntimeConfig;
  markdown: {
    lineNumbers: boolean;
    highlighter: 'lowlight' | 'shiki';
    remarkPlugins: MarkdownPluginEntry[];
    rehypePlugins: MarkdownPluginEntry[];
  };
  search: { synonyms: string[][] };
  /** The peers' lenient defaults, each `true` where the configuration makes it an error (`strict`). */
  strict: StrictRules;
  /** Frontmatter keys the team declared, with their types. */
  frontmatter: Record<string, FrontmatterType>;
  checks: { duplicateDescriptions: Severity; orphans: Severity; markdownPlugins: Severity };
  /** Sidebars by path prefix ("/" for the whole site), as configured; absent when generated from the folders. */
  sidebar?: Record<string, SidebarItemConfig[]>;
  topNav: TopNavLinkConfig[];
  redirects: RedirectConfig[];
  limits: MarkdownLimits;
  security: SecurityConfig;
  /** `mdx.components` bundled (src/markdown/mdx.ts): the code every thread runs, and its hash for cache keys. */
  mdx: { components?: { file: string; code: string; names: string[]; hash: string } };
  /** Head tags, stylesheets, logo, links, banner and layout overrides of the project (src/theme/config.ts). */
  theme: ResolvedTheme;
  /** The built-in plugins, then the configuration's (their `config` hooks already applied). */
  plugins: Plugin[];
}

export interface StrictRules {
  title: boolean;
  description: boolean;
  codeLanguage: boolean;
  codeGroupTitles: boolean;
  /** The languages whose code blocks must parse; `true`: every language the check reads. */
  codeParse: true | string[];
}
