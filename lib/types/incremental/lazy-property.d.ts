/**
 * Defines `name` on `target` as `get` gives it when read (the caller keeps what it read, if it must
 * be read once). Setting it gives that object a plain value of its own, and `replaced` is told, so
 * what was kept of the old value (a digest) can go. The sources, records and record parts the caches
 * hand out read their bulk this way (src/content/page-body.ts, src/incremental/record-parts.ts, src/incremental/markdown-cache.ts).
 */
export declare function lazyProperty(target: object, name: string, get: () => unknown, replaced?: (owner: object) => void): void;
