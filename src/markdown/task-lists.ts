import type { Root } from 'hast';
import { toString } from 'hast-util-to-string';
import { visit } from 'unist-util-visit';

/**
 * Names the checkbox of a task-list item after the item's text: GFM renders a bare
 * `<input type="checkbox" disabled>`, which a screen reader announces as an unlabelled control.
 */
export default function rehypeTaskLists() {
  return (tree: Root) => {
    visit(tree, 'element', (node) => {
      if (node.tagName !== 'li') return;
      const input = node.children.find((c) => c.type === 'element' && c.tagName === 'input' && c.properties.type === 'checkbox');
      if (!input || input.type !== 'element' || input.properties.ariaLabel) return;
      input.properties.ariaLabel = toString(node).trim() || 'Task';
    });
  };
}
