import type { BuiltAssets } from '../build/assets.js';
import type { Site } from '../model/site.js';
import type { OutputDir } from './output-dir.js';
import type { RenderModules } from './render-modules.js';
/** What making an output needs from the builder: the last build's site and pages. */
export interface LazyContext {
    site: Site;
    /** The bundle as pages show it (src/dev/tokens.ts). */
    assets: BuiltAssets;
    /** Each page's chunk path, by route. */
    chunks: Map<string, string>;
    modules: RenderModules;
    /** Bumped on every build: an output made for an older one is stale. */
    generation: number;
}
/**
 * Outputs made on request, not on every save: each costs a pass over every page, so a save costs
 * only the pages it touches, and these are made (by the build's own functions) when a tab or a
 * tool asks for one of their files after a change.
 */
export declare class LazyOutputs {
    private readonly out;
    private readonly made;
    constructor(out: OutputDir);
    /** Makes the output that has `file` current, when it is not. */
    ensure(file: string, context: LazyContext): Promise<void>;
}
