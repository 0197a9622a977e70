import GithubSlugger from 'github-slugger';
import type { Root as HastRoot } from 'hast';
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

type HastNode = {
  type: string;
  value?: string;
  name?: string | null;
  tagName?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
};

const isBadge = (node: HastNode) =>
  (node.type === 'mdxJsxTextElement' && node.name === 'Badge') ||
  (node.type === 'element' && Array.isArray(node.properties?.className) && node.properties.className.includes('badge'));

/**
 * A heading's text for its id and its entry in the outline: a badge beside the title (`<Badge>`,
 * before or after it is expanded) is a label, not part of the title; the space it stood in goes too.
 */
export function headingText(heading: HastNode): string {
  let badges = 0;
  const text = (node: HastNode): string => {
    if (isBadge(node)) {
      badges++;
      return ' ';
    }
    // As hast-util-to-string reads a node: its children's text, or its own value.
    if (node.children) return node.children.map(text).join('');
    return node.value ?? '';
  };
  const all = text(heading);
  return badges ? all.replace(/\s+/g, ' ').trim() : all;
}

/**
 * Gives each heading without an id one from its text, numbered when repeated (GitHub's slugs),
 * as rehype-slug did: the same ids, in one walk of ours instead of unist-util-visit's, which
 * builds an ancestors array for every element of the page.
 */
export function rehypeHeadingSlugs() {
  return (tree: HastRoot) => {
    const slugs = new GithubSlugger();
    walk(tree, isElement, (node) => {
      if (HEADING_TAG.test(node.tagName) && !node.properties.id) node.properties.id = slugs.slug(headingText(node));
    });
  };
}
