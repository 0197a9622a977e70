import { sha1 } from '../incremental/hash.js';
import type { PageSource } from '../model/page.js';
import { lazyProperty } from '../incremental/lazy-property.js';

/**
 * A page source's body held as UTF-8 bytes until it is read. The source cache (src/incremental/source-cache.ts)
 * hands out the sources of unchanged pages, whose bodies a build reads only to render them again;
 * the Markdown cache tells them apart by their digest (`bodyKey`), kept with the source. At 10,000
 * pages the bodies are 74 MB of strings the garbage collector would otherwise copy and sweep.
 */

/** Digests of lazy bodies (their setter drops it), and of plain ones with the body they were made from. */
const lazyKeys = new WeakMap<object, string>();
const plainKeys = new WeakMap<object, { body: string; key: string }>();
const decoder = new TextDecoder();

/**
 * A digest of a source's body: equal digests, equal bodies. Known without reading the body for a
 * cached source; a plain source's is made again when its body was replaced since (a `pages` hook
 * may append to it, as the OpenAPI reference does).
 */
export function bodyKey(source: PageSource): string {
  const lazy = lazyKeys.get(source);
  if (lazy !== undefined) return lazy;
  const known = plainKeys.get(source);
  if (known?.body === source.body) return known.key;
  const key = sha1(source.body);
  plainKeys.set(source, { body: source.body, key });
  return key;
}

/** The source with `body` decoded from the bytes `read` gives when first read; `key` is its digest. Setting `body` replaces it. */
export function withLazyBody(source: Omit<PageSource, 'body'>, key: string, read: () => Uint8Array): PageSource {
  let body: string | undefined;
  lazyProperty(
    source,
    'body',
    () => (body ??= decoder.decode(read())),
    (owner) => lazyKeys.delete(owner),
  );
  lazyKeys.set(source, key);
  return source as PageSource;
}
