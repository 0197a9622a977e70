import { rehypeApiFeature } from './features.js';
import rehypeStringify from 'rehype-stringify';
import remarkDirective from 'remark-directive';
import remarkGfm from './gfm.js';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified, type Processor } from 'unified';
import { VFile } from 'vfile';
import type { ResolvedConfig } from '../config/schema.js';
import { BuildError, Problems } from '../model/errors.js';
import { sha1 } from '../incremental/hash.js';
import { isExternal, pageUrl } from '../shared/paths.js';
import type { PageOutline, PageRecord, PageSource } from '../model/page.js';
import { fallbackOf } from '../i18n/locales.js';
import { resolvePageRef } from '../model/site.js';
import remarkAlerts from './alerts.js';
import rehypeBuiltins from './builtins.js';
import remarkCallouts from './callouts.js';
import remarkEmoji from './emoji.js';
import remarkImageAttributes from './image-attributes.js';
import rehypeToc from './toc.js';
import rehypeCode from './code.js';
import { resolveConstants } from './constants.js';
import { constantsOf } from '../versions/paths.js';
import { normalizeContainers } from './container-syntax.js';
import remarkHeadingIds, { rehypeHeadingSlugs } from './heading-ids.js';
import rehypeHeadings from './headings.js';
import rehypeLinks from './links.js';
import rehypeTables from './tables.js';
import rehypeSecurity, { checkRenderedHtml } from './security.js';
import rehypeTaskLists from './task-lists.js';
import remarkNoH1 from './no-h1.js';
import { checkLimits, DEFAULT_LIMITS, formatBytes } from './limits.js';
import { DeadlineExceeded, withinSync } from '../build/deadline.js';

/** An MDX page's HTML may be this many times its source's limit (`limits.pageBytes`): Markdown's own HTML is a few times its source. */
const RENDERED_PER_SOURCE_BYTE = 8;
import remarkParseBudget, { ParseTimeout, withParseBudget } from './parse-budget.js';
import { originOf } from './includes.js';
import { ComponentError, evaluateComponents, isMdx, MDX_SYNTAX_FIX, mdxCompiler } from './mdx.js';
import rehypeDiagrams from './diagrams.js';
import rehypeImages from './images.js';
import rehypeRawImages from './raw-images.js';
import rehypeMath from './math.js';
import remarkMathSyntax from './math-syntax.js';
import { MarkdownPluginError, namedPlugins, type PluginMessageTag } from '../plugins/markdown.js';
import { withParseVerdict } from '../checks/code-blocks.js';
import './file-data.js';

/**
 * What the Markdown stage reads of the configuration, and nothing else: its functions take `MarkdownSettings`, and
 * the Markdown cache's key is the value of exactly these fields (src/incremental/markdown-cache.ts,
 * `markdownSettingsKey`). A stage that starts reading another field fails to type-check until the field is added
 * here, and from then on it is part of the key: a cached page can never show an old value of it.
 */
export const MARKDOWN_SETTINGS = [
  'base',
  'contentDir',
  'versions',
  'security',
  'markdown',
  'mdx',
  'limits',
  'checks',
  'constants',
  'strict',
] as const satisfies readonly (keyof ResolvedConfig)[];
export type MarkdownSettings = Pick<ResolvedConfig, (typeof MARKDOWN_SETTINGS)[number]>;

/**
 * The plugin chain. Order matters where noted. The users' plugins (`markdown.remarkPlugins`,
 * `markdown.rehypePlugins`) run at the two documented points: README "Extending".
 */
