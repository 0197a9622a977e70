import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { sha1 } from './hash.js';
import type { BuildError } from '../model/errors.js';
import type { PageSource } from '../model/page.js';
import type { ResolvedVersion } from '../versions/config.js';
import { contentFile, splitVersion } from '../versions/paths.js';
import { editOfListed } from '../content/listing.js';

interface Remembered {
  /** The file's text (compared as it is: cheaper than hashing every page on every build). */
  raw: string;
  source: PageSource;
  /** What parsing and expanding it reported: said again each time it is reused. */
  problems: BuildError[];
  /** The other files it took in (partials, its OpenAPI document), with their hashes then. */
  inputs: [file: string, hash: string][];
  /** When it was read (ms since the epoch): a file modified since is a change even with the same text (its date is). */
  readAt: number;
}

/** The content folder as a build listed it (src/content/index.ts): pages and other files, relative to it. */
export interface ContentListing {
  pages: string[];
  staticFiles: string[];
  refused: { path: string; message: string; fix: string }[];
}

/**
 * Parsed page sources kept between the builds of one process (`dev`): a page whose file, partials
 * and OpenAPI document read the same as last time is not parsed and expanded again (validating an
 * OpenAPI document costs more than reading every page). `build` starts without one.
 *
 * With the watcher's list of changed files (`noteChanges`), a build lists and reads only what
 * changed: the last listing stands while every change is an edit of a file it lists, and a page
 * the watcher did not name is taken as it was, unread.
 */
export class SourceMemo {
  private readonly sources = new Map<string, Remembered>();
  /** Hashes of the other files, read once a build. */
  private inputHashes = new Map<string, string>();
  /** Paths under the content folder changed since the last build started; 'all' when not known. */
  private changes: Set<string> | 'all' = 'all';
  /** This build's: the changes it started from. */
  private since: Set<string> | 'all' = 'all';
  private listing?: ContentListing;
  /** Whether this build's changes are edits of listed files only (no file added or removed, no data changed). */
  onlyEdits = false;
  /** The last build's pages after the plugins' hooks, by path. */
  private hooked = new Map<string, PageSource>();

  /** `versions`: a versioned site's, whose pages' files are in each version's folder (src/versions/paths.ts). */
  constructor(
    private readonly contentDir: string,
    private readonly versions?: ResolvedVersion[],
  ) {}

  /** The watcher's changed paths (absolute); those outside the content folder change no page. */
  noteChanges(files: string[]): void {
    if (this.changes === 'all') return;
    for (const file of files) {
      const relative = path.relative(this.contentDir, file);
      if (!relative.startsWith('..') && !path.isAbsolute(relative))
        this.changes.add(relative.split(path.sep).join('/'));
    }
  }

  /** The next build reads everything again (the first build, or changes the watcher may not have named). */
  forget(): void {
    this.changes = 'all';
  }

  /** Called as a build starts listing the content: the other files may have changed since the last one. */
  startBuild(): void {
    this.onlyEdits = false;
    this.inputHashes = new Map();
    this.since = this.changes;
    this.changes = new Set();
  }

  /**
   * The last listing, when every change since is an edit of a file it lists (found by binary search,
   * src/content/listing.ts), or under a data folder ("_model/", which no listing holds): nothing
   * added, removed or renamed. Else undefined: list again. (Patching it for a file added or removed
   * raced with a folder being deleted: a build between two deletions served half a site.)
   */
  lastListing(isData: (relativePath: string) => boolean): ContentListing | undefined {
    const { listing, since } = this;
    if (!listing || since === 'all') return undefined;
    let data = false;
    for (const file of since) {
      if (isData(file)) data = true;
      else if (!editOfListed(listing, this.contentDir, file)) return undefined;
    }
    this.onlyEdits = !data;
    return listing;
  }

  /** The listing whose pages, every one read, had no route twice (src/content/index.ts): the same listing has none twice again. */
  distinctRoutes?: ContentListing;

  /** The listing this build made or kept. */
  get current(): ContentListing | undefined {
    return this.listing;
  }

  /** The listing this build made (a failed one leaves none: the next build lists again). */
  rememberListing(listing: ContentListing | undefined): void {
    this.listing = listing;
    if (!listing) this.changes = 'all';
  }

  /** Whether each file (an absolute path) is a listed page whose text is what the last build read. */
  readSame(files: string[]): boolean {
    return files.every((file) => {
      const relative = path.relative(this.contentDir, file).split(path.sep).join('/');
      const known = this.sources.get(relative);
      if (!known || !this.listing?.pages.includes(relative)) return false;
      try {
        // The same text, not touched since it was read: the sitemap and "Last updated" show its modification time.
        return readFileSync(file, 'utf8') === known.raw && statSync(file).mtimeMs <= known.readAt;
      } catch {
        return false;
      }
    });
  }

  /** A page the watcher has not named since the last build, as it was then (its file is not read again). */
  unchanged(relativePath: string): { source: PageSource; problems: BuildError[] } | undefined {
    if (this.since === 'all' || this.since.has(relativePath)) return undefined;
    const known = this.sources.get(relativePath);
    return known && this.inputsCurrent(known) ? known : undefined;
  }

  get(relativePath: string, raw: string): { source: PageSource; problems: BuildError[] } | undefined {
    const known = this.sources.get(relativePath);
    if (!known || known.raw !== raw || !this.inputsCurrent(known)) return undefined;
    return known;
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

  private inputsCurrent(known: Remembered): boolean {
    return known.inputs.every(([file, hash]) => this.hashOf(file) === hash);
  }

  set(source: PageSource, raw: string, problems: BuildError[]): void {
    const openapi =
      typeof source.frontmatter.openapi === 'string'
        ? [this.nameOf(source.relativePath, path.resolve(path.dirname(source.file), source.frontmatter.openapi))]
        : [];
    const inputs = [...(source.included?.files ?? []), ...openapi].map((file): [string, string] => [
      file,
      this.hashOf(file),
    ]);
    this.sources.set(source.relativePath, { raw, source, problems, inputs, readAt: Date.now() });
  }

  /** A file beside a page, named as the site names content files ("1.0/api.yaml" in version 1.0's folder). */
  private nameOf(page: string, file: string): string {
    const version = this.versions && splitVersion(this.versions, page).version;
    const inner = path
      .relative(version?.contentDir ?? this.contentDir, file)
      .split(path.sep)
      .join('/');
    return version?.key ? `${version.key}/${inner}` : inner;
  }

  private hashOf(file: string): string {
    let hash = this.inputHashes.get(file);
    if (hash === undefined) {
      try {
        hash = sha1(readFileSync(contentFile({ contentDir: this.contentDir, versions: this.versions }, file)));
      } catch {
        hash = 'unreadable';
      }
      this.inputHashes.set(file, hash);
    }
    return hash;
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
