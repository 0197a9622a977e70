import type { Root as HastRoot } from 'hast';
import type { Root } from 'mdast';
/** `## Title {#custom-id}` sets the heading's id; `rehypeHeadingSlugs` keeps ids that are already set. */
export default function remarkHeadingIds(): (tree: Root) => void;
/**
 * Gives each heading without an id one from its text, numbered when repeated (GitHub's slugs),
 * as rehype-slug did: the same ids, in one walk of ours instead of unist-util-visit's, which
 * builds an ancestors array for every element of the page.
 */
export declare function rehypeHeadingSlugs(): (tree: HastRoot) => void;
