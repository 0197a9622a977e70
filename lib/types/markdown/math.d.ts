import type { Root } from 'hast';
import type { VFile } from 'vfile';
/**
 * Math rendered at build time with KaTeX: `$...$` and `$$...$$` (src/markdown/math-syntax.ts),
 * and ```` ```math ```` fences. The output is KaTeX's HTML with MathML beside it for screen
 * readers; the page gets the math stylesheet (and its fonts) through the `math` feature. An
 * invalid formula fails the build at its line. Runs before the highlighter, which would take a
 * `math` fence for an unknown language.
 */
export default function rehypeMath(): (tree: Root, file: VFile) => void;
/**
 * KaTeX places glyphs with style attributes, which the content-security policy (`style-src 'self'`)
 * blocks: each distinct style becomes a class, its rule in the page's stylesheet
 * (src/pages/page-styles.ts). `!important` keeps the precedence an inline style had over KaTeX's CSS.
 */
export declare function stylesToClasses(html: string, rules: Map<string, string>): string;
