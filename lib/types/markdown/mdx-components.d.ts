import type { Root } from 'hast';
import type { VFile } from 'vfile';
/**
 * MDX pages only, after the built-ins are expanded: every component the page writes must be one
 * it can have (`file.data.mdxComponents`: the configuration's and the page's imports), reported at
 * compile time with its place rather than as MDX's runtime error. Records each component's first
 * use, where a component that throws while rendering is reported.
 */
export default function rehypeMdxComponents(): (tree: Root, file: VFile) => void;
