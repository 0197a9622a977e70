import type { Renderer } from '../render/index.js';
import type { RedirectEntry } from '../shared/contract.js';
import type { Site } from './site.js';
import type { OutputFile } from './page.js';
/** Where a redirect ends: a page's route or an external URL, or why it ends nowhere. */
export interface RedirectEnd {
    at: string;
    problem?: 'missing' | 'loop' | 'too-long';
    /** The paths passed through, from the redirect's own. */
    path: string[];
}
/**
 * Follows a redirect through the table (the build writes the final target, so no visitor bounces
 * twice; the check reports where it goes wrong). An entry matches a path in its slash and no-slash
 * forms, an `exact` one only as written, as the hosts and the runtime match them.
 */
export declare function followRedirect(site: Site, from: string, to: string): RedirectEnd;
/** Where a redirect finally lands (`followRedirect`: the check has made sure it does), as a URL. */
export declare function targetUrl(site: Site, redirect: {
    from: string;
    to: string;
}): string;
/** The redirect table as the runtime reads it in `routes.json`: each old path and its final target. */
export declare function redirectEntries(site: Site): RedirectEntry[];
/** A stub page at each old path (exact redirects have none: they are one path, not a folder). */
export declare function redirectStubs(site: Site, renderer: Renderer): OutputFile[];
/** Netlify/Cloudflare-style `_redirects` table: each old path, in its slash and no-slash forms. */
export declare function redirectsFile(site: Site): string;
/** The script redirect stubs load, named by its hash. */
export declare function redirectScriptFile(): OutputFile;
