import type { RecordCache } from '../../incremental/markdown-cache.js';
import type { PageOutline, PageRecord, PageSource } from '../../model/page.js';
import { isFeedPage } from '../../outputs/feed.js';
import type { PageJob } from '../../pages/index.js';
import type { LayoutMemo } from '../../pages/layout-keys.js';
import type { OutputManifest, PageEntry } from '../../write/index.js';

/** The plan of the pages stage: what to render, and what is kept of the previous output. */
export interface PagePlan {
  jobs: PageJob[];
  /** Routes of the pages that keep their files. */
  kept: Set<string>;
  /** The kept pages' records (the rendered ones' are added as they are made). */
  records: Map<string, PageRecord>;
  /** Every page's entry of the output manifest by route (a rendered page's files come from its job). */
  entries: Map<string, PageEntry>;
}

/**
 * Which pages keep their files: those whose record (by its Markdown cache key) and layout (by its
 * layout key) are what the previous output was rendered from. The others become jobs, with their
 * cached record when only their layout changed.
 */
export async function planPages(
  sources: PageSource[],
  outlines: PageOutline[],
  cache: RecordCache,
  layoutKey: (page: PageOutline) => string,
  memo: LayoutMemo,
  previous?: OutputManifest,
): Promise<PagePlan> {
  const entries = new Map<string, PageEntry>();
  const kept = new Set<string>();
  const records = new Map<string, PageRecord>();
  const jobs: PageJob[] = [];
  for (const [i, source] of sources.entries()) {
    const renderKey = memo.renderKey(source, cache.key(source), layoutKey(outlines[i]));
    const cached = cache.get(source, outlines[i]);
    const before = previous?.pages.get(source.route);
    if (cached && before?.renderKey === renderKey) {
      // A feed's entries are its page's HTML (src/outputs/feed.ts): a kept feed page keeps its record with it, or
      // is rendered again when the cache has lost it.
      const record = isFeedPage(outlines[i]) ? await cache.withHtml(source, cached) : cached;
      if (record) {
        kept.add(source.route);
        records.set(source.route, record);
        entries.set(source.route, before);
        continue;
      }
    }
    jobs.push({ source, cached: cached && (await cache.withHtml(source, cached)) });
    entries.set(source.route, { renderKey, chunk: '', paths: [] }); // the files come from the job
  }
  return { jobs, kept, records, entries };
}
