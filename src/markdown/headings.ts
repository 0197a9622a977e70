import type { Element, ElementContent, Root } from 'hast';
import { isElement, walk } from './walk.js';
import { headingText } from './heading-ids.js';
import type { Header, Section } from '../model/page.js';

export interface HeadingData {
  headers: Header[];
  anchors: string[];
  sections: Section[];
}

const HEADING = /^h([1-6])$/;

/** Ids of the page layout around the content (src/render/components.tsx); a heading must not take one. */
const LAYOUT_IDS = ['main', 'sidebar', 'page-title', 'announcer'];

/**
 * Collects level 2 and 3 headings into the page record, every id for anchor checks, and the text
 * of each section (for search); then appends a permalink to each heading.
 * Runs after rehypeHeadingSlugs, so every heading has its id.
 */
export default function rehypeHeadings() {
  return (tree: Root, file: { data: Record<string, unknown> }) => {
    const data: HeadingData = { headers: [], anchors: [], sections: [{ slug: '', title: '', level: 1, text: '' }] };
    // One walk, not three: ids made unique, anchors listed, and the headings to link kept for after the text.
    const used = new Set(LAYOUT_IDS);
    const linked: Element[] = [];
    walk(tree, isElement, (node) => {
      if (typeof node.properties.id !== 'string') return;
      if (HEADING.test(node.tagName)) {
        // rehypeHeadingSlugs numbers repeated titles but does not see ids set with `{#id}` or the layout's ids:
        // a heading whose id is taken gets the next free `-1`, `-2`, ... suffix.
        let id = node.properties.id;
        for (let n = 1; used.has(id); n++) id = `${node.properties.id}-${n}`;
        node.properties.id = id;
        used.add(id);
        if (node.tagName !== 'h1') linked.push(node);
      }
      data.anchors.push(node.properties.id);
    });
    const texts: string[][] = [[]];
    for (const child of tree.children) {
      if ((child.type as string) === 'raw')
        texts[texts.length - 1].push(
          textOf({ type: 'element', tagName: 'div', properties: {}, children: [child as ElementContent] }),
        );
      if (child.type !== 'element') continue;
      const level = HEADING.exec(child.tagName);
      if (level && (level[1] === '2' || level[1] === '3')) {
        const slug = String(child.properties.id ?? '');
        const title = headingText(child).trim();
        data.headers.push({ level: Number(level[1]) as 2 | 3, title, slug });
        data.sections.push({ slug, title, level: Number(level[1]) as 2 | 3, text: '' });
        texts.push([]);
        continue;
      }
      texts[texts.length - 1].push(textOf(child));
    }
    data.sections.forEach((s, i) => (s.text = texts[i].filter(Boolean).join(' ').replace(/\s+/g, ' ').trim()));
    data.sections = data.sections.filter((s, i) => i > 0 || s.text);
    // The permalinks once the sections' text is read, which they are no part of.
    for (const node of linked) {
      const label = headingText(node).trim();
      node.children.push({
        type: 'element',
        tagName: 'a',
        properties: { className: ['anchor'], href: `#${node.properties.id}`, ariaLabel: `Permalink to “${label}”` },
        children: [{ type: 'text', value: '#' }],
      });
    }
    file.data.headings = data;
  };
}

/** Prose of an element for search: code blocks are skipped (noise), inline code kept. */
function textOf(node: Element): string {
  if (node.tagName === 'div' && (node.properties.className as string[] | undefined)?.includes('code-block')) return '';
  if (node.tagName === 'pre') return '';
  const parts: string[] = [];
  const walk = (children: ElementContent[]) => {
    for (const c of children) {
      if (c.type === 'text') parts.push(c.value);
      else if ((c as { type: string }).type === 'raw') {
        // A formula (src/markdown/math.ts): its TeX, as the writer wrote it, is what a reader searches.
        const tex = (c as { data?: { tex?: unknown } }).data?.tex;
        if (typeof tex === 'string') parts.push(tex);
      } else if (c.type === 'element') {
        if (
          c.tagName === 'pre' ||
          c.tagName === 'button' ||
          (c.properties.className as string[] | undefined)?.includes('code-block')
        )
          continue;
        walk(c.children);
        if (/^(p|li|td|th|tr|summary|div|aside|details|blockquote|h\d)$/.test(c.tagName)) parts.push(' ');
      }
    }
  };
  walk([node]);
  return parts.join('');
}
