/**
 * The files the build writes for the browser runtime, as the runtime reads them: one type each, which the build
 * writes (src/render/index.tsx, src/outputs/index.ts) and client/ reads, so neither side can change alone.
 */

/** The per-page head the runtime sets after a navigation (same fields as the static `<head>`). */
export interface ChunkHead {
  title: string;
  description: string;
  lang: string;
  canonical?: string;
  ogTitle?: string;
  siteName: string;
  noindex?: boolean;
}

/** What a chunk file (src/shared/paths.ts `chunkFile`) registers on `self.docsChunks`. */
export interface ChunkData {
  key: string;
  route: string;
  head: ChunkHead;
  regions: { sidebar: string; content: string; toc: string };
  layout: 'doc' | 'page';
}

export interface RedirectEntry {
  /** URL path with the base ("/docs/cron/"); slash form unless `exact`. */
  from: string;
  /** The final target: a URL path with the base, or an external URL. */
  to: string;
  exact: boolean;
}

/** `routes.json` (not hashed, revalidated): where the shards of the route table and the nav groups live. */
export interface RoutesIndexData {
  shards: Record<string, string>;
  nav: string;
  /** The sidebar groups of each locale but the root, by locale key (a site in several languages). */
  navs?: Record<string, string>;
  redirects: RedirectEntry[];
  /** The not-found page of each language but the root's, by route prefix ("/ar/"): a site in several languages. */
  notFound?: Record<string, string>;
}
