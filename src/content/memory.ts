import path from 'node:path';
import { editOfListed, type ContentListing } from './listing.js';
import type { PageSource } from '../model/page.js';

/**
 * What the content stage keeps between `dev`'s builds besides the parsed pages (src/incremental/source-cache.ts,
 * opened with memory): the content folder's listing, and the pages as the plugins' hooks left them. With the
 * watcher's list of changed files (`Changes`, src/incremental/changes.ts), a build lists again only when a change
 * is not an edit of a listed file.
 */
export class ContentMemory {
  private listing?: ContentListing;
  /** The listing whose pages, every one read, had no route twice (src/content/index.ts): the same listing has none twice again. */
  distinctRoutes?: ContentListing;
  /** The last build's pages after the plugins' hooks, by path. */
  private hooked = new Map<string, PageSource>();

  constructor(private readonly contentDir: string) {}

  /**
   * The last listing, when every file named since (absolute paths) is an edit of a file it lists (found by binary
   * search, src/content/listing.ts), under a data folder ("_model/", which no listing holds), or outside the content
   * folder: nothing added, removed or renamed. `onlyEdits` when no data file is among them. Else undefined: list
   * again. (Patching it for a file added or removed raced with a folder being deleted: a build between two deletions
   * served half a site.)
   */
  lastListing(
    named: ReadonlySet<string> | undefined,
    isData: (relativePath: string) => boolean,
  ): { listing: ContentListing; onlyEdits: boolean } | undefined {
    const { listing } = this;
    if (!listing || !named) return undefined;
    let data = false;
    for (const file of named) {
      const relative = this.relativeOf(file);
      if (relative === undefined) continue;
      if (isData(relative)) data = true;
      else if (!editOfListed(listing, this.contentDir, relative)) return undefined;
    }
    return { listing, onlyEdits: !data };
  }

  /** The listing this build made or kept (a failed one leaves none: the next build lists again). */
  rememberListing(listing: ContentListing | undefined): void {
    this.listing = listing;
  }

  /** The listing the last build made or kept. */
  get current(): ContentListing | undefined {
    return this.listing;
  }

  /** The path of a file (absolute) in the content folder, if it is in it. */
  relativeOf(file: string): string | undefined {
    const relative = path.relative(this.contentDir, file);
    if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
    return relative.split(path.sep).join('/');
  }

  /** Whether the last listing holds the page at `relativePath`. */
  lists(relativePath: string): boolean {
    return this.listing?.pages.includes(relativePath) ?? false;
  }

  /**
   * This build's pages as the plugins' hooks left them, each one that reads as it did after the
   * last build's hooks (the same fields, the same frontmatter values) given back as that object:
   * what is kept by page object (outlines, cache keys) stays found.
   */
  settled(pages: PageSource[]): PageSource[] {
    const next = new Map<string, PageSource>();
    const out = pages.map((page) => {
      const before = this.hooked.get(page.relativePath);
      const same = before && sameFields(before, page) ? before : page;
      next.set(page.relativePath, same);
      return same;
    });
    this.hooked = next;
    return out;
  }
}

/** The same keys holding the same values, the frontmatter compared one level down. */
function sameFields(a: PageSource, b: PageSource): boolean {
  return sameValues(a, b, true);
}

// Loops rather than callbacks: run for every page on every `dev` build.
function sameValues(x: object, y: object, deeper: boolean): boolean {
  const keys = Object.keys(x);
  if (keys.length !== Object.keys(y).length) return false;
  for (const key of keys) {
    const u = (x as Record<string, unknown>)[key];
    const v = (y as Record<string, unknown>)[key];
    if (u !== v && !(deeper && key === 'frontmatter' && sameValues(u as object, v as object, false))) return false;
  }
  return true;
}
