import type { ContentListing } from '../incremental/source-memo.js';
/** Pages: Markdown (`.md`, CommonMark and our extensions) and MDX (`.mdx`, Markdown with JSX components). */
export declare const PAGE_FILE: RegExp;
/**
 * Whether `file` (relative to the content folder) is in a listing of it (src/content/index.ts walks it)
 * and still a file: an edit, which changes nothing the listing holds. Found by binary search: `dev`
 * asks for each path a save names, and a listing holds every page.
 */
export declare function editOfListed(listing: ContentListing, contentDir: string, file: string): boolean;
