import type { ResolvedConfig } from '../config/index.js';
import { BuildError } from '../model/errors.js';
import type { Site } from '../model/site.js';
export declare class StoredLinkChecks {
    private readonly file;
    private state?;
    constructor(file: string);
    /** The checks of a site, kept in its cache folder. */
    static for(config: Pick<ResolvedConfig, 'root'>): StoredLinkChecks;
    links(site: Site): Promise<BuildError[]>;
    orphans(site: Site): Promise<BuildError[]>;
    /** Brings the stored checks up to date with `site` (once: both checks ask), and stores them for the next build. */
    private update;
}
