import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { BuildError, BuildFailure } from '../model/errors.js';
import { badgeSchema, FRONTMATTER_TYPES, type FrontmatterType } from '../content/frontmatter.js';
import { DEFAULT_LIMITS, MIN_HEAP_MB, type MarkdownLimits } from '../markdown/limits.js';
import { DANGEROUS_SCHEMES, type SecurityConfig } from '../markdown/security.js';
import { loadConfigComponents } from '../markdown/mdx.js';
import { resolveTheme, themeOptions, type ResolvedTheme } from '../theme/config.js';
import {
  languageTag,
  localesSchema,
  localizedRedirects,
  resolveLocales,
  type ResolvedLocale,
} from '../i18n/locales.js';
import { resolveVersions, SIDEBAR_FILE, versionsSchema, type ResolvedVersion } from '../versions/config.js';
import { siteViews } from '../versions/views.js';
import type { EditFolder } from '../versions/paths.js';
import { applyConfigHooks, type MarkdownPluginEntry, type Plugin } from '../plugins/index.js';
import { builtinPlugins } from '../plugins/builtin.js';
import { GENERATOR_ROOT } from '../generator-root.js';
import { closest } from '../shared/spelling.js';
import { DeadlineExceeded, settleWithin } from '../build/deadline.js';
import { DEFAULT_API_KEY_VARIABLE } from '../content/openapi.js';
import { redirectTargetProblem } from '../shared/paths.js';

export type * from '../plugins/types.js';
export { BuildError } from '../model/errors.js';
export type { SecurityConfig } from '../markdown/security.js';

