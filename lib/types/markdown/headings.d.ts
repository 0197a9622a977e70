import type { Root } from 'hast';
import type { Header, Section } from '../model/page.js';
export interface HeadingData {
    headers: Header[];
    anchors: string[];
    sections: Section[];
}
/**
 * Collects level 2 and 3 headings into the page record, every id for anchor checks, and the text
 * of each section (for search); then appends a permalink to each heading.
 * Runs after rehypeHeadingSlugs, so every heading has its id.
 */
export default function rehypeHeadings(): (tree: Root, file: {
    data: Record<string, unknown>;
}) => void;
