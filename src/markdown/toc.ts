import type { Element, ElementContent, Root } from 'hast';
import { toString } from 'hast-util-to-string';
import type { VFile } from 'vfile';
import type { HeadingData } from './headings.js';
import { isElement, SKIP, walk } from './walk.js';

/**
 * VitePress's `[[toc]]`: a paragraph of just that becomes the page's table of contents (its level 2 and 3
 * headings, nested), where it is written. Runs after rehypeHeadings, which collected the headings.
 */
export default function rehypeToc() {
  return (tree: Root, file: VFile) => {
    const data = file.data.headings;
    let found = false;
    walk(tree, isElement, (node, index, parent) => {
      if (node.tagName !== 'p' || toString(node).trim() !== '[[toc]]') return;
      found = true;
      parent.children[index] = tocList(data?.headers ?? []);
      return SKIP;
    });
    // The marker is not text of the page.
    if (found && data) for (const section of data.sections) section.text = section.text.replace('[[toc]]', '').trim();
  };
}

function tocList(headers: HeadingData['headers']): Element {
  const top: ElementContent[] = [];
  let sub: ElementContent[] | null = null;
  for (const h of headers) {
    const item: Element = el('li', {}, [el('a', { href: `#${h.slug}` }, [{ type: 'text', value: h.title }])]);
    if (h.level === 2 || !top.length) {
      top.push(item);
      sub = null;
    } else {
      if (!sub) {
        sub = [];
        (top[top.length - 1] as Element).children.push(el('ul', {}, sub));
      }
      sub.push(item);
    }
  }
  return el('nav', { className: ['table-of-contents'], ariaLabel: 'Table of contents' }, [el('ul', {}, top)]);
}

function el(tagName: string, properties: Element['properties'], children: ElementContent[]): Element {
  return { type: 'element', tagName, properties, children };
}
