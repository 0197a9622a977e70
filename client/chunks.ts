/** Page chunks: loading them on demand, the registry they land in, and ChunkLoadError. */
import type { ChunkData } from '../src/shared/contract.js';
import { chunkIdOf } from '../src/shared/paths.js';
import { withBase } from '../src/shared/paths.js';
import { base } from './dom.js';
import { readHead } from './head.js';

export type ChunkFailure = 'missing' | 'timeout' | 'error';

/**
 * A page chunk that could not be loaded. Named and worded like webpack's, so error monitoring
 * groups it the same way: `type` says why, `request` is the address that failed.
 */
export class ChunkLoadError extends Error {
  readonly type: ChunkFailure;
  readonly request: string;
  constructor(chunkId: string, type: ChunkFailure, request: string) {
    super(`Loading chunk ${chunkId} failed. (${type}: ${request})`);
    // Set explicitly: minification renames the class.
    this.name = 'ChunkLoadError';
    this.type = type;
    this.request = request;
  }
}

/** Chunks by id, the page shown first included. */
const loaded = new Map<string, ChunkData>();
const inFlight = new Map<string, Promise<ChunkData>>();
/** The not-found pages read so far, by URL (each language has its own). */
const notFound = new Map<string, Promise<ChunkData>>();

/**
 * Chunk files push `[key, chunk]` onto `self.docsChunks`, whenever they run: take what is already
 * there, then catch every later push. The page shown first is registered from its own HTML.
 */
export function initChunks(): void {
  const queue = (window.docsChunks ??= []);
  const take = ([key, chunk]: [string, ChunkData]) => loaded.set(key, chunk);
  queue.forEach(take);
  queue.push = (...entries) => {
    entries.forEach(take);
    return 0;
  };
  const key = document.body.dataset.key;
  if (key) loaded.set(key, chunkFromDocument(document));
}

export function isLoaded(url: string): boolean {
  return loaded.has(chunkIdOf(url));
}

/** Loads a chunk with a script tag (no eval, so a strict CSP is fine); one request per URL at a time. */
export function loadChunk(url: string): Promise<ChunkData> {
  const id = chunkIdOf(url);
  const ready = loaded.get(id);
  if (ready) return Promise.resolve(ready);
  let promise = inFlight.get(url);
  if (!promise) {
    promise = new Promise<ChunkData>((resolve, reject) => {
      const script = document.createElement('script');
      const timer = setTimeout(() => settle('timeout'), __DOCS_RUNTIME__.pageTimeoutMs);
      function settle(failure?: ChunkFailure) {
        clearTimeout(timer);
        script.onload = script.onerror = null;
        script.remove();
        const chunk = loaded.get(id);
        if (chunk) resolve(chunk);
        else reject(new ChunkLoadError(id, failure ?? 'missing', script.src));
      }
      script.onload = () => settle();
      script.onerror = () => settle('error');
      script.src = url;
      document.head.append(script);
    });
    inFlight.set(url, promise);
    // Settled either way: a later attempt starts afresh (a failed one may succeed on a new try).
    promise.then(
      () => inFlight.delete(url),
      () => inFlight.delete(url),
    );
  }
  return promise;
}

/** A page as chunk data, read from a whole HTML document (the page shown first, or `404.html`). */
export function chunkFromDocument(doc: Document): ChunkData {
  const region = (name: string) => doc.querySelector(`[data-region="${name}"]`)?.innerHTML ?? '';
  return {
    key: doc.body.dataset.key ?? '',
    route: doc.body.dataset.route ?? '',
    head: readHead(doc),
    regions: { sidebar: region('sidebar'), content: region('content'), toc: region('toc') },
    layout: doc.querySelector('.layout.wide') ? 'page' : 'doc',
  };
}

/** A not-found page (`404.html`, or a language's), read once: shown for an unknown address without a reload. */
export function notFoundPage(url = withBase(base, '/404.html')): Promise<ChunkData> {
  let page = notFound.get(url);
  if (!page) {
    page = fetch(url)
      .then((response) => response.text())
      .then((html) => {
        const doc = new DOMParser().parseFromString(html, 'text/html');
        if (!doc.body.dataset.notFound) throw new Error(`${url} is not the not-found page`);
        return chunkFromDocument(doc);
      });
    notFound.set(url, page);
    page.catch(() => notFound.delete(url));
  }
  return page;
}
