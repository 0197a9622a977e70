import { type Processor } from 'unified';
import type { ResolvedConfig } from '../config/index.js';
import { Problems } from '../model/errors.js';
import type { PageOutline, PageRecord, PageSource } from '../model/page.js';
/**
 * The plugin chain. Order matters where noted. The users' plugins (`markdown.remarkPlugins`,
 * `markdown.rehypePlugins`) run at the two documented points: README "Extending".
 */
export declare function createProcessor(config: Pick<ResolvedConfig, 'base' | 'contentDir' | 'versions' | 'security'> & {
    markdown: Partial<ResolvedConfig['markdown']>;
}): Processor;
/** A stable page identifier from its source path, also used as the chunk id. */
export declare function pageKey(relativePath: string, hash: (s: string) => string): string;
/**
 * What a page is before its Markdown is parsed: its identity, routes, title and description
 * (constants resolved) and frontmatter. The build lays out the site (sidebar, reading order,
 * prev/next) from these, so pages can be rendered in any order.
 */
export declare function pageOutline(source: PageSource, config: ResolvedConfig, problems: Problems, hash?: (s: string) => string): PageOutline;
/** Renders one page's Markdown; problems go to `problems` with file lines. */
export declare function renderPage(source: PageSource, config: ResolvedConfig, processor: Processor, problems: Problems, hash?: (s: string) => string): PageRecord;
/** Renders pages' Markdown in this thread (tests, and the parallel stage's reference). */
export declare function renderSlice(sources: PageSource[], config: ResolvedConfig, problems: Problems): PageRecord[];
