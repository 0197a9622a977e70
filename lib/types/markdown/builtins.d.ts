import type { Element, ElementContent, Root } from 'hast';
import type { VFile } from 'vfile';
/**
 * The built-in components: Tabs (TabItem), CodeGroup, Steps, Card, LinkCard, CardGrid, Badge,
 * FileTree and Aside (or Callout). They are expanded into plain HTML here, at compile time, for
 * `.mdx` pages (`<Tabs>`) and for their Markdown forms in `.md` pages (`::: tabs`, marked by
 * src/markdown/directives.ts), so the plugins after this one (code highlighting, links and their
 * checks, headings, search text) see their content like any other, and no React runs for them.
 * Runs after rehypeHeadingSlugs (headings inside keep their ids) and before the code highlighter (a code
 * group reads the blocks' titles).
 */
export declare const BUILTINS: readonly ['Tabs', 'TabItem', 'CodeGroup', 'Steps', 'Card', 'LinkCard', 'CardGrid', 'Badge', 'FileTree', 'Aside', 'Callout'];
/** The variants a badge may have (its colour). */
export declare const BADGE_VARIANTS: readonly ['note', 'tip', 'info', 'success', 'warning', 'caution', 'danger'];
export default function rehypeBuiltins(): (tree: Root, file: VFile) => void;
export declare function linkCard(title: string, href: string, description: ElementContent[]): Element;
