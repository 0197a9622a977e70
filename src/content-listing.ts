import { lstatSync, realpathSync } from 'node:fs';
import path from 'node:path';
import type { ContentListing } from './source-memo.js';

/** Pages: Markdown (`.md`, CommonMark and our extensions) and MDX (`.mdx`, Markdown with JSX components). */
export const PAGE_FILE = /\.mdx?$/i;

/**
 * A listing of the content folder (src/content.ts walks it) after one change the watcher named
 * (`file`, relative to the folder, not under a data folder): an edited file leaves it as it was;
 * a file added goes in at its sorted place; a file removed, or a folder removed with its files,
 * goes out. Undefined when only a walk can tell what the folder holds now: a folder or a symbolic
 * link added, a file reached through a linked folder, a listing with refused paths, the content folder gone.
 */
export function patchListing(listing: ContentListing, contentDir: string, file: string): ContentListing | undefined {
  // The folder itself changed, or is gone (`rm -rf content` under way): the walk reports it.
  if (!file || listing.refused.length || !lstatSync(contentDir, { throwIfNoEntry: false })?.isDirectory())
    return undefined;
  const kind = PAGE_FILE.test(file) ? 'pages' : 'staticFiles';
  const files = listing[kind];
  const at = sortedIndex(files, file);
  const full = path.join(contentDir, file);
  const stats = lstatSync(full, { throwIfNoEntry: false });
  if (stats?.isFile()) {
    if (files[at] === file) return listing;
    if (!directlyInside(contentDir, file)) return undefined;
    return { ...listing, [kind]: [...files.slice(0, at), file, ...files.slice(at)] };
  }
  if (stats) return undefined;
  // Gone: the file, or a folder and everything listed under it.
  const under = `${file}/`;
  const gone = (f: string) => f === file || f.startsWith(under);
  if (!listing.pages.some(gone) && !listing.staticFiles.some(gone)) return listing;
  return {
    ...listing,
    pages: listing.pages.filter((f) => !gone(f)),
    staticFiles: listing.staticFiles.filter((f) => !gone(f)),
  };
}

/** Whether `file` is listed and still a file: an edit, which changes nothing the listing holds. */
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

/** Whether the file's folder is that folder of the content folder, not one reached through a symbolic link. */
function directlyInside(contentDir: string, file: string): boolean {
  try {
    return (
      realpathSync(path.dirname(path.join(contentDir, file))) ===
      path.join(realpathSync(contentDir), path.dirname(file))
    );
  } catch {
    return false;
  }
}
