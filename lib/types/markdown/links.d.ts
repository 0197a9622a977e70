import type { Root } from 'hast';
import type { VFile } from 'vfile';
export interface LinkOptions {
    base: string;
}
/** Per-page facts the plugin reads from `file.data` (the processor is shared by all pages). */
export interface PageFileData {
    /** The page's source path under the content folder. */
    relativePath: string;
    /** Body line + offset = file line. */
    lineOffset: number;
    /** The file a body line was written in, when the page includes partials: their relative links resolve from there. */
    fileAt?: (line: number) => string;
    /** The file that files beside the pages (images, downloads) resolve from, when not the page: a fallback page's original (src/i18n/locales.ts). */
    filesFrom?: string;
}
/**
 * Rewrites links to pages: `../steps/code.md#state` and `/workflows/` both become
 * `/docs/workflows/...`; records every internal link so the site-wide check can resolve it.
 * Images and links to files beside the pages resolve against the source file, like on a code host.
 * External links open as usual.
 */
export default function rehypeLinks(options: LinkOptions): (tree: Root, file: VFile) => void;
/** A relative path to a file beside the pages ("./diagram.png"), resolved against the source file; null otherwise. */
export declare function staticFile(url: string, relativePath: string): string | null;
