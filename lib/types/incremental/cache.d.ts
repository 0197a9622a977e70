import type { ResolvedConfig } from '../config/index.js';
import { sha1 } from './hash.js';
/** Kept for src/checks/code-blocks.ts (the plugins branch's area); new code imports sha1 from src/incremental/hash.ts. */
export { sha1 };
export declare function codeVersion(): Promise<string>;
/** A file under the root's node_modules/.cache/docs (where npm-based tools keep caches). */
export declare function cachePath(config: Pick<ResolvedConfig, 'root'>, name: string): string;
/** A value stored by `writeCache` under the same salt, or undefined (none yet, another version, unreadable). */
export declare function readCache<T>(file: string, salt: string): Promise<T | undefined>;
/**
 * The value in the bytes of a file `writeCache` wrote, if it was stored under `salt`. Throws on
 * bytes that are not one.
 */
export declare function storedValue<T>(bytes: Uint8Array, salt: string): T | undefined;
/** The key `writeCache` wrote at the start of an open file (read without moving its position), or '' when there is none. */
export declare function storedKey(fd: number): string;
/** Stores a value atomically (written whole, then renamed over the last); a read-only checkout simply builds without a cache. */
export declare function writeCache(file: string, salt: string, value: unknown): Promise<void>;
/** `readCache`, at once: for the stages that run synchronously (the plugins' outputs). */
export declare function readCacheSync<T>(file: string, salt: string): T | undefined;
/** `writeCache`, at once. */
export declare function writeCacheSync(file: string, salt: string, value: unknown): void;
/** Deletes a value stored by `writeCache`. */
export declare function removeCache(file: string): Promise<void>;
/** A value computed once per key and kept between builds (one entry: the latest). */
export declare function memo<T>(file: string, key: string, compute: () => T | Promise<T>): Promise<T>;
/**
 * Keys of inputs known to pass a check (code blocks that parse), kept between builds. Only keys
 * used in this run are stored, so it never grows past the site; failures are never stored, since
 * their messages must show every run.
 */
export declare class PassedCache {
    private readonly file;
    private readonly salt;
    private readonly known;
    private readonly used;
    private added;
    private constructor();
    static open(file: string, salt: string): Promise<PassedCache>;
    has(key: string): boolean;
    add(key: string): void;
    save(): Promise<void>;
}
/**
 * Deletes a cache folder a build no longer uses (the layout of another kind of site, or of an earlier version of the
 * generator), so that it does not stay in node_modules/.cache for good.
 */
export declare function removeCacheFolder(dir: string): Promise<void>;
