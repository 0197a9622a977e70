import { closeSync, mkdirSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { LARGE_BUILD_PAGES } from '../build/heap.js';
import { sha1 } from '../incremental/hash.js';
import type { OutputFile } from '../model/page.js';

/**
 * Bytes a large build makes early and reads once at its end, kept in a file instead of in memory: the pages'
 * HTML for the Markdown cache (src/pages/index.ts), the pieced site files (src/outputs/pieces.ts) and the search
 * index's files (src/search/index.ts) for the writer; at 10,000 pages 115, 85 and about 100 MB that made the
 * build's peak memory. The file is removed as soon as it is open
 * (it lives on unnamed while its descriptor is open) and closed once nothing refers to it.
 */
export class SpillFile {
  private size = 0;

  private constructor(private readonly fd: number) {}

  /**
   * A spill file in `dir`, on the output's disk (not a /tmp that may be memory), or none where an open file
   * cannot be removed (Windows): its name would stay behind.
   */
  static open(dir: string): SpillFile | undefined {
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `.spill-${process.pid}-${(opened++).toString(36)}`);
    const fd = openSync(file, 'wx+');
    try {
      rmSync(file);
    } catch {
      closeSync(fd);
      rmSync(file, { force: true });
      return undefined;
    }
    const spill = new SpillFile(fd);
    closing.register(spill, fd);
    return spill;
  }

  /** Writes the bytes at the file's end. */
  keep(bytes: Uint8Array): Spilled {
    const at = this.size;
    const length = bytes.byteLength;
    for (let done = 0; done < length;) done += writeSync(this.fd, bytes, done, length - done, at + done);
    this.size += length;
    return {
      read: () => this.read(at, length, new Uint8Array(length)),
      writeTo: (file) => {
        const output = openSync(file, 'w');
        try {
          const buffer = new Uint8Array(Math.min(length, COPY_BUFFER));
          for (let done = 0; done < length;) {
            const part = this.read(at + done, Math.min(buffer.length, length - done), buffer);
            for (let written = 0; written < part.length;)
              written += writeSync(output, part, written, part.length - written);
            done += part.length;
          }
        } finally {
          closeSync(output);
        }
      },
    };
  }

  /** `length` bytes from `at`, into the start of `into`. */
  private read(at: number, length: number, into: Uint8Array): Uint8Array {
    for (let done = 0; done < length;) {
      const read = readSync(this.fd, into, done, length - done, at + done);
      if (read === 0) throw new Error(`Internal error: the spill file ended at ${at + done} of ${at + length}`);
      done += read;
    }
    return into.subarray(0, length);
  }
}

/** Bytes in a spill file: read back whole, or copied into a file without being held. */
export interface Spilled {
  read(): Uint8Array;
  writeTo(file: string): void;
}

/** A spill file beside the output folder for a build of many pages (LARGE_BUILD_PAGES), none for a smaller one. */
export function largeBuildSpill(config: { outDir: string }, pages: number): SpillFile | undefined {
  return pages >= LARGE_BUILD_PAGES ? SpillFile.open(path.dirname(config.outDir)) : undefined;
}

/**
 * An output file whose contents wait in `spill` until the writer copies them (`writeTo`); its `hash` is their
 * SHA-1 (`sha` when the caller has it), the identity the writer would compute. Read as `contents`, they are read back.
 */
export function spilledFile(spill: SpillFile, file: string, contents: string | Uint8Array, sha?: string): OutputFile {
  const bytes = typeof contents === 'string' ? Buffer.from(contents) : contents;
  const kept = spill.keep(bytes);
  return {
    path: file,
    hash: sha ?? sha1(bytes),
    writeTo: kept.writeTo,
    get contents(): Uint8Array {
      return kept.read();
    },
  };
}

const COPY_BUFFER = 1024 * 1024;
let opened = 0;

/** Closes a spill's file once the spill (held by every `Spilled` it gave) is garbage. */
const closing = new FinalizationRegistry<number>((fd) => {
  try {
    closeSync(fd);
  } catch {
    // closed already (the process is ending)
  }
});
