import { createHash, hash } from 'node:crypto';

type Part = string | Uint8Array;

/**
 * The hex SHA-1 of the parts, NUL-separated so ("ab", "c") and ("a", "bc") differ: cache keys, page
 * keys and change detection, where only equality matters.
 */
export function sha1(...parts: Part[]): string {
  // Text parts joined and hashed in one call: the same digest (UTF-8 of the joined text is the parts' bytes with
  // the NULs between), at a quarter of the CPU of a Hash object (a one-page edit at 10,000 pages hashes every page's
  // path, key and layout). Long texts are fed in parts rather than copied into one.
  if (parts.every((part) => typeof part === 'string') && joinedLength(parts as string[]) <= ONE_CALL_CHARS)
    return hash('sha1', (parts as string[]).join('\0'), 'hex');
  const many = createHash('sha1');
  parts.forEach((part, i) => (i ? many.update('\0').update(part) : many.update(part)));
  return many.digest('hex');
}

/** Text hashed in one call up to this many characters (joined, a copy). */
const ONE_CALL_CHARS = 1 << 16;

function joinedLength(parts: string[]): number {
  let length = parts.length;
  for (const part of parts) length += part.length;
  return length;
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
