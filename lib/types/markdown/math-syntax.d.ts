import type { Processor } from 'unified';
/**
 * `$...$` and `$$...$$` in text and `$$` blocks as math nodes (mdast-util-math's), which
 * src/markdown/math.ts renders. Blocks are micromark-extension-math's; inline math is ours
 * (above). Inline `$$...$$` is marked for display.
 */
export default function remarkMathSyntax(this: Processor): void;
