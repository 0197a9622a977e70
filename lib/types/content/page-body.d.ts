import type { PageSource } from '../model/page.js';
/**
 * A digest of a source's body: equal digests, equal bodies. Known without reading the body for a
 * cached source; a plain source's is made again when its body was replaced since (a `pages` hook
 * may append to it, as the OpenAPI reference does).
 */
export declare function bodyKey(source: PageSource): string;
/** The source with `body` decoded from the bytes `read` gives when first read; `key` is its digest. Setting `body` replaces it. */
export declare function withLazyBody(source: Omit<PageSource, 'body'>, key: string, read: () => Uint8Array): PageSource;
