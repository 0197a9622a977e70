import type { Root } from 'hast';
/**
 * Wraps each table in `section.table-wrap`, the box that scrolls when the table is wider than the
 * screen. A scrolling box must be reachable by keyboard (WCAG 2.1.1), so it is focusable, and a
 * focusable box needs a name: a region (a named `<section>`) labelled by the table's column headings.
 */
export default function rehypeTables(): (tree: Root) => void;
