import type { Root, Text } from 'mdast';
import { isHeading, walk } from './walk.js';

/** `## Title {#custom-id}` sets the heading's id; rehype-slug keeps ids that are already set. */
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
