import type { ResolvedConfig } from '../config/schema.js';
import type { StampNow } from '../incremental/changes.js';
import type { FileStamp } from '../incremental/file-identity.js';
import { SourceCache } from '../incremental/source-cache.js';
import { Problems, type BuildError } from '../model/errors.js';
import type { PageSource } from '../model/page.js';
import type { Plugin } from '../plugins/types.js';
import { ContentMemory } from './memory.js';
import { expandOpenApiPages, openApiPlugin } from './openapi.js';
import { asRead } from './slugs.js';

/** What the content stage keeps between builds: the parsed pages' store, and in `dev` its memory of the listing. */
export interface ContentStores {
  /** `dev`'s, opened with memory and kept for the session; `build` opens one a build. */
  sources?: SourceCache;
  content?: ContentMemory;
}

/**
 * Every way one content stage differs from another, decided once from its stores (as BuildMode does for the
 * pipeline, src/build/mode.ts): the stage (src/content/index.ts) asks this and branches nowhere else on `dev`.
 * The listing's memory and the source store are one path: `build`'s are empty (a fresh memory has no last listing,
 * a store opened without memory holds no page), which is the cold path. Holding the pages read is not: it changes
 * what the stage does, so it is a seam of its own (`holding`).
 */
export interface ContentMode {
  /** The listing's memory: `dev`'s, kept for the session; a fresh one for `build`. */
  memory: ContentMemory;
  /** The parsed pages' store: `dev`'s, held in memory; `build` opens the one on disk. */
  store(): Promise<SourceCache>;
  holding: PageHolding;
}

/**
 * How the pages read this time are kept for the next build. `dev` holds each in memory expanded (its OpenAPI document
 * taken in) with its problems, and the pages after the plugins' hooks: a save parses and hooks again only what
 * changed. `build` keeps nothing in memory and lets the OpenAPI plugin's hook expand the pages. Not `dev`'s with
 * nothing held: that one copies every page before the hooks and compares every one after them, a cost with nothing
 * to gain in a build that keeps no page.
 */
export interface PageHolding {
  /** A page parsed or taken from disk this time, with its file's stamp and the problems parsing it found: held once expanded. */
  read(source: PageSource, stamp: FileStamp | undefined, problems: BuildError[]): void;
  /** Expands each page read this time (its problems then held with it) and holds it in `store`. */
  hold(pages: PageSource[], config: ResolvedConfig, problems: Problems, store: SourceCache, stampNow: StampNow): Promise<void>;
  /** Whether the plugin's `pages` hook runs: `dev` has done the OpenAPI reference's work in `hold`. */
  hooks(plugin: Plugin): boolean;
  /** The pages the hooks are given: `dev` gives copies, so no held page is changed twice. */
  beforeHooks(pages: PageSource[]): PageSource[];
  /** The pages the hooks left: `dev` gives back each that reads as after the last build's hooks as that object. */
  afterHooks(pages: PageSource[]): PageSource[];
  /**
   * Whether the frontmatter cache keeps only this build's texts once every page was parsed. `dev` adds to them
   * instead (as when its memory took pages unasked); the output is the same.
   */
  prunes: boolean;
}

export function contentMode(config: ResolvedConfig, stores: ContentStores): ContentMode {
  const { sources, content } = stores;
  return {
    memory: content ?? new ContentMemory(config.contentDir),
    store: async () => sources ?? SourceCache.open(config),
    holding: content ? heldPages(content) : KEEPS_NONE,
  };
}

/** `build`: nothing held; the OpenAPI reference expands the pages through its hook, as any plugin would. */
const KEEPS_NONE: PageHolding = {
  read() {},
  async hold() {},
  hooks: () => true,
  beforeHooks: (pages) => pages,
  afterHooks: (pages) => pages,
  prunes: true,
};

/** `dev`: the pages parsed or taken from disk this time, each held once expanded, with its stamp and problems so far. */
function heldPages(memory: ContentMemory): PageHolding {
  const toHold = new Map<PageSource, { stamp: FileStamp | undefined; problems: BuildError[] }>();
  return {
    read: (source, stamp, problems) => void toHold.set(source, { stamp, problems }),
    async hold(pages, config, problems, store, stampNow) {
      // Expanded now, so each page's problems are held with it; the OpenAPI plugin's `pages` hook
      // (src/content/openapi.ts) leaves pages already expanded as they are.
      for (const source of pages) {
        const read = asRead(source);
        const fresh = toHold.get(read);
        if (!fresh) continue;
        const expanded = new Problems();
        await expandOpenApiPages([read], config, expanded);
        source.body = read.body; // a page routed by its slug is a copy of the one remembered
        problems.push(...expanded.list);
        store.hold(read, fresh.stamp, [...fresh.problems, ...expanded.list], stampNow);
      }
    },
    // Each page was expanded as it was read (above), so the OpenAPI reference's hook, which changes a page from its
    // own frontmatter and document alone, has nothing left to do: not a copy of every page a save.
    hooks: (plugin) => plugin !== openApiPlugin,
    // The hooks change copies, so no held page is changed twice; a copy that comes out as the last build's did is
    // that object again.
    beforeHooks: (pages) => pages.map((source) => ({ ...source, frontmatter: { ...source.frontmatter } })),
    afterHooks: (pages) => memory.settled(pages),
    prunes: false,
  };
}
