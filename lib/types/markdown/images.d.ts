import type { ResolvedVersion } from '../versions/config.js';
import type { Root } from 'hast';
import type { VFile } from 'vfile';
import type { PageImage } from '../model/page.js';
export interface ImageOptions {
    base: string;
    contentDir: string;
    versions?: ResolvedVersion[];
}
/** Formats raster images are converted to, best first; the original stays as the fallback. */
export declare const IMAGE_FORMATS: readonly ['avif', 'webp'];
/** The widths an image is rendered at: those of WIDTHS below its own, then its own (at most the largest). */
export declare function renditionWidths(width: number): number[];
/** The path of one rendition in the output, named by the source's content hash (so cached forever). */
export declare function renditionPath(image: Pick<PageImage, 'file' | 'hash'>, width: number, format: string): string;
/** The content hash in a rendition's name (ten characters: images are many, and kept across builds). */
export declare const imageHash: (data: Uint8Array) => string;
/**
 * Markdown images: `width` and `height` from the file (no layout shift, and the HTML gate wants
 * them), `loading="lazy"` and `decoding="async"` but for a first image above the first section,
 * PNG and JPEG as AVIF and WebP renditions in a `<picture>` (src/content/images.ts writes them) with the
 * original as the fallback, `#dark` / `#light` after the path for an image shown in one theme
 * only, and a zoom: the image is a button that opens it in a popover (keyboard and Escape work,
 * no script). Runs before the links plugin, which resolves every `src` against the page's file.
 * A missing file is left to the links check, which reports it at its line.
 */
export default function rehypeImages(options: ImageOptions): (tree: Root, file: VFile) => void;
