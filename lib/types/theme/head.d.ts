import type { HeadTag, ResolvedTheme } from './config.js';
/**
 * The inline script that runs before first paint (hashed in the CSP): the theme script, and, on a
 * site with a banner, hiding the banner the reader dismissed, so it never flashes or shifts the page.
 */
export declare function headScript(theme: Pick<ResolvedTheme, 'banner'> | undefined): string;
/** The project's `head` tags, in order, as HTML. */
export declare function projectHeadTags(tags: HeadTag[]): string;
/**
 * What the project's head tags need from the Content-Security-Policy: the hash of each inline
 * script, the origin of each external script and stylesheet.
 */
export declare function headTagSources(tags: HeadTag[]): {
    inlineScripts: string[];
    scriptOrigins: string[];
    styleOrigins: string[];
};
