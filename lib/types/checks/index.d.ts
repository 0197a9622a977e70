import type { PassedCache } from '../incremental/cache.js';
import { Problems } from '../model/errors.js';
import { type Site } from '../model/site.js';
import { StoredLinkChecks } from './stored-links.js';
export type { Check } from '../plugins/types.js';
/**
 * The registry of checks: every check of a build, in one list (`checks`), the plugins' after ours.
 * Each runs after every page is parsed and before anything is written; its findings fail the
 * build, warn, or are not looked for, as its severity says. `build`, `check` and `dev` all run it.
 * Per-page results are kept by page record, so `dev` re-checks only the pages it re-parsed.
 */
export declare class ContentChecks {
    private readonly passed?;
    private readonly code;
    /** The code blocks' findings once known: `dev`'s next build takes them without a promise a page. */
    private readonly done;
    private readonly cli;
    private cliModel?;
    /** `dev`'s: the site-wide checks kept between builds. */
    private readonly siteMemo?;
    /** `build`'s: the links and orphans checks of the last build (src/checks/stored-links.ts). */
    private readonly stored?;
    /**
     * `passed`: code blocks known to parse from earlier builds; `keep`: one instance checks build after
     * build (`dev`); `stored`: the links and orphans checks kept from the last build.
     */
    constructor(passed?: PassedCache | undefined, options?: {
        keep?: boolean;
        stored?: StoredLinkChecks;
    });
    /** Ours: links and anchors, the sidebar, redirects, code blocks, CLI examples, taste, scripts, feeds (the OpenAPI model's comes from its plugin). */
    private builtin;
    /** The checks that look at each page alone, or at the sidebars and the configuration. */
    private planChecks;
    run(site: Site, problems: Problems): Promise<void>;
    private cliCommands;
    private codeProblems;
    private cliProblems;
    /** The CLI model, re-parsed only when its text changed; null when there is none (check skipped). */
    private loadCliModel;
}
export declare function readOptional(file: string): Promise<string | null>;
/** One run of the content checks (the build's: code blocks that parsed before are not parsed again). */
export declare function runContentChecks(site: Site, problems: Problems, passed?: PassedCache): Promise<void>;
/** `check`: every check of a build, nothing written. Prints problems grouped by file; returns the exit code. */
export declare function checkContent(root: string, format: 'text' | 'json', write?: (s: string) => void): Promise<number>;