export function createProcessor(
  config: Pick<ResolvedConfig, 'base' | 'contentDir' | 'versions' | 'security'> & {
    markdown: Partial<ResolvedConfig['markdown']>;
    strict?: ResolvedConfig['strict'];
    limits?: Partial<ResolvedConfig['limits']>;
  },
): Processor {
  return unified()
    .use(remarkParse)
    .use(remarkDirective)
    .use(remarkCallouts) // after remark-directive: turns its nodes into callouts
    .use(remarkAlerts) // GitHub's "> [!NOTE]" quotes become callouts too
    .use(remarkEmoji) // after callouts, which give ":tada:" back as text
    .use(remarkImageAttributes)
    .use(remarkGfm) // after callouts: bare URLs are linked once "localhost:4173" is text again
    .use(remarkMathSyntax)
    .use(remarkParseBudget) // ends a parse that outlives the page's time; after GFM, whose "~" it hooks
    .use(remarkHeadingIds) // before rehypeHeadingSlugs, which keeps ids already set
    .use(remarkNoH1, { strict: config.strict?.title })
    .use(namedPlugins(config.markdown?.remarkPlugins, 'remark')) // users': on our syntax tree, callouts and heading ids in place
    .use(remarkRehype, { allowDangerousHtml: true })
    .use(rehypeApiFeature) // the API reference's raw HTML, as remark-rehype left it
    .use(rehypeHeadingSlugs)
    .use(rehypeBuiltins, { strictCodeGroups: config.strict?.codeGroupTitles }) // after rehypeHeadingSlugs, before code: expands Tabs, code groups, cards, ... into HTML the rest sees
    .use(rehypeDiagrams, config.limits) // before the highlighter: `mermaid` fences are diagrams, not code
    .use(rehypeMath) // before the highlighter: `math` fences are formulas
    .use(rehypeCode, { ...config.markdown, strictLanguages: config.strict?.codeLanguage }) // before headings: code blocks are left out of section text
    .use(namedPlugins(config.markdown?.rehypePlugins, 'rehype')) // users': before the outline, links and security, which see what they add
    .use(rehypeHeadings) // after rehypeHeadingSlugs: needs ids
    .use(rehypeToc) // after rehypeHeadings: lists what it collected
    .use(rehypeRawImages) // before images and links: a raw <img> is resolved like a Markdown image
    .use(rehypeImages, {
      base: config.base,
      contentDir: config.contentDir,
      versions: config.versions,
      fileBytes: config.limits?.fileBytes ?? DEFAULT_LIMITS.fileBytes,
    }) // before links, which resolve each src
    .use(rehypeLinks, { base: config.base })
    .use(rehypeTables) // focusable, named scroll box per table (WCAG 2.1.1)
    .use(rehypeTaskLists) // names task-list checkboxes
    .use(rehypeSecurity, config.security ?? { allowScripts: false, allowedUrlSchemes: [] }) // after links: reads the final URLs
    .use(rehypeStringify, { allowDangerousHtml: true }) as unknown as Processor;
}

/** A stable page identifier from its source path, also used as the chunk id. */
export function pageKey(relativePath: string, hash: (s: string) => string): string {
  return `v-${hash(relativePath).slice(0, 8)}`;
}

/**
 * What a page is before its Markdown is parsed: its identity, routes, title and description
 * (constants resolved) and frontmatter. The build lays out the site (sidebar, reading order,
 * prev/next) from these, so pages can be rendered in any order.
 */
export function pageOutline(
  source: PageSource,
  config: MarkdownSettings,
  problems: Problems,
  hash: (s: string) => string = sha1,
): PageOutline {
  const fm = source.frontmatter;
  const title = resolveConstants(fm.title, constantsOf(config, source.relativePath), {
    problems,
    file: source.relativePath,
    lineOffset: 0,
  });
  const description = resolveConstants(fm.description, constantsOf(config, source.relativePath), {
    problems,
    file: source.relativePath,
    lineOffset: 0,
  });
  // The home layout's words may name constants too (the product's name in the hero), reported at their key's line.
  const resolveIn = <T>(key: 'hero' | 'features', value: T): T =>
    deepStrings(value, (text) =>
      resolveConstants(text, constantsOf(config, source.relativePath), {
        problems,
        file: source.relativePath,
        lineOffset: (source.keyLines?.[key] ?? 1) - 1,
      }),
    );
  const home = {
    ...(fm.hero ? { hero: slugLinks(source, resolveIn('hero', fm.hero)) } : {}),
    ...(fm.features ? { features: slugLinks(source, resolveIn('features', fm.features)) } : {}),
  };
  return {
    key: pageKey(source.relativePath, hash),
    title,
    description,
    frontmatter: { ...fm, title, description, ...home, ...slugRefs(source) },
    keyLines: source.keyLines,
    regularPath: source.route,
    relativePath: source.relativePath,
    path: pageUrl(config.base, source.route),
    hash: source.hash,
    ...(source.derived ? { derived: source.derived } : {}),
  };
}

/**
 * Frontmatter `prev`/`next` naming the file of a page a `slug` moved (src/content/slugs.ts), or its file's route (as
 * Docusaurus's `pagination_next: <doc id>` does), as that page's route: every later reader (prev/next links, their
 * check, orphans) resolves it without the site's slugs.
 */
function slugRefs(source: PageSource): { prev?: string; next?: string } {
  const routes = source.linkRoutes?.routes;
  if (!routes) return {};
  const out: { prev?: string; next?: string } = {};
  for (const key of ['prev', 'next'] as const) {
    const ref = source.frontmatter[key];
    if (typeof ref !== 'string') continue;
    const fileRoute = resolvePageRef(source, ref);
    if (Object.hasOwn(routes, fileRoute)) out[key] = routes[fileRoute];
  }
  return out;
}

/**
 * The home layout's `link`s (hero actions, features) naming the file of a page a `slug` moved, as that page's route
 * and their `#hash`: the home page's view and its checks resolve them without the site's slugs, as `slugRefs` does.
 */
