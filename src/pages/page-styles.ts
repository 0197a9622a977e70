import { fileHash } from '../incremental/hash.js';
import type { OutputFile, PageRecord } from '../model/page.js';

/**
 * CSS a page's own content needs, written as a file because the content-security policy allows no
 * inline style: KaTeX positions glyphs with style attributes, which src/markdown/math.ts turns into
 * classes. Named by content hash (cached a year); pages with the same rules share the file.
 */
export function pageStylePath(css: string): string {
  return `assets/css/${fileHash(css)}.css`;
}

export function pageStyleFiles(pages: PageRecord[]): OutputFile[] {
  const files = new Map<string, string>();
  for (const page of pages) if (page.css) files.set(pageStylePath(page.css), page.css);
  return [...files].map(([path, contents]) => ({ path, contents }));
}
