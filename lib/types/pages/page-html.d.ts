import type { PageRecord } from '../model/page.js';
/** The record with its HTML held as `bytes` (`html` reads them back as a string). */
export declare function withHtmlBytes(record: PageRecord, bytes: Uint8Array): PageRecord;
/** The record with its HTML as bytes (the same record if it already is). */
export declare function compactHtml(record: PageRecord): PageRecord;
/** A record's HTML as bytes, without decoding it when the record holds bytes. */
export declare function htmlBytes(record: PageRecord): Uint8Array;
/** The record with an empty `html`, made without decoding its bytes (the Markdown cache stores the HTML apart). */
export declare function withoutHtml(record: PageRecord): PageRecord;
/**
 * A record as it crosses from a page worker: its HTML as bytes beside it, and the bytes' buffer to
 * transfer (not copy) with the message.
 */
export interface PackedRecord {
    record: PageRecord;
    html: Uint8Array;
}
export declare function packRecord(record: PageRecord): PackedRecord;
export declare function unpackRecord(packed: PackedRecord): PageRecord;