function slugLinks<T>(source: PageSource, value: T): T {
  const routes = source.linkRoutes?.routes;
  if (!routes) return value;
  const moved = (link: string) => {
    const at = link.indexOf('#');
    const file = at < 0 ? link : link.slice(0, at);
    if (!/\.mdx?$/i.test(file) || isExternal(file)) return link;
    const fileRoute = resolvePageRef(source, file);
    return Object.hasOwn(routes, fileRoute) ? routes[fileRoute] + (at < 0 ? '' : link.slice(at)) : link;
  };
  const walk = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(walk)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.entries(v).map(([key, item]) => [
              key,
              key === 'link' && typeof item === 'string' ? moved(item) : walk(item),
            ]),
          )
        : v;
  return walk(value) as T;
}

/** A copy of a frontmatter value with `change` applied to every string in it. */
function deepStrings<T>(value: T, change: (text: string) => string): T {
  if (typeof value === 'string') return change(value) as T;
  if (Array.isArray(value)) return value.map((v) => deepStrings(v, change)) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, deepStrings(v, change)])) as T;
  return value;
}

/** A page whose Markdown was refused (over a limit): it stands in the site by its outline alone. */
function unparsedRecord(outline: PageOutline): PageRecord {
  return {
    ...outline,
    headers: [],
    html: '',
    anchors: [],
    links: [],
    sections: [],
    markdown: '',
    codeBlocks: [],
    features: [],
    images: [],
    css: '',
  };
}

/** Renders one page's Markdown; problems go to `problems` with file lines. */
export function renderPage(
  source: PageSource,
  config: MarkdownSettings,
  processor: Processor,
  problems: Problems,
  hash: (s: string) => string = sha1,
): PageRecord {
  // Plugins count lines in the body (offset 0): `origin` maps them to the file they were written in,
  // the page (after its frontmatter) or a partial it includes.
  const origin = (line: number) => originOf(line, source.relativePath, source.lineOffset, source.included);
  const report = (
    message: string,
    line: number | undefined,
    column: number | undefined,
    fix?: string,
    warning = false,
  ) => {
    const add = (error: BuildError) => (warning ? problems.warn(error) : problems.push(error));
    if (line == null) return add(new BuildError(message, { file: source.relativePath }, fix));
    const at = origin(line);
    add(
      new BuildError(
        at.includedBy ? `${message} (in a partial included by ${at.includedBy})` : message,
        { file: at.file, line: at.line, column },
        fix,
      ),
    );
  };
  const markdown = resolveConstants(source.body, constantsOf(config, source.relativePath), {
    problems: { add: (message, place, fix) => report(message, place.line, place.column, fix) },
    file: source.relativePath,
    lineOffset: 0,
  });
  const limits = config.limits ?? DEFAULT_LIMITS;
  const refused = checkLimits(markdown, limits);
  if (refused) {
    // Not parsed at all: the page stands in the site by its outline, so links to it still resolve.
    report(refused.message, refused.line, undefined, refused.fix);
    return unparsedRecord(pageOutline(source, config, problems, hash));
  }
  const file = new VFile({
    path: source.relativePath,
    value: normalizeContainers(markdown, isMdx(source.relativePath)),
    data: {
      page: {
        relativePath: source.relativePath,
        lineOffset: 0,
        fileAt: source.included && ((line: number) => origin(line).file),
        filesFrom: fallbackOf(source),
        linkRoutes: source.linkRoutes?.routes,
      },
    },
  });
  let html = '';
  const late = (line?: number) =>
    report(
      `parsing the page took longer than its budget of ${limits.parseMs} ms${line ? ' (stopped here)' : ''}`,
      line,
      undefined,
      'split the page, or simplify the paragraph or list being read; `limits.parseMs` in docs.config.ts sets the budget',
    );
  try {
    const run = withParseBudget(limits.parseMs, () =>
      isMdx(source.relativePath)
        ? // An MDX page runs the writer's code (expressions, exports, components): bounded in time
          // (src/build/deadline.ts), and its output in size, as an expression may build any text.
          withinSync(limits.mdxMs, 'the MDX page', () => renderMdxPage(source, config, processor, file))
        : String(processor.processSync(file)),
    );
    html = run.result;
    if (run.late) late();
    const renderedLimit = RENDERED_PER_SOURCE_BYTE * limits.pageBytes;
    if (isMdx(source.relativePath) && html.length > renderedLimit) {
      report(
        `the rendered page is ${formatBytes(html.length)}, over the limit of ${formatBytes(renderedLimit)} (${RENDERED_PER_SOURCE_BYTE} x \`limits.pageBytes\`): an expression or component builds too much text`,
        undefined,
        undefined,
        'make the expression or component build less, split the page, or raise `limits.pageBytes` in docs.config.ts',
      );
      html = '';
    }
  } catch (error) {
    if (error instanceof ParseTimeout) late(error.line);
    else if (error instanceof DeadlineExceeded)
      report(
        `evaluating and rendering the MDX page took longer than its limit of ${error.ms} ms (an expression, export or component that never ends?)`,
        undefined,
        undefined,
        'fix the expression or component (a loop that never ends); `limits.mdxMs` in docs.config.ts sets the limit',
      );
    else if (error instanceof MarkdownPluginError) report(error.message, error.line, error.column, error.fix);
    else if (file.messages.includes(error as never)) {
      // A plugin's `file.fail`: reported with the other messages below.
    } else if (error instanceof ComponentError)
      report(
        error.message,
        error.place?.line,
        error.place?.column,
        'fix the component, or the props the page passes it (the message above is its own)',
      );
    else if (isMdx(source.relativePath) && (error as { line?: number }).line != null)
      report(
        `MDX syntax error: ${(error as { reason?: string }).reason ?? (error as Error).message}`,
        (error as { line: number }).line,
        (error as { column?: number }).column,
        MDX_SYNTAX_FIX,
      );
    else report(`cannot render the Markdown: ${(error as Error).message}`, undefined, undefined);
  }
  for (const message of file.messages) {
    const plugin = (message as Partial<PluginMessageTag>).plugin;
    if (!plugin) {
      // Ours: an error, or a warning where the peers' lenient default holds (`strict` in docs.config.ts).
      const warning = (message as { warning?: boolean }).warning === true;
      report(message.reason, message.line ?? undefined, message.column ?? undefined, message.note, warning);
      continue;
    }
    // A user's plugin: `file.fail` always fails, `file.message` as `checks.markdownPlugins` says, `file.info` is not shown.
    const severity =
      message.fatal === true
        ? 'error'
        : message.fatal === false
          ? (config.checks?.markdownPlugins ?? 'warning')
          : 'off';
    if (severity !== 'off')
      report(
        `${plugin}: ${message.reason}${message.ruleId ? ` (${message.ruleId})` : ''}`,
        message.line ?? undefined,
        message.column ?? undefined,
        message.note,
        severity === 'warning',
      );
  }
  const headings = file.data.headings ?? { headers: [], anchors: [], sections: [] };
  // Links and code blocks keep the file they were written in, for the checks.
  const placed = <T extends { line?: number; source?: string }>(item: T): T => {
    if (item.line == null) return item;
    const at = origin(item.line);
    return at.includedBy ? { ...item, line: at.line, source: at.file } : { ...item, line: at.line };
  };
  return {
    ...pageOutline(source, config, problems, hash),
    headers: headings.headers,
    html,
    anchors: headings.anchors,
    links: (file.data.links ?? []).map(placed),
    sections: headings.sections,
    markdown,
    codeBlocks: (file.data.codeBlocks ?? []).map((block) => withParseVerdict(placed(block))),
    ...(source.included ? { includes: source.included.files } : {}),
    features: file.data.features ?? [],
    images: file.data.images ?? [],
    css: file.data.css ?? '',
  };
}

