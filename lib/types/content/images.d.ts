import type { ResolvedConfig } from '../config/index.js';
import type { OutputFile, PageRecord } from '../model/page.js';
export interface RenderedImages {
    files: OutputFile[];
    /** Renditions encoded this time (the others came from the cache). */
    converted: number;
}
/**
 * The AVIF and WebP renditions of every PNG and JPEG the pages show (src/markdown/images.ts names
 * them). Each is kept in node_modules/.cache/docs/images under a key of the source's content hash,
 * the width, the format and the encoder settings, so an unchanged build converts nothing and an
 * image shown by several pages is converted once.
 */
export declare function renderImages(config: ResolvedConfig, pages: PageRecord[]): Promise<RenderedImages>;
