import GithubSlugger from 'github-slugger';
import type { Root as HastRoot } from 'hast';
import { toString } from 'hast-util-to-string';
import type { Root, Text } from 'mdast';
import { isElement, isHeading, walk } from './walk.js';

/** `## Title {#custom-id}` sets the heading's id; `rehypeHeadingSlugs` keeps ids that are already set. */
export default function remarkHeadingIds() {
  return (tree: Root) => {
    walk(tree, isHeading, (heading) => {
      const last = heading.children[heading.children.length - 1] as Text | undefined;
      if (last?.type !== 'text') return;
      const match = /\s*\{#([A-Za-z0-9_-]+)\}\s*$/.exec(last.value);
      if (!match) return;
      last.value = last.value.slice(0, match.index);
      heading.data = { ...heading.data, hProperties: { ...(heading.data?.hProperties ?? {}), id: match[1] } };
    });
  };
}

const HEADING_TAG = /^h[1-6]$/;

/**
 * Gives each heading without an id one from its text, numbered when repeated (GitHub's slugs),
 * as rehype-slug did: the same ids, in one walk of ours instead of unist-util-visit's, which
 * builds an ancestors array for every element of the page.
 */
export function rehypeHeadingSlugs() {
  return (tree: HastRoot) => {
    const slugs = new GithubSlugger();
    walk(tree, isElement, (node) => {
      if (HEADING_TAG.test(node.tagName) && !node.properties.id) node.properties.id = slugs.slug(toString(node));
    });
  };
}
