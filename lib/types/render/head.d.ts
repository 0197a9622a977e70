import type { ChunkHead } from '../shared/contract.js';
/** The per-page head: what the static HTML has and what the runtime sets after navigation. */
export type HeadData = ChunkHead;
export declare function escapeHtml(text: string): string;
export declare function headTags(head: HeadData): string;
/** Replaces `{{name}}` markers of our own templates (not the docs' Markdown). */
export declare function fillTemplate(template: string, values: Record<string, string>): string;
/**
 * Head tags of the full HTML document only (not swapped on navigation): the icon, the page's
 * structured data for search engines and its Atom feed for feed readers, which read the static HTML.
 */
export declare function documentHeadTags({ base, structuredData, feed, }: {
    base: string;
    structuredData?: string;
    feed?: {
        href: string;
        title: string;
    };
}): string;
