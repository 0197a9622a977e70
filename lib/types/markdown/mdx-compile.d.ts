import type { Processor } from 'unified';
import type { VFile } from 'vfile';
import { type Components } from './mdx.js';
/** The MDX compiler and renderer (loaded on demand by src/markdown/mdx.ts `loadMdxCompiler`). */
/**
 * The MDX processor: the Markdown chain's own plugins (whatever `createProcessor` lists, so a
 * plugin added there applies to both), with MDX's parser and JavaScript output around them.
 */
export declare function mdxProcessorFrom(markdown: Processor): Processor;
/**
 * Compiles and renders one MDX page. `file.data.mdxComponents` lists the names the page may use
 * (checked at compile time); a component that throws is reported at its first use.
 */
export declare function renderMdx(processor: Processor, file: VFile, components: Components): string;
