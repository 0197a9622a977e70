import { closeSync, openSync, readSync, writeSync } from 'node:fs';
import path from 'node:path';
import { cachePath, readCacheSync, writeCacheSync } from '../incremental/cache.js';
import { sha1 } from '../incremental/hash.js';
import type { Site } from '../model/site.js';
import type { OutputFile, PageRecord } from '../model/page.js';
import { largeBuildSpill, spilledFile } from '../write/spill.js';

/**
 * A piece of a file: text of its own, or a page's (`key`: what the piece shows besides the page's
 * own files, with the file's `context`). A page's piece is the same as the last build's when the
 * build keeps the page's files and the key and context are the same.
 */
export type Piece = string | { page: PageRecord; key: string; make: () => string };

/** Where each piece was in a file as a build wrote it (piece key -> byte range), the file's length and content hash. */
interface StoredPieces {
  hash: string;
  length: number;
  ranges: Map<string, [start: number, end: number]>;
}

/** Changes when the stored shape does. */
const FORMAT = 'pieces 1';

/** Bytes copied from the previous file at a time: one buffer, reused. */
const COPY_BUFFER = 1 << 20;

/**
 * A site file made of one piece a page (llms-full.txt, pages.json), made again from the previous
 * output's file after an edit: the pieces of pages whose files the build kept are the bytes they
 * were then, copied on disk from that file (in long runs: an edit leaves two), and only the other
 * pages' pieces are made. At 10,000 pages, llms-full.txt is 70 MB: made whole, it cost 1.5 s of CPU
 * an edit (every kept page's Markdown read, the text joined, hashed and written); copied, a few
 * tens of milliseconds. Where each page's piece is goes to the cache with the file's hash; the
 * previous file is used only if the previous output holds it with that hash.
 *
 * The file's hash (for the writer) is then one of what it is made of: the previous file's hash and
 * the ranges taken from it, and the new text; equal hashes are still equal contents. Its contents
 * are read only by a writer that wants them in memory (tests, `dev`).
 */
export function piecedFile(site: Site, file: string, pieces: Piece[], context = ''): OutputFile {
  const store = cachePath(site.config, `pieces-${file.replace(/[^\w.-]/g, '-')}.v8`);
  const salt = `${FORMAT}\0${site.config.outDir}\0${file}\0${context}`;
  const { kept } = site;
  const previousHash = kept?.dir ? kept.siteFiles.get(file) : undefined;
  const stored = previousHash ? readCacheSync<StoredPieces>(store, salt) : undefined;
  const from = stored?.hash === previousHash ? stored : undefined;

  // Runs of new text and of ranges of the previous file, in order; each page's piece's place in the new file.
  const parts: (string | [number, number])[] = [];
  const ranges = new Map<string, [number, number]>();
  let at = 0;
  for (const [i, piece] of pieces.entries()) {
    // Text of the file's own is the same at the same place.
    const key = typeof piece === 'string' ? `\0${i}\0${piece}` : `${piece.page.regularPath}\0${piece.key}`;
    const range = typeof piece === 'string' || kept?.pages.has(piece.page) ? from?.ranges.get(key) : undefined;
    const last = parts[parts.length - 1];
    let length: number;
    if (range) {
      length = range[1] - range[0];
      if (Array.isArray(last) && last[1] === range[0]) last[1] = range[1];
      else parts.push([range[0], range[1]]);
    } else {
      const text = typeof piece === 'string' ? piece : piece.make();
      length = Buffer.byteLength(text);
      if (typeof last === 'string') parts[parts.length - 1] = last + text;
      else parts.push(text);
    }
    ranges.set(key, [at, at + length]);
    at += length;
  }

  if (!parts.some(Array.isArray)) {
    const text = parts.length ? (parts[0] as string) : '';
    if (!kept) return { path: file, contents: text };
    // As bytes from here to the write, outside the heap the collector sizes itself on: in a cold build of 10,000
    // pages llms-full.txt and pages.json are 85 MB of text, held from this stage to the end (the writer would
    // encode them again). The text is garbage once encoded.
    const contents = Buffer.from(text);
    // A large site's wait on disk for the write (src/write/spill.ts).
    const spill = largeBuildSpill(site.config, site.pages.length);
    const made = spill ? spilledFile(spill, file, contents) : { path: file, contents, hash: sha1(contents) };
    writeCacheSync(store, salt, { hash: made.hash!, length: at, ranges } satisfies StoredPieces);
    return made;
  }
  // The whole previous file, as it was: the writer keeps it (a link).
  const whole = parts.length === 1 && (parts[0] as [number, number])[0] === 0 && at === from!.length;
  const hash = whole
    ? previousHash!
    : sha1(FORMAT, previousHash!, ...parts.map((p) => (typeof p === 'string' ? sha1(p) : `${p[0]}-${p[1]}`)));
  writeCacheSync(store, salt, { hash, length: at, ranges } satisfies StoredPieces);
  const previous = path.join(kept!.dir!, file);
  const writeTo = (to: string) => {
    const output = openSync(to, 'w');
    const input = openSync(previous, 'r');
    try {
      const buffer = Buffer.allocUnsafe(COPY_BUFFER);
      for (const part of parts) {
        if (typeof part === 'string') {
          writeSync(output, part);
          continue;
        }
        for (let pos = part[0]; pos < part[1];) {
          const read = readSync(input, buffer, 0, Math.min(buffer.length, part[1] - pos), pos);
          if (read === 0) throw new Error(`${previous} is shorter than when it was written`);
          writeSync(output, buffer, 0, read);
          pos += read;
        }
      }
    } finally {
      closeSync(input);
      closeSync(output);
    }
  };
  return {
    path: file,
    hash,
    writeTo,
    get contents(): Uint8Array {
      const input = openSync(previous, 'r');
      try {
        return Buffer.concat(
          parts.map((part) => {
            if (typeof part === 'string') return Buffer.from(part);
            const bytes = Buffer.alloc(part[1] - part[0]);
            readSync(input, bytes, 0, bytes.length, part[0]);
            return bytes;
          }),
        );
      } finally {
        closeSync(input);
      }
    },
  };
}
