import { sha1 } from './hash.js';
import type { PageRecord, Section } from './types.js';

/**
 * A page record's sections (its text by heading, which only search reads) held apart from the
 * record: a record from the Markdown cache reads them when first asked for. At 10,000 pages they
 * are 57% of the records' bytes, and a one-page edit asks for the edited page's alone; search
 * tells the others apart by their digest (`sectionsKey`), which the cache keeps with the record.
 */

const keys = new WeakMap<object, string>();

/** A digest of a record's sections: equal digests, equal sections. Known without reading them for a cached record. */
export function sectionsKey(record: PageRecord): string {
  let key = keys.get(record);
  if (key === undefined) keys.set(record, (key = sha1(JSON.stringify(record.sections ?? []))));
  return key;
}

/** The record with `sections` read by `load` when first asked for (once); `key` is their digest. */
export function withLazySections(record: Omit<PageRecord, 'sections'>, key: string, load: () => Section[]): PageRecord {
  let sections: Section[] | undefined;
  const lazy = Object.defineProperty(record, 'sections', {
    get: () => (sections ??= load()),
    enumerable: true,
    configurable: true,
  }) as PageRecord;
  keys.set(lazy, key);
  return lazy;
}
