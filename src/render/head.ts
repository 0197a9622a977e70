import type { ChunkHead } from '../shared/contract.js';

/** The per-page head: what the static HTML has and what the runtime sets after navigation. */
export type HeadData = ChunkHead;

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]);
}

/** The image a shared link shows (`og:image`): a page's social card or its frontmatter `image`, as an absolute URL. */
export interface ShareImage {
  url: string;
  /** Known for generated cards. */
  width?: number;
  height?: number;
  alt: string;
}

export function headTags(head: HeadData, image?: ShareImage): string {
  const e = escapeHtml;
  return [
    `<title>${e(head.title)}</title>`,
    `<meta name="description" content="${e(head.description)}">`,
    head.noindex ? '<meta name="robots" content="noindex">' : '',
    head.canonical ? `<link rel="canonical" href="${e(head.canonical)}">` : '',
    `<meta property="og:type" content="article">`,
    `<meta property="og:site_name" content="${e(head.siteName)}">`,
    `<meta property="og:title" content="${e(head.ogTitle ?? head.title)}">`,
    `<meta property="og:description" content="${e(head.description)}">`,
    head.canonical ? `<meta property="og:url" content="${e(head.canonical)}">` : '',
    ...(image
      ? [
          `<meta property="og:image" content="${e(image.url)}">`,
          image.width ? `<meta property="og:image:width" content="${image.width}">` : '',
          image.height ? `<meta property="og:image:height" content="${image.height}">` : '',
          `<meta property="og:image:alt" content="${e(image.alt)}">`,
          `<meta name="twitter:card" content="summary_large_image">`,
        ]
      : [`<meta name="twitter:card" content="summary">`]),
  ]
    .filter(Boolean)
    .join('\n');
}

/** Replaces `{{name}}` markers of our own templates (not the docs' Markdown). */
export function fillTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (match, name: string) => (name in values ? values[name] : match));
}

/**
 * Head tags of the full HTML document only (not swapped on navigation): the icon, the page's
 * structured data for search engines and its Atom feed for feed readers, which read the static HTML.
 */
export function documentHeadTags({
  base,
  structuredData,
  feed,
}: {
  base: string;
  structuredData?: string;
  feed?: { href: string; title: string };
}): string {
  return [
    `<link rel="icon" href="${escapeHtml(base)}favicon.svg" type="image/svg+xml">`,
    structuredData ?? '',
    feed
      ? `<link rel="alternate" type="application/atom+xml" title="${escapeHtml(feed.title)}" href="${escapeHtml(feed.href)}">`
      : '',
  ]
    .filter(Boolean)
    .join('\n');
}
