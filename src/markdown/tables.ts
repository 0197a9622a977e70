import type { Element, Root } from 'hast';
import { toString } from 'hast-util-to-string';
import { isElement, SKIP, walk } from './walk.js';

/**
 * Wraps each table in `section.table-wrap`, the box that scrolls when the table is wider than the
 * screen. A scrolling box must be reachable by keyboard (WCAG 2.1.1), so it is focusable, and a
 * focusable box needs a name: a region (a named `<section>`) labelled by the table's column headings.
 */
export default function rehypeTables() {
  return (tree: Root) => {
    walk(tree, isElement, (node, index, parent) => {
      if (node.tagName !== 'table' || !parent || index === undefined) return;
      const headings = [] as string[];
      walk(node, isElement, (cell) => {
        if (cell.tagName === 'th') headings.push(toString(cell).trim());
      });
      const label = headings.filter(Boolean).length ? `Table: ${headings.filter(Boolean).join(', ')}` : 'Table';
      const wrap: Element = {
        type: 'element',
        tagName: 'section',
        properties: { className: ['table-wrap'], tabIndex: 0, ariaLabel: label },
        children: [node],
      };
      parent.children[index] = wrap;
      return SKIP;
    });
  };
}
