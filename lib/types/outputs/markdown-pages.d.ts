import type { Site } from '../model/site.js';
import type { PageOutline, PageRecord } from '../model/page.js';
/**
 * A page as Markdown, the way a reader (or an AI assistant) sees it: `# Title`, the description,
 * then the body with constants resolved. Links between pages point to the published pages, since
 * the `.md` paths the writer used are relative to the source folder, which is not published.
 */
export declare function pageMarkdown(site: Site<PageOutline>, page: PageRecord): string;
/**
 * The Markdown of pages whose files a build kept, as their `index.md` in the previous output has
 * it (the build registers a reader for its site, src/build/index.ts): undefined when it cannot tell.
 */
export declare const keptMarkdown: WeakMap<Site<PageRecord>, (page: PageRecord) => string | undefined>;
/** A reader for `keptMarkdown`: a kept page's `index.md` among its files in `dir` (those of the previous output). */
export declare function readKeptMarkdown(dir: string, keptFiles: Map<PageRecord, string[]>): (page: PageRecord) => string | undefined;
