/** The per-page `<head>`: read from a document, applied after a navigation (mirrors src/render/head.ts). */
import type { ChunkHead } from '../src/shared/contract.js';

export function readHead(doc: Document): ChunkHead {
  const attr = (selector: string, name: string) => doc.querySelector(selector)?.getAttribute(name) ?? undefined;
  return {
    title: doc.title,
    description: attr('meta[name="description"]', 'content') ?? '',
    lang: doc.documentElement.lang,
    canonical: attr('link[rel="canonical"]', 'href'),
    ogTitle: attr('meta[property="og:title"]', 'content'),
    siteName: attr('meta[property="og:site_name"]', 'content') ?? '',
    noindex: Boolean(doc.querySelector('meta[name="robots"][content~="noindex"]')),
  };
}

/** Sets, adds or (value undefined) removes one tag, so the head ends up as the static HTML has it. */
function setTag(
  tagName: 'meta' | 'link',
  key: string,
  name: string,
  attribute: 'content' | 'href',
  value: string | undefined,
): void {
  let tag = document.head.querySelector(`${tagName}[${key}="${name}"]`);
  if (value === undefined) return tag?.remove();
  if (!tag) {
    tag = document.createElement(tagName);
    tag.setAttribute(key, name);
    document.head.append(tag);
  }
  tag.setAttribute(attribute, value);
}

export function applyHead(head: ChunkHead): void {
  document.title = head.title;
  document.documentElement.lang = head.lang;
  setTag('meta', 'name', 'description', 'content', head.description);
  setTag('meta', 'name', 'robots', 'content', head.noindex ? 'noindex' : undefined);
  setTag('link', 'rel', 'canonical', 'href', head.canonical);
  setTag('meta', 'property', 'og:site_name', 'content', head.siteName);
  setTag('meta', 'property', 'og:title', 'content', head.ogTitle ?? head.title);
  setTag('meta', 'property', 'og:description', 'content', head.description);
  setTag('meta', 'property', 'og:url', 'content', head.canonical);
}