const route = z.string().regex(/^\//, 'a route starting with "/"');

/**
 * The public path the site is served under: segments of URL-safe characters, starting and ending
 * with "/". It is written into every page (links, scripts, the CSP), so it may hold no quote or
 * angle bracket, and no "//" (a URL of another host) or ".." segment.
 */
export const BASE_PATH = /^\/(?:(?!\.{1,2}\/)[A-Za-z0-9._~-]+\/)*$/;
const BASE_PATH_EXPECTED =
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
const sidebar = z.union([
  sidebarItems,
  z.record(z.string().regex(/^\/(.*\/)?$/, 'a path prefix that starts and ends with "/"'), sidebarItems),
]);

/** A snapshot's sidebar.json is the configuration's `sidebar` as it was: it must still have that shape. */
function checkSnapshotSidebars(versions: ResolvedVersion[], root: string): void {
  const problems: BuildError[] = [];
  for (const version of versions) {
    if (version.sidebar === undefined) continue;
    const parsed = sidebar.safeParse(version.sidebar);
    if (parsed.success) continue;
    const issue = parsed.error.issues[0];
    problems.push(
      new BuildError(
        `${SIDEBAR_FILE} is not a sidebar: at ${issue.path.join('.') || '(top)'}: ${issue.message}`,
        { file: path.relative(root, path.join(version.contentDir, '..', SIDEBAR_FILE)) },
        'write it as the `sidebar` setting of docs.config.ts is written (a list of routes, links and groups), or take the snapshot again with `docs version <name>`',
      ),
    );
  }
  if (problems.length) throw new BuildFailure(problems);
}

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
  sidebar: sidebar.optional(),
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

/** The helpers a configuration imports live in src/config/define.ts (light to load); here for configs that import them from this module. */
export { defineConfig, definePlugin } from './define.js';

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

/** `strict` as written, each rule resolved. */
export function resolveStrict(
  strict: boolean | Partial<Omit<StrictRules, 'codeParse'> & { codeParse: boolean | string[] }> | undefined,
): StrictRules {
  if (typeof strict === 'boolean' || strict === undefined) {
    const on = strict === true;
    return { title: on, description: on, codeLanguage: on, codeGroupTitles: on, codeParse: on ? true : [] };
  }
  return {
    title: strict.title ?? false,
    description: strict.description ?? false,
    codeLanguage: strict.codeLanguage ?? false,
    codeGroupTitles: strict.codeGroupTitles ?? false,
    codeParse:
      strict.codeParse === true
        ? true
        : Array.isArray(strict.codeParse)
          ? strict.codeParse.map((l) => l.toLowerCase())
          : [],
  };
}

/** What the command line changes of the configuration. */
export interface ConfigOverrides {
  base?: string;
  outDir?: string;
  /** Leave the versions unresolved: `docs version` makes the snapshot the configuration may be waiting for. */
  withoutVersions?: boolean;
}

export const CONFIG_FILES = ['docs.config.ts', 'docs.config.mts', 'docs.config.js', 'docs.config.mjs'];

/** The keys an object of the schema takes at a path of the configuration ("theme" -> its options), for "did you mean". */
function keysAt(schema: z.ZodType, at: PropertyKey[]): string[] {
  const unwrap = (s: z.ZodType | undefined): z.ZodType | undefined => {
    for (let i = 0; s && i < 8; i++) {
      if (s instanceof z.ZodObject) return s;
      if (s instanceof z.ZodOptional || s instanceof z.ZodNullable || s instanceof z.ZodDefault)
        s = s.unwrap() as z.ZodType;
      else if (s instanceof z.ZodArray) s = s.element as z.ZodType;
      else if (s instanceof z.ZodPipe) s = s.in as z.ZodType;
      else return undefined;
    }
    return s;
  };
  let current = unwrap(schema);
  for (const part of at) {
    if (typeof part === 'number') continue; // an array's item: unwrap took the element already
    current = current instanceof z.ZodObject ? unwrap(current.shape[part as string] as z.ZodType) : undefined;
  }
  return current instanceof z.ZodObject ? Object.keys(current.shape) : [];
}

/** Validates a user config, listing every problem at once: key path, what was expected, what was found. */
function validate(user: unknown, file: string): z.output<typeof userConfigSchema> {
  const parsed = userConfigSchema.safeParse(user);
  if (!parsed.success) {
    throw new BuildFailure(
      specificIssues(parsed.error.issues).map((issue) => {
        const key = issue.path.join('.') || '(root)';
        const message =
          issue.code === 'unrecognized_keys'
            ? `unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${[...issue.path, k].join('.')}"`).join(', ')}`
            : `"${key}": ${issue.message}`;
        const near =
          issue.code === 'unrecognized_keys'
            ? issue.keys.flatMap((k) => {
                const known = closest(k, keysAt(userConfigSchema, issue.path));
                return known ? [`"${[...issue.path, known].join('.')}"`] : [];
              })
            : [];
        const fix =
          issue.code !== 'unrecognized_keys'
            ? `set "${key}" to ${describeExpected(issue)}`
            : near.length
              ? `did you mean ${near.join(', ')}? Otherwise remove it`
              : 'remove it or check its spelling against the documented options';
        return new BuildError(message, { file }, fix);
      }),
    );
  }
  return parsed.data;
}

/** Resolves a user config: defaults applied, paths absolute, plugins' `config` hooks run. */
export function resolveConfig(
  user: unknown,
  root: string,
  overrides: ConfigOverrides & { configFile?: string } = {},
): ResolvedConfig {
  const file = overrides.configFile
    ? path.relative(root, overrides.configFile) || overrides.configFile
    : 'configuration';
  const first = validate(user ?? {}, file);
  // Plugins may extend the configuration: what they return is merged in and validated again.
  const written = (user ?? {}) as UserConfig;
  const extended = first.plugins?.length ? applyConfigHooks(written, written.plugins as Plugin[], file) : written;
  const c = extended === written ? first : validate(extended, file);
  const base = overrides.base ?? c.base ?? '/';
  if (!BASE_PATH.test(base)) {
    throw new BuildFailure([
      new BuildError(
        `base ${JSON.stringify(base)} is not ${BASE_PATH_EXPECTED}`,
        { file: overrides.base !== undefined ? '--base' : file },
        'for example /docs/ (it is written into every page, so it may hold no quotes, angle brackets, "//" or "..")',
      ),
    ]);
  }
  const contentDir = path.resolve(root, c.contentDir ?? 'content');
  const outDir = path.resolve(root, overrides.outDir ?? c.outDir ?? 'dist');
  // The writer replaces the output folder whole: it must not hold the project or its pages.
  const within = (inner: string, outer: string) => inner === outer || inner.startsWith(outer + path.sep);
  const clash = within(root, outDir)
    ? 'would replace the whole project'
    : within(contentDir, outDir)
      ? 'would replace the content folder'
      : within(outDir, contentDir)
        ? 'is inside the content folder'
        : '';
  if (clash) {
    const flag = overrides.outDir !== undefined;
    throw new BuildFailure([
      new BuildError(
        `the output folder ${path.relative(root, outDir) || '.'} ${clash}`,
        { file: flag ? '--out' : file },
        `${flag ? 'pass --out' : 'set "outDir" to'} a folder of its own, such as dist`,
      ),
    ]);
  }
  const rt = c.runtime ?? {};
  const locales = resolveLocales(c.locales, c.lang ?? 'en-US');
  const versions = overrides.withoutVersions
    ? undefined
    : resolveVersions(
        c.versions,
        root,
        contentDir,
        (locales ?? []).map((l) => l.key),
        file,
      );
  checkSnapshotSidebars(versions ?? [], root);
  return {
    root,
    contentDir,
    outDir,
    configFile: overrides.configFile,
    title: c.title ?? 'Documentation',
    description: c.description ?? '',
    base,
    lang: c.lang ?? 'en-US',
    ...(locales ? { locales } : {}),
    ...(versions ? { versions } : {}),
    siteUrl: c.siteUrl ?? c.product?.siteUrl,
    openapi: { apiKeyVariable: c.openapi?.apiKeyVariable ?? DEFAULT_API_KEY_VARIABLE },
    editLink: c.editLink ? { pattern: c.editLink.pattern, text: c.editLink.text ?? 'Edit this page' } : undefined,
    constants: c.constants ?? {},
    analytics: { containerId: c.analytics?.containerId },
    ...(c.feedback ? { feedback: resolveFeedback(c.feedback, c.analytics?.containerId, file) } : {}),
    socialCards: c.socialCards ?? false,
    runtime: {
      pageTimeoutMs: rt.pageTimeoutMs ?? 120000,
      scrollThrottleMs: rt.scrollThrottleMs ?? 300,
      activeHeadingOffsetPx: rt.activeHeadingOffsetPx ?? 10,
      progress: {
        minimum: rt.progress?.minimum ?? 0.08,
        speedMs: rt.progress?.speedMs ?? 200,
        trickleRate: rt.progress?.trickleRate ?? 0.02,
        trickleSpeedMs: rt.progress?.trickleSpeedMs ?? 800,
      },
    },
    markdown: {
      lineNumbers: c.markdown?.lineNumbers ?? false,
      highlighter: c.markdown?.highlighter ?? 'lowlight',
      remarkPlugins: (c.markdown?.remarkPlugins ?? []) as MarkdownPluginEntry[],
      rehypePlugins: (c.markdown?.rehypePlugins ?? []) as MarkdownPluginEntry[],
    },
    search: { synonyms: c.search?.synonyms ?? [] },
    strict: resolveStrict(c.strict),
    frontmatter: c.frontmatter ?? {},
    checks: {
      duplicateDescriptions: c.checks?.duplicateDescriptions ?? 'warning',
      orphans: c.checks?.orphans ?? 'warning',
      markdownPlugins: c.checks?.markdownPlugins ?? 'warning',
    },
    sidebar: Array.isArray(c.sidebar) ? { '/': c.sidebar } : c.sidebar,
    topNav: c.topNav ?? [],
    redirects: localizedRedirects(
      c.redirects ?? [],
      siteViews({ locales, versions, lang: c.lang ?? 'en-US' }),
      (view) => (view.version?.redirects as RedirectConfig[] | undefined) ?? c.redirects ?? [],
    ),
    limits: { ...DEFAULT_LIMITS, ...c.limits },
    security: {
      allowScripts: c.security?.allowScripts ?? false,
      allowedUrlSchemes: c.security?.allowedUrlSchemes ?? [],
      mdx: Array.isArray(c.security?.mdx)
        ? c.security.mdx.map((folder) => `${folder.replace(/^\.\//, '').replace(/\/+$/, '')}/`)
        : (c.security?.mdx ?? 'allow'),
    },
    mdx: {
      components: c.mdx?.components
        ? loadConfigComponents(path.resolve(root, c.mdx.components), root, file, c.limits?.mdxMs)
        : undefined,
    },
    theme: resolveTheme(c, root, file),
    // The plugins as written (validation copies objects): a plugin may keep state in itself.
    plugins: [...builtinPlugins(), ...(((extended as UserConfig).plugins ?? []) as Plugin[])],
  };
}

/** Where feedback goes: what is asked must be configured (an endpoint, an analytics container). */
function resolveFeedback(
  f: NonNullable<z.output<typeof userConfigSchema>['feedback']>,
  containerId: string | undefined,
  file: string,
): NonNullable<ResolvedConfig['feedback']> {
  const to = f.to ?? (f.endpoint ? 'endpoint' : 'analytics');
  const problems: BuildError[] = [];
  if (to !== 'analytics' && !f.endpoint)
    problems.push(
      new BuildError(
        `"feedback.to" is "${to}" but no "feedback.endpoint" is set`,
        { file },
        'set "feedback.endpoint" to the URL answers are POSTed to',
      ),
    );
  if (to !== 'endpoint' && !containerId)
    problems.push(
      new BuildError(
        `"feedback.to" is "${to}" but no analytics container is configured`,
        { file },
        'set "analytics.containerId", or send feedback to an endpoint: `feedback: { endpoint: "https://..." }`',
      ),
    );
  if (problems.length) throw new BuildFailure(problems);
  return {
    analytics: to !== 'endpoint',
    ...(to !== 'analytics' ? { endpoint: f.endpoint } : {}),
    comment: f.comment ?? true,
  };
}

/**
 * A value that matches no branch of a union (a sidebar item that is neither a route, a link nor a
 * group) is reported by the branch it came closest to (the deepest path), so the message names the
 * key that is wrong ("sidebar.0.items.2.badge.variant") instead of "sidebar: Invalid input".
 */
function specificIssues(issues: z.core.$ZodIssue[]): z.core.$ZodIssue[] {
  return issues.flatMap((issue) => {
    if (issue.code !== 'invalid_union' || !issue.errors?.length) return [issue];
    const depth = (branch: z.core.$ZodIssue[]) =>
      Math.max(...branch.map((i) => i.path.length + (i.code === 'invalid_type' ? 0 : 1)));
    const closest = issue.errors.reduce((best, branch) => (depth(branch) > depth(best) ? branch : best));
    return specificIssues(
      closest.map((inner) => ({ ...inner, path: [...issue.path, ...inner.path] }) as z.core.$ZodIssue),
    );
  });
}

function describeExpected(issue: z.core.$ZodIssue): string {
  if (issue.code === 'custom') return issue.message;
  if (issue.code === 'invalid_type') return `a ${issue.expected}`;
  if (issue.code === 'invalid_format' || issue.code === 'invalid_value')
    return issue.message.replace(/^Invalid (input: )?/i, '').replace(/^expected /, '') || 'a valid value';
  return 'a valid value';
}

/** Why the config file could not be imported, at its line: a syntax error, or an import that resolves to nothing. */
function configLoadError(error: NodeJS.ErrnoException, root: string, configFile: string): BuildError {
  const file = path.relative(root, configFile);
  const missing = error.message.match(/Cannot find (?:module|package) '([^']+)'/)?.[1];
  if (missing && (error.code === 'ERR_MODULE_NOT_FOUND' || error.code === 'MODULE_NOT_FOUND')) {
    const text = readFileSync(configFile, 'utf8');
    const named = [...new Set([missing, path.basename(missing)])].map((m) => text.indexOf(m)).find((i) => i >= 0);
    const line = named === undefined ? undefined : text.slice(0, named).split('\n').length;
    return new BuildError(
      `cannot load the configuration: it imports ${missing}, which does not exist`,
      { file, ...(line ? { line } : {}) },
      'correct the path (relative to the config file) or install the package it names',
    );
  }
  if (error.code === 'ERR_PACKAGE_PATH_NOT_EXPORTED') return notExported(error, file, configFile);
  // esbuild names the place as "<file>:<line>:<column>: ERROR: ...".
  const at = error.message.split(`${configFile}:`)[1]?.match(/^(\d+):(\d+)/);
  return new BuildError(
    `cannot load the configuration: ${error.message}`,
    { file, ...(at ? { line: Number(at[1]), column: Number(at[2]) + 1 } : {}) },
    at
      ? 'fix the syntax error above; the file must `export default defineConfig({...})`'
      : 'the error came from running the file (or a module it imports): fix what it names; the file must `export default defineConfig({...})`',
  );
}

/** An import of a package's subpath it does not export (`pagewright/blog` from an older version): what it does. */
function notExported(error: NodeJS.ErrnoException, file: string, configFile: string): BuildError {
  const [, subpath, manifest] =
    error.message.match(/subpath '\.\/([^']+)' is not defined by "exports" in (\S+package\.json)/) ?? [];
  let name: string | undefined;
  let entries: string[] = [];
  try {
    const pkg = JSON.parse(readFileSync(manifest!, 'utf8')) as { name?: string; exports?: Record<string, unknown> };
    name = pkg.name;
    entries = Object.keys(pkg.exports ?? {})
      .filter((key) => key.startsWith('./') && !key.endsWith('.json'))
      .map((key) => `${pkg.name}/${key.slice(2)}`);
  } catch {
    // No manifest to read: the message alone.
  }
  const imported = name && subpath ? `${name}/${subpath}` : undefined;
  const text = readFileSync(configFile, 'utf8');
  const at = imported ? text.indexOf(`'${imported}'`) : -1;
  const quoted = at >= 0 ? at : imported ? text.indexOf(`"${imported}"`) : -1;
  return new BuildError(
    imported
      ? `cannot load the configuration: it imports ${imported}, which the installed ${name} does not export`
      : `cannot load the configuration: ${error.message}`,
    { file, ...(quoted >= 0 ? { line: text.slice(0, quoted).split('\n').length } : {}) },
    entries.length
      ? `import from one of ${entries.join(', ')}, or install a version of ${name} that has it`
      : 'import from an entry point the package exports',
  );
}

/**
 * A testability hook (DOCS_REUSE_PLAIN_CONFIGS=1, set by vitest.config.ts): each tsImport registers tsx's
 * loader hooks once more, and Node keeps every registration for the life of the process, so each later
 * import of any module passes through them all; measured, after 600 loads of a configuration a small
 * site's build took three times the CPU, and a test worker loads hundreds. With the hook, a configuration
 * that is plain data (no function: no plugin's state to share) and imports nothing but the generator's
 * own files or packages is imported once for each text of it; a load finding the same text gets a copy.
 */
const reusedConfigs = process.env.DOCS_REUSE_PLAIN_CONFIGS
  ? new Map<string, { text: string; user: unknown }>()
  : undefined;

/** A file's text, or undefined where it cannot be read (tsImport then reports why). */
function textOf(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

function keepForReuse(configFile: string, text: string, user: unknown): void {
  const own = path.join(GENERATOR_ROOT, 'src');
  const specifiers = [...text.matchAll(/\b(?:from|import)\s*['"]([^'"]+)['"]/g)].map((m) => m[1]);
  const projectFree =
    !/\b(?:require|import)\s*\(|\bprocess\b|\bfs\b|readFile/.test(text) &&
    specifiers.every((s) => !s.startsWith('.') && (!path.isAbsolute(s) || s.startsWith(own + path.sep)));
  try {
    if (projectFree) reusedConfigs!.set(configFile, { text, user: structuredClone(user) });
    else reusedConfigs!.delete(configFile);
  } catch {
    reusedConfigs!.delete(configFile); // functions in it: not plain data
  }
}

/**
 * How long loading the configuration may take: the configuration cannot set its own limit (it is not
 * loaded yet), so an environment variable can raise it. @default limits.hookMs's default
 */
const CONFIG_MS_VARIABLE = 'DOCS_CONFIG_LOAD_MS';
function configLoadMs(): number {
  const ms = Number(process.env[CONFIG_MS_VARIABLE]);
  return Number.isInteger(ms) && ms > 0 ? ms : DEFAULT_LIMITS.hookMs;
}

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  value !== null && typeof value === 'object' && typeof (value as { then?: unknown }).then === 'function';

/** Finds and imports the root's config file (TypeScript is compiled by the tsx loader); none is fine. */
export async function loadConfig(root: string, overrides: ConfigOverrides = {}): Promise<ResolvedConfig> {
  const configFile = CONFIG_FILES.map((name) => path.join(root, name)).find((f) => existsSync(f));
  let user: unknown = {};
  if (configFile) {
    try {
      const text = reusedConfigs && textOf(configFile);
      const reused = text !== undefined ? reusedConfigs?.get(configFile) : undefined;
      if (reused && reused.text === text) user = structuredClone(reused.user);
      else {
        // tsx's tsImport loads the file (and what it imports) afresh each time, so `dev` sees edits
        // to the config; a `?t=` query does not defeat tsx's module cache. Imported here, not at start:
        // a root without a config (a folder of Markdown) does not pay for loading tsx.
        const { tsImport } = await import('tsx/esm/api');
        // A configuration whose top-level `await` never settles (or whose default export is such a
        // promise) would hang the build, or end it with exit 13 and no word: raced against a timer.
        const ms = configLoadMs();
        const what = 'loading the configuration';
        const mod = await settleWithin(ms, what, tsImport(pathToFileURL(configFile).href, import.meta.url));
        // A config outside an ES-module package is compiled to CommonJS: its export sits one level down.
        user = mod.default?.__esModule ? mod.default.default : mod.default;
        if (isThenable(user)) user = await settleWithin(ms, what, user);
        if (text !== undefined) keepForReuse(configFile, text, user);
      }
    } catch (error) {
      if (error instanceof DeadlineExceeded)
        throw new BuildFailure([
          new BuildError(
            `the configuration did not finish loading within ${error.ms} ms (a top-level \`await\` or an exported promise that never settles?)`,
            { file: path.relative(root, configFile) },
            `make it finish: \`export default defineConfig({ ... })\`; if loading it rightly takes longer, set ${CONFIG_MS_VARIABLE} (milliseconds) in the environment`,
          ),
        ]);
      throw new BuildFailure([configLoadError(error as NodeJS.ErrnoException, root, configFile)]);
    }
    if (user === null || (user !== undefined && (typeof user !== 'object' || Array.isArray(user)))) {
      throw new BuildFailure([
        new BuildError(
          `the configuration's default export is ${user === null ? 'null' : Array.isArray(user) ? 'a list' : `a ${typeof user}`}, not an object of settings`,
          { file: path.relative(root, configFile) },
          'write `export default defineConfig({ ... })` (an empty object `{}` for no settings)',
        ),
      ]);
    }
    if (user === undefined) {
      throw new BuildFailure([
        new BuildError(
          'the configuration file has no default export',
          { file: path.relative(root, configFile) },
          'write `export default defineConfig({ ... })`',
        ),
      ]);
    }
  }
  return resolveConfig(user, root, { ...overrides, configFile });
}
