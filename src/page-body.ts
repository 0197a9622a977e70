import { sha1 } from './hash.js';
import type { PageSource } from './types.js';

/**
 * A page source's body held as UTF-8 bytes until it is read. The source cache (src/source-cache.ts)
 * hands out the sources of unchanged pages, whose bodies a build reads only to render them again;
 * the Markdown cache tells them apart by their digest (`bodyKey`), kept with the source. At 10,000
 * pages the bodies are 74 MB of strings the garbage collector would otherwise copy and sweep.
 */

const keys = new WeakMap<object, string>();
const decoder = new TextDecoder();

/** A digest of a source's body: equal digests, equal bodies. Known without reading the body for a cached source. */
export function bodyKey(source: PageSource): string {
  let key = keys.get(source);
  if (key === undefined) keys.set(source, (key = sha1(source.body)));
  return key;
}

/** The source with `body` decoded from `bytes` when first read; `key` is its digest. Setting `body` replaces it. */
export function withLazyBody(source: Omit<PageSource, 'body'>, key: string, bytes: Uint8Array): PageSource {
  let body: string | undefined;
  const lazy = Object.defineProperty(source, 'body', {
    get: () => (body ??= decoder.decode(bytes)),
    set: (text: string) => {
      body = text;
      keys.delete(lazy);
    },
    enumerable: true,
    configurable: true,
  }) as PageSource;
  keys.set(lazy, key);
  return lazy;
}
