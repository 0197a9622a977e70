import type { PageRecord } from '../model/page.js';
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
/** A digest of a record's sections: equal digests, equal sections. Known without reading them for a cached record. */
export declare function sectionsKey(record: PageRecord): string;
/**
 * Whether the record is one the Markdown cache kept, so its code blocks passed the code checks
 * (a build that finds a problem saves no cache, and the checks read nothing but the blocks).
 */
export declare function checkedWhenKept(record: PageRecord): boolean;
/** Digests of a record's links (`links`) and of its heading ids and outline (`anchors`): what the link checks read of it. */
export interface LinkKeys {
    links: string;
    anchors: string;
}
/** A record's link keys: equal keys, equal links and headings (src/checks/stored-links.ts). */
export declare function linkKeys(record: PageRecord): LinkKeys;
/** Names a cached record's link keys, as stored with it; setting its links or headings drops them. */
export declare function withLinkKeys(record: object, keys: LinkKeys): void;
/** What a record's link keys are made of: a new value for one of these drops them. */
export declare const LINK_KEY_PARTS: readonly ['links', 'anchors', 'headers'];
/** Drops a record's link keys (one of their parts was set anew). */
export declare function dropLinkKeys(record: object): void;
/**
 * A cached record with its parts read by `load` when one is first asked for (once); `key` is its
 * sections' digest. Setting a part replaces it on that object.
 */
export declare function withLazyParts(record: Omit<PageRecord, keyof RecordParts>, key: string, load: () => RecordParts): PageRecord;
/**
 * A copy of a record made property by property (`extra` put last): a cached record's parts stay
 * unread, and it stays known as the cache's (`withHtmlBytes` copies a record to hold its HTML).
 */
export declare function copyRecord(record: PageRecord, extra: PropertyDescriptorMap): PageRecord;
