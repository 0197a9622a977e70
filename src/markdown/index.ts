import { createHash } from 'node:crypto';
import rehypeSlug from 'rehype-slug';
import rehypeStringify from 'rehype-stringify';
import remarkDirective from 'remark-directive';
import remarkGfm from './gfm.js';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified, type Processor } from 'unified';
import { VFile } from 'vfile';
import type { ResolvedConfig } from '../config.js';
import { BuildError, Problems } from '../errors.js';
import { withBase } from '../shared/paths.js';
import type { CodeBlock, Feature, LinkRef, PageImage, PageRecord, PageSource } from '../types.js';
import remarkCallouts from './callouts.js';
import rehypeCode from './code.js';
import { resolveConstants } from './constants.js';
import { normalizeContainers } from './container-syntax.js';
import remarkHeadingIds from './heading-ids.js';
import rehypeHeadings, { type HeadingData } from './headings.js';
import rehypeLinks from './links.js';
import rehypeTables from './tables.js';
import rehypeTaskLists from './task-lists.js';
import remarkNoH1 from './no-h1.js';
import rehypeDiagrams from './diagrams.js';
import rehypeImages from './images.js';
import rehypeMath from './math.js';
import remarkMathSyntax from './math-syntax.js';

/** The plugin chain. Order matters where noted. */
export function createProcessor(config: Pick<ResolvedConfig, 'base' | 'contentDir'>): Processor {
  return unified()
    .use(remarkParse)
    .use(remarkDirective)
    .use(remarkCallouts) // after remark-directive: turns its nodes into callouts
    .use(remarkGfm) // after callouts: bare URLs are linked once "localhost:4173" is text again
    .use(remarkMathSyntax)
    .use(remarkHeadingIds) // before rehype-slug, which keeps ids already set
    .use(remarkNoH1)
    .use(remarkRehype, { allowDangerousHtml: true })
    .use(rehypeSlug)
    .use(rehypeDiagrams) // before the highlighter: `mermaid` fences are diagrams, not code
    .use(rehypeMath) // before the highlighter: `math` fences are formulas
    .use(rehypeCode) // before headings: code blocks are left out of section text
    .use(rehypeHeadings) // after rehype-slug: needs ids
    .use(rehypeImages, { base: config.base, contentDir: config.contentDir }) // before links, which resolve each src
    .use(rehypeLinks, { base: config.base })
    .use(rehypeTables) // focusable, named scroll box per table (WCAG 2.1.1)
    .use(rehypeTaskLists) // names task-list checkboxes
    .use(rehypeStringify, { allowDangerousHtml: true }) as unknown as Processor;
}

/** A stable page identifier from its source path, also used as the chunk id. */
export function pageKey(relativePath: string, hash: (s: string) => string): string {
  return `v-${hash(relativePath).slice(0, 8)}`;
}

/**
 * What a page is before its Markdown is parsed: its identity, routes, title and description
 * (constants resolved) and frontmatter, with the Markdown-derived fields empty. The build lays out
 * the site (sidebar, reading order, prev/next) from these, so pages can be rendered in any order.
 */
export function pageOutline(source: PageSource, config: ResolvedConfig, problems: Problems, hash: (s: string) => string = keyHash): PageRecord {
  const fm = source.frontmatter;
  const title = resolveConstants(fm.title, config.constants, { problems, file: source.relativePath, lineOffset: 0 });
  const description = resolveConstants(fm.description, config.constants, { problems, file: source.relativePath, lineOffset: 0 });
  return {
    key: pageKey(source.relativePath, hash),
    title,
    description,
    frontmatter: { ...fm, title, description },
    regularPath: source.route,
    relativePath: source.relativePath,
    path: withBase(config.base, source.route),
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
    hash: source.hash,
  };
}

/** Renders one page's Markdown; problems go to `problems` with file lines. */
export function renderPage(source: PageSource, config: ResolvedConfig, processor: Processor, problems: Problems, hash: (s: string) => string = keyHash): PageRecord {
  const markdown = resolveConstants(source.body, config.constants, { problems, file: source.relativePath, lineOffset: source.lineOffset });
  const file = new VFile({ path: source.relativePath, value: normalizeContainers(markdown), data: { page: { relativePath: source.relativePath, lineOffset: source.lineOffset } } });
  let html = '';
  try {
    html = String(processor.processSync(file));
  } catch (error) {
    problems.push(new BuildError(`cannot render the Markdown: ${(error as Error).message}`, { file: source.relativePath }));
  }
  for (const message of file.messages) {
    problems.push(new BuildError(message.reason, { file: source.relativePath, line: message.line != null ? message.line + source.lineOffset : undefined, column: message.column ?? undefined }, message.note));
  }
  const headings = (file.data.headings as HeadingData | undefined) ?? { headers: [], anchors: [], sections: [] };
  return {
    ...pageOutline(source, config, problems, hash),
    headers: headings.headers,
    html,
    anchors: headings.anchors,
    links: (file.data.links as LinkRef[] | undefined) ?? [],
    sections: headings.sections,
    markdown,
    codeBlocks: (file.data.codeBlocks as CodeBlock[] | undefined) ?? [],
    features: (file.data.features as Feature[] | undefined) ?? [],
    images: (file.data.images as PageImage[] | undefined) ?? [],
    css: (file.data.css as string | undefined) ?? '',
  };
}

export function keyHash(text: string): string {
  return createHash('sha1').update(text).digest('hex');
}

/** Renders pages' Markdown in this thread (tests, and the parallel stage's reference). */
export function renderSlice(sources: PageSource[], config: ResolvedConfig, problems: Problems): PageRecord[] {
  const processor = createProcessor(config);
  return sources.map((source) => renderPage(source, config, processor, problems));
}