/** MDX processors, one for each Markdown processor (a thread has one). */
const mdxProcessors = new WeakMap<Processor, Processor>();

/** An .mdx page: its components are the configuration's and its own imports (src/markdown/mdx.ts). */
function renderMdxPage(source: PageSource, config: MarkdownSettings, processor: Processor, file: VFile): string {
  const { mdxProcessorFrom, renderMdx } = mdxCompiler();
  let mdx = mdxProcessors.get(processor);
  if (!mdx) mdxProcessors.set(processor, (mdx = mdxProcessorFrom(processor)));
  if (source.components && !source.components.code) return ''; // its imports failed, and were reported
  const components = {
    ...(config.mdx.components ? evaluateComponents(config.mdx.components.code) : {}),
    ...(source.components ? evaluateComponents(source.components.code) : {}),
  };
  file.data.mdxComponents = Object.keys(components);
  const written = String(file.value); // compiling replaces the file's value with JavaScript
  const html = renderMdx(mdx, file, components);
  // The Markdown rules saw the page's Markdown; its JSX, expressions and components only show in the output.
  const security = config.security ?? { allowScripts: false, allowedUrlSchemes: [] };
  for (const finding of checkRenderedHtml(html, written, security)) {
    const message = file.message(finding.message, {
      place: finding.line ? { line: finding.line, column: 1 } : undefined,
      ruleId: 'security',
    });
    message.note = finding.fix;
  }
  return html;
}

/** Renders pages' Markdown in this thread (tests, and the parallel stage's reference). */
export function renderSlice(sources: PageSource[], config: MarkdownSettings, problems: Problems): PageRecord[] {
  const processor = createProcessor(config);
  return sources.map((source) => renderPage(source, config, processor, problems));
}
