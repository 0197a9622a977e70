/**
 * What the Markdown plugins leave on a page's VFile (`file.data`), typed once for all of them: vfile's own
 * `DataMap` declares each key's type, so a plugin reads and writes it without a cast.
 */
import type { CodeBlock, Feature, LinkRef, PageImage } from '../model/page.js';
import type { HeadingData } from './headings.js';
import type { PageFileData } from './links.js';

declare module 'vfile' {
  interface DataMap {
    /** The page being rendered: set by src/markdown/index.ts before the run. */
    page: PageFileData;
    /** Its outline and heading ids (src/markdown/headings.ts). */
    headings: HeadingData;
    /** Its links to pages and files (src/markdown/links.ts). */
    links: LinkRef[];
    /** Its fenced code blocks, for the checks (src/markdown/code.ts). */
    codeBlocks: CodeBlock[];
    /** The features it uses, whose CSS and scripts it links (src/markdown/features.ts). */
    features: Feature[];
    /** The images it shows (src/markdown/images.ts). */
    images: PageImage[];
    /** CSS the page's own content needs (src/markdown/math.ts). */
    css: string;
    /** The components an MDX page may use (the configuration's and its imports'). */
    mdxComponents: string[];
    /** Where each component is first used in an MDX page, for its errors (src/markdown/mdx-components.ts). */
    componentUses: Record<string, { line: number; column: number }>;
  }
}

export {};
