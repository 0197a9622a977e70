import type { Root } from 'hast';
/**
 * Names the checkbox of a task-list item after the item's text: GFM renders a bare
 * `<input type="checkbox" disabled>`, which a screen reader announces as an unlabelled control.
 */
export default function rehypeTaskLists(): (tree: Root) => void;
