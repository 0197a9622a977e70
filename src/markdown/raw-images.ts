import type { Element, ElementContent, Root, RootContent } from 'hast';
import { walk } from './walk.js';

/** One `<img ...>` tag in raw HTML, and its attributes. */
const IMG_TAG = /<img\b((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/gi;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
/** Raw HTML whose images are not ours to rewrite: a comment, or a picture that names its own sources. */
const LEAVE_ALONE = /<!--|<picture\b|<source\b/i;
/**
 * The attributes a converted image may have, by their hast names. A tag with any other (an event handler, `srcset`,
 * `style`) stays raw HTML, for the security rules to read as written.
 */
const PROPERTY: Record<string, string> = {
  src: 'src',
  alt: 'alt',
  width: 'width',
  height: 'height',
  title: 'title',
  class: 'className',
  id: 'id',
  loading: 'loading',
  decoding: 'decoding',
};

declare module 'hast' {
  interface ElementData {
    /** An image from raw HTML inside a raw `<a>`: not a zoom button (src/markdown/images.ts). */
    inLink?: boolean;
  }
}

/**
 * A raw `<img src="img/x.png">` written in Markdown becomes an image element, as `![...](img/x.png)` does, so the
 * image plugin and the links plugin after this one treat it alike: its relative source resolves from the page's file
 * and gets the base (a raw source would break under `/docs/`), a raster file gets its renditions, and a missing file
 * is reported at its line. An image inside a raw link (`<a href="..."><img ...></a>`) is marked so it gets no zoom
 * button (a button in a link).
 */
export default function rehypeRawImages() {
  return (tree: Root) => {
    const visit = (parent: Element | Root) => {
      const children = parent.children as ElementContent[];
      if (!children.some((c) => c.type === 'raw' && /<img\b/i.test(c.value))) return;
      let openLinks = 0;
      parent.children = children.flatMap((child): ElementContent[] => {
        if (child.type !== 'raw') return [child];
        const pieces = LEAVE_ALONE.test(child.value) ? [child] : split(child, openLinks > 0);
        openLinks += (child.value.match(/<a\b/gi)?.length ?? 0) - (child.value.match(/<\/a\s*>/gi)?.length ?? 0);
        return pieces;
      });
    };
    visit(tree);
    walk(tree, (node): node is Element => node.type === 'element', visit);
  };
}

/** A raw node cut at its `<img>` tags: the HTML around them stays raw. */
function split(raw: Extract<RootContent, { type: 'raw' }>, inLink: boolean): ElementContent[] {
  const out: ElementContent[] = [];
  let last = 0;
  let links = 0;
  for (const match of raw.value.matchAll(IMG_TAG)) {
    const properties = imageProperties(match[1]);
    if (!properties) continue;
    const before = raw.value.slice(last, match.index);
    links += (before.match(/<a\b/gi)?.length ?? 0) - (before.match(/<\/a\s*>/gi)?.length ?? 0);
    if (before) out.push({ type: 'raw', value: before });
    const lines = raw.value.slice(0, match.index).split('\n');
    const start = raw.position?.start;
    const line = start ? start.line + lines.length - 1 : 0;
    const column = start ? (lines.length === 1 ? start.column + match.index : lines[lines.length - 1].length + 1) : 0;
    out.push({
      type: 'element',
      tagName: 'img',
      properties,
      children: [],
      ...(inLink || links > 0 ? { data: { inLink: true } } : {}),
      ...(start ? { position: { start: { line, column }, end: { line, column: column + match[0].length } } } : {}),
    } as Element);
    last = match.index + match[0].length;
  }
  if (!out.length) return [raw];
  if (last < raw.value.length) out.push({ type: 'raw', value: raw.value.slice(last) });
  return out;
}

/** The attributes of an `<img>` tag as hast properties, or null when one is not an image's plain attribute. */
function imageProperties(attributes: string): Element['properties'] | null {
  const properties: Element['properties'] = {};
  for (const [, name, dq, sq, bare] of attributes.matchAll(ATTRIBUTE)) {
    const key = PROPERTY[name.toLowerCase()];
    if (!key) return null;
    const value = dq ?? sq ?? bare ?? '';
    properties[key] = key === 'className' ? value.split(/\s+/).filter(Boolean) : value;
  }
  return typeof properties.src === 'string' ? properties : null;
}
