import { lstatSync } from 'node:fs';
import path from 'node:path';

/** The content folder as a build listed it (src/content/index.ts): pages and other files, relative to it. */
export interface ContentListing {
  pages: string[];
  staticFiles: string[];
  refused: { path: string; message: string; fix: string }[];
}

/** Pages: Markdown (`.md`, CommonMark and our extensions) and MDX (`.mdx`, Markdown with JSX components). */
export const PAGE_FILE = /\.mdx?$/i;

/**
 * Whether `file` (relative to the content folder) is in a listing of it (src/content/index.ts walks it)
 * and still a file: an edit, which changes nothing the listing holds. Found by binary search: `dev`
 * asks for each path a save names, and a listing holds every page.
 */
export function editOfListed(listing: ContentListing, contentDir: string, file: string): boolean {
  const files = listing[PAGE_FILE.test(file) ? 'pages' : 'staticFiles'];
  return (
    files[sortedIndex(files, file)] === file &&
    (lstatSync(path.join(contentDir, file), { throwIfNoEntry: false })?.isFile() ?? false)
  );
}

/** Where `file` is or goes in a list sorted as the walk sorts it (`Array.prototype.sort`: by UTF-16 code units). */
function sortedIndex(files: string[], file: string): number {
  let low = 0;
  let high = files.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (files[mid] < file) low = mid + 1;
    else high = mid;
  }
  return low;
}
