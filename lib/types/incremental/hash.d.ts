type Part = string | Uint8Array;
/**
 * The hex SHA-1 of the parts, NUL-separated so ("ab", "c") and ("a", "bc") differ: cache keys, page
 * keys and change detection, where only equality matters.
 */
export declare function sha1(...parts: Part[]): string;
/**
 * A short digest for a content-addressed file name (letters and digits only, so it is safe in any
 * URL): it changes whenever the contents do, so the file can be cached forever. Several parts are
 * hashed as one, NUL-separated.
 */
export declare function fileHash(contents: Part | readonly Part[], length?: number): string;
export {};
