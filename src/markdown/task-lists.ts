import type { Root } from 'hast';
import { toString } from 'hast-util-to-string';
import { isElement, walk } from './walk.js';

/**
 * Names the checkbox of a task-list item after the item's text: GFM renders a bare
 * `<input type="checkbox" disabled>`, which a screen reader announces as an unlabelled control.
 */
export default function rehypeTaskLists() {
  return (tree: Root) => {
    walk(tree, isElement, (node) => {
      if (node.tagName !== 'li') return;
      const input = node.children.find(
        (c) => c.type === 'element' && c.tagName === 'input' && c.properties.type === 'checkbox',
      );
      if (!input || input.type !== 'element' || input.properties.ariaLabel) return;
      input.properties.ariaLabel = toString(node).trim() || 'Task';
    });
  };
}
