import type { ResolvedConfig } from '../config/index.js';
import { BuildError } from '../model/errors.js';
import { type FileStamp } from './source-cache.js';
import type { ShownVersion } from '../write/index.js';
/**
 * The last build's record: a stamp of every input (the project's files by size and modification
 * time, the resolved configuration, the generator's own sources) and what the build reported. A
 * build whose inputs have the same stamp, while the output is still the version that build made,
 * has nothing to do: it reads no page, no cache and no frontmatter.
 */
/** What a build reports, as the record keeps it for the next unchanged build to report again. */
export interface BuildSummary {
    pages: number;
    redirects: number;
    warnings: ReturnType<BuildError['toJSON']>[];
    missingTranslations?: Record<string, string[]>;
}
/**
 * The stamp of everything a build of `config` reads, from stats alone (no file is read): taken
 * before the build reads anything, so a file edited while it runs makes the next stamp differ.
 * Undefined when the configuration cannot be written down (the build then keeps no record).
 */
export declare function inputStamp(config: ResolvedConfig, stamps?: Map<string, FileStamp>): Promise<string | undefined>;
/** The last build's summary, when its stamp is `stamp` and the output is still the version it made. */
export declare function unchangedBuild(config: ResolvedConfig, stamp: string, outputIs: (version: ShownVersion) => boolean): Promise<BuildSummary | undefined>;
/** Keeps the record of a build that succeeded (none when its output version is unknown). */
export declare function saveRecord(config: ResolvedConfig, stamp: string, version: ShownVersion | undefined, summary: BuildSummary): Promise<void>;
/** The warnings of a summary, as the build reported them. */
export declare function summaryWarnings(summary: BuildSummary): BuildError[];
