import type { OutputFile, PageRecord } from '../model/page.js';
/**
 * CSS a page's own content needs, written as a file because the content-security policy allows no
 * inline style: KaTeX positions glyphs with style attributes, which src/markdown/math.ts turns into
 * classes. Named by content hash (cached a year); pages with the same rules share the file.
 */
export declare function pageStylePath(css: string): string;
export declare function pageStyleFiles(pages: PageRecord[]): OutputFile[];
