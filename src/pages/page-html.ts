import type { PageRecord } from '../model/page.js';
import { copyRecord } from '../incremental/record-parts.js';

/**
 * A page record's HTML kept as UTF-8 bytes, outside V8's heap. A build holds every page's record
 * until its end (the checks, search, site files and the Markdown cache read them); the HTML is half
 * of a record, and V8 stores it two bytes a character as soon as it has one character past Latin-1
 * (the curly quotes of the heading anchors' labels put one on every page with a heading). As bytes
 * it is one byte a character of ASCII, crosses from a page worker without a copy, and is not part
 * of the heap the garbage collector sizes itself on: at 10,000 pages, about 230 MB of live heap
 * become 115 MB of bytes. Reading `html` decodes it (the layout of a page rendered again, feeds).
 */

const encoder = new TextEncoder();
const decoder = new TextDecoder();
/** A record's HTML bytes, or what reads them back from a file (src/write/spill.ts). */
export type HtmlBytes = Uint8Array | (() => Uint8Array);
const bytesOf = new WeakMap<PageRecord, HtmlBytes>();
const read = (bytes: HtmlBytes) => (typeof bytes === 'function' ? bytes() : bytes);

/** The record with its HTML held as `bytes` (`html` reads them back as a string). */
export function withHtmlBytes(record: PageRecord, bytes: HtmlBytes): PageRecord {
  // Property by property: a cached record's sections and code blocks stay unread (src/incremental/record-parts.ts).
  const compact = copyRecord(record, {
    html: { get: () => decoder.decode(read(bytes)), enumerable: true, configurable: true },
  });
  bytesOf.set(compact, bytes);
  return compact;
}

/** The record with its HTML as bytes (the same record if it already is). */
export function compactHtml(record: PageRecord): PageRecord {
  return bytesOf.has(record) ? record : withHtmlBytes(record, encoder.encode(record.html));
}

/** A record's HTML as bytes, without decoding it when the record holds bytes. */
export function htmlBytes(record: PageRecord): Uint8Array {
  const bytes = bytesOf.get(record);
  return bytes === undefined ? encoder.encode(record.html) : read(bytes);
}

/** The record with an empty `html`, made without decoding its bytes (the Markdown cache stores the HTML apart). */
export function withoutHtml(record: PageRecord): PageRecord {
  const { html: _html, ...rest } = record;
  return { html: '', ...rest };
}

/**
 * A record as it crosses from a page worker: its HTML as bytes beside it, and the bytes' buffer to
 * transfer (not copy) with the message.
 */
export interface PackedRecord {
  record: PageRecord;
  html: Uint8Array;
  /** The record's Markdown is its source's body (a page without constants), which the main thread holds: not sent. */
  bodyMarkdown?: true;
}

export function packRecord(record: PageRecord, body?: string): PackedRecord {
  const packed: PackedRecord = { record: withoutHtml(record), html: htmlBytes(record) };
  if (body !== undefined && record.markdown === body) {
    packed.record.markdown = '';
    packed.bodyMarkdown = true;
  }
  return packed;
}

export function unpackRecord(packed: PackedRecord, body?: string): PageRecord {
  if (packed.bodyMarkdown) {
    if (body === undefined) throw new Error("Internal error: a page's Markdown came without its source's body");
    packed.record.markdown = body;
  }
  return withHtmlBytes(packed.record, packed.html);
}
