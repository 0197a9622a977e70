import type { ResolvedConfig } from '../config/index.js';
import { BuildError, Problems } from '../model/errors.js';
import { FrontmatterCache } from '../incremental/frontmatter-cache.js';
import { type FileStamp } from '../incremental/source-cache.js';
import type { SourceMemo } from '../incremental/source-memo.js';
import type { PageSource } from '../model/page.js';
/**
 * How many of `files` (absolute paths, as the input stamp lists the project) are pages the content
 * walk would list: before the walk, a build knows from it whether many pages are coming.
 */
export declare function countPages(contentDir: string, files: Iterable<string>): number;
/** A path of the content folder that is not read: a symbolic link out of the folder, or back into itself. */
export interface RefusedPath {
    path: string;
    message: string;
    fix: string;
}
/**
 * Why the content folder, or a folder in it, cannot be listed: the folder, what is wrong, how to
 * fix it. `build` fails with it; `dev` shows it and keeps serving the last site.
 */
export declare function contentFolderProblem(config: Pick<ResolvedConfig, 'root' | 'contentDir'>, error: unknown): BuildError;
/** Lines before the body: positions in the Markdown tree count from the body, errors from the file. */
export declare function bodyLineOffset(raw: string, body: string): number;
/**
 * Parses one file's frontmatter. What is wrong goes to `problems`; the page is still returned
 * (with a stand-in title) so that the rest of the run can check it and links to it.
 */
export declare function parseSource(raw: string, relativePath: string, file: string, problems: Problems, yaml?: FrontmatterCache): PageSource;
/** Reads every page of the content folder. Problems go to `problems`; the caller fails once at the end. */
export declare function loadContent(config: ResolvedConfig, problems: Problems): Promise<PageSource[]>;
/**
 * `loadContent`, and the files beside the pages (from the same walk of the folder). With a memo
 * (`dev`), pages that read as they did are taken from it rather than parsed again.
 */
export declare function loadContentFiles(config: ResolvedConfig, problems: Problems, memo?: SourceMemo, stamps?: Map<string, FileStamp>): Promise<{
    sources: PageSource[];
    staticFiles: string[];
}>;
