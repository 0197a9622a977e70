import { sha1 } from './hash.js';
import type { PageRecord } from '../model/page.js';
import { lazyProperty } from './lazy-property.js';

/**
 * The parts of a page record a build reads only for the pages it renders: its sections (the text
 * by heading, which search reads), its code blocks (which the code checks read) and its headings
 * (which the layout's outline shows). The Markdown cache keeps them apart from the record, and a
 * record from the cache reads them when first asked for: at 10,000 pages they are 77% of the
 * records' bytes (and the headings, nested objects, half the time it took to read the rest), and
 * a one-page edit asks for the edited page's alone. Search tells the other pages apart by a digest of their sections (`sectionsKey`),
 * kept with the record; the code checks need not look at them again (`checkedWhenKept`).
 */
export type RecordParts = Pick<PageRecord, 'sections' | 'codeBlocks' | 'headers'>;

/** Sections digests of cached records (a setter drops one), and of others with the sections they were made from. */
const keptKeys = new WeakMap<object, string>();
const madeKeys = new WeakMap<object, { sections: unknown; key: string }>();
const kept = new WeakSet<object>();

/** A digest of a record's sections: equal digests, equal sections. Known without reading them for a cached record. */
export function sectionsKey(record: PageRecord): string {
  const known = keptKeys.get(record);
  if (known !== undefined) return known;
  const made = madeKeys.get(record);
  if (made && made.sections === record.sections) return made.key;
  const key = sha1(JSON.stringify(record.sections ?? []));
  madeKeys.set(record, { sections: record.sections, key });
  return key;
}

/**
 * Whether the record is one the Markdown cache kept, so its code blocks passed the code checks
 * (a build that finds a problem saves no cache, and the checks read nothing but the blocks).
 */
export function checkedWhenKept(record: PageRecord): boolean {
  return kept.has(record);
}

/** Digests of a record's links (`links`) and of its heading ids and outline (`anchors`): what the link checks read of it. */
export interface LinkKeys {
  links: string;
  anchors: string;
}

/** Link keys of cached records, stored with them (their links are not read to know them), and of others once made. */
const linkKeysOf = new WeakMap<object, LinkKeys>();

/** A record's link keys: equal keys, equal links and headings (src/checks/stored-links.ts). */
export function linkKeys(record: PageRecord): LinkKeys {
  let keys = linkKeysOf.get(record);
  if (!keys) {
    keys = {
      links: sha1(JSON.stringify(record.links ?? [])),
      anchors: sha1(JSON.stringify(record.anchors ?? []), JSON.stringify((record.headers ?? []).map((h) => h.slug))),
    };
    linkKeysOf.set(record, keys);
  }
  return keys;
}

/** Names a cached record's link keys, as stored with it; setting its links or headings drops them. */
export function withLinkKeys(record: object, keys: LinkKeys): void {
  linkKeysOf.set(record, keys);
}

/** What a record's link keys are made of: a new value for one of these drops them. */
export const LINK_KEY_PARTS = ['links', 'anchors', 'headers'] as const;

/** Drops a record's link keys (one of their parts was set anew). */
export function dropLinkKeys(record: object): void {
  linkKeysOf.delete(record);
}

/**
 * A cached record with its parts read by `load` when one is first asked for (once); `key` is its
 * sections' digest. Setting a part replaces it on that object.
 */
export function withLazyParts(
  record: Omit<PageRecord, keyof RecordParts>,
  key: string,
  load: () => RecordParts,
): PageRecord {
  let parts: RecordParts | undefined;
  // A part set anew: the object is no longer the cache's record as kept.
  const replaced = (owner: object) => {
    keptKeys.delete(owner);
    kept.delete(owner);
    dropLinkKeys(owner);
  };
  for (const name of ['sections', 'codeBlocks', 'headers'] as const)
    lazyProperty(record, name, () => (parts ??= load())[name], replaced);
  keptKeys.set(record, key);
  kept.add(record);
  return record as PageRecord;
}

/**
 * A copy of a record made property by property (`extra` put last): a cached record's parts stay
 * unread, and it stays known as the cache's (`withHtmlBytes` copies a record to hold its HTML).
 */
export function copyRecord(record: PageRecord, extra: PropertyDescriptorMap): PageRecord {
  const own: PropertyDescriptorMap = Object.getOwnPropertyDescriptors(record);
  for (const name of Object.keys(extra)) delete own[name]; // added last, as a spread and assignment would
  const copy = Object.defineProperties({}, { ...own, ...extra }) as PageRecord;
  const key = keptKeys.get(record);
  if (key !== undefined) keptKeys.set(copy, key);
  if (kept.has(record)) kept.add(copy);
  const links = linkKeysOf.get(record);
  if (links && !LINK_KEY_PARTS.some((name) => name in extra)) linkKeysOf.set(copy, links);
  return copy;
}
