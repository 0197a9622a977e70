import type { Image, Parent, Root, Text } from 'mdast';
import type { Node } from 'unist';
import { walk } from './walk.js';

/** `{width=300 height="200" .wide #diagram}` right after an image. */
const ATTRIBUTES = /^\{([^{}\n]*)\}/;
/**
 * markdown-it's image size (VitePress, Typora): `![Plan](plan.png =300x200)`, either number optional. CommonMark
 * reads the space as the end of an image, so the parser leaves the whole form as text: it is read back here.
 */
const SIZED_IMAGE = /!\[([^\]\n]*)\]\(([^\s()]+)\s+=(\d*)x(\d*)\)/g;

/** What an image may be given: its size, a class, an id, how it loads. Nothing else (no `style`, no handlers). */
const ALLOWED = new Set(['width', 'height', 'loading', 'class', 'id', 'title']);

/**
 * Image attributes as VitePress (markdown-it-attrs) and Pandoc write them: `![Plan](plan.png){width=300}` gives the
 * image a width, so a team can size a screenshot without raw HTML. Only sizes, classes, ids and `loading` are read;
 * the braces leave the text.
 */
export default function remarkImageAttributes() {
  return (tree: Root) => {
    // One walk: a parent's sized images are read back first, then the attributes after its images.
    walk(
      tree,
      (node): node is Parent => 'children' in node,
      (parent) => {
        if ((parent.children as Parent['children']).some(hasSizedImage))
          parent.children = (parent.children as Parent['children']).flatMap((child) =>
            hasSizedImage(child) ? sizedImages(child as Text) : [child],
          ) as Parent['children'];
        const children = parent.children as Parent['children'];
        for (let i = 0; i < children.length - 1; i++) {
          const image = children[i] as Image;
          const next = children[i + 1] as Text;
          if (image.type !== 'image' || next.type !== 'text') continue;
          const match = ATTRIBUTES.exec(next.value);
          if (!match) continue;
          const properties = readAttributes(match[1]);
          if (!properties) continue;
          image.data = { ...image.data, hProperties: { ...(image.data?.hProperties ?? {}), ...properties } };
          next.value = next.value.slice(match[0].length);
        }
      },
    );
  };
}

/** A text that may hold a markdown-it sized image (`](` at least). */
const hasSizedImage = (node: Node): boolean => node.type === 'text' && (node as Text).value.includes('](');

/** A text's markdown-it sized images as image nodes, the text around them kept. */
function sizedImages(text: Text): (Text | Image)[] {
  const out: (Text | Image)[] = [];
  let last = 0;
  for (const match of text.value.matchAll(SIZED_IMAGE)) {
    const [whole, alt, url, width, height] = match;
    if (!width && !height) continue;
    if (match.index > last) out.push({ type: 'text', value: text.value.slice(last, match.index) });
    const start = text.position && !text.value.slice(0, match.index).includes('\n') ? text.position.start : undefined;
    out.push({
      type: 'image',
      url,
      alt,
      data: { hProperties: { ...(width ? { width } : {}), ...(height ? { height } : {}) } },
      ...(start
        ? {
            position: {
              start: {
                line: start.line,
                column: start.column + match.index,
                offset: (start.offset ?? 0) + match.index,
              },
              end: {
                line: start.line,
                column: start.column + match.index + whole.length,
                offset: (start.offset ?? 0) + match.index + whole.length,
              },
            },
          }
        : {}),
    });
    last = match.index + whole.length;
  }
  if (!out.length) return [text];
  if (last < text.value.length) out.push({ type: 'text', value: text.value.slice(last) });
  return out;
}

/** `width=300 .wide #id`: the attributes, or null when any part is not one an image may have. */
export function readAttributes(text: string): Record<string, string | string[]> | null {
  const out: Record<string, string | string[]> = {};
  const classes: string[] = [];
  for (const [, cls, id, key, dq, sq, bare, other] of text.matchAll(
    /\.([\w-]+)|#([\w-]+)|([\w-]+)=(?:"([^"]*)"|'([^']*)'|([^\s"']+))|(\S+)/g,
  )) {
    if (other) return null;
    if (cls) classes.push(cls);
    else if (id) out.id = id;
    else if (ALLOWED.has(key)) out[key] = dq ?? sq ?? bare;
    else return null;
  }
  if (classes.length) out.className = classes;
  return Object.keys(out).length ? out : null;
}
