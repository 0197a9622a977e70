import type { ResolvedConfig } from '../config/index.js';
/**
 * When each page's source last changed: the date of the last commit that touched it, from ONE
 * `git log` over the content folder (one call per file is slow on a big site); the file's mtime
 * for files git does not know (new, or no git at all). Keys are paths under the content folder.
 * The log is read once per configuration: "Last updated" and the sitemap of a build share it
 * (so `dev` sees commits made while it runs when it restarts or its configuration changes).
 */
export declare function lastModified(site: {
    config: ResolvedConfig;
    pages: {
        relativePath: string;
    }[];
}): Map<string, string>;
/**
 * The stamps a build took of the project's files (src/incremental/build-record.ts), which hold each file's
 * modification time: the dates of files git does not know come from them, not from a stat of
 * each page (at 10,000 pages outside git, 20,000 stats a build: "Last updated" and the sitemap).
 */
export declare const takenStamps: WeakMap<ResolvedConfig, Map<string, string>>;
