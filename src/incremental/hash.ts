import { createHash } from 'node:crypto';

type Part = string | Uint8Array;

/**
 * The hex SHA-1 of the parts, NUL-separated so ("ab", "c") and ("a", "bc") differ: cache keys, page
 * keys and change detection, where only equality matters.
 */
export function sha1(...parts: Part[]): string {
  const hash = createHash('sha1');
  parts.forEach((part, i) => (i ? hash.update('\0').update(part) : hash.update(part)));
  return hash.digest('hex');
}

/**
 * A short digest for a content-addressed file name (letters and digits only, so it is safe in any
 * URL): it changes whenever the contents do, so the file can be cached forever. Several parts are
 * hashed as one, NUL-separated.
 */
export function fileHash(contents: Part | readonly Part[], length = 8): string {
  const hash = createHash('sha256');
  const parts = Array.isArray(contents) ? (contents as readonly Part[]) : [contents as Part];
  parts.forEach((part, i) => (i ? hash.update('\0').update(part) : hash.update(part)));
  return hash.digest('base64url').replace(/[-_]/g, '').slice(0, length);
}
