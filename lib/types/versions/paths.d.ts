import { type Problems } from '../model/errors.js';
import type { ResolvedVersion } from './config.js';
type Versioned = {
    contentDir: string;
    versions?: ResolvedVersion[];
};
/** The version a content path ("1.0/guide.md") or a route ("/1.0/guide/") belongs to, and the path within it. */
export declare function splitVersion(versions: ResolvedVersion[], name: string): {
    version: ResolvedVersion;
    path: string;
};
/** The file on disk of a content path. */
export declare function contentFile(config: Versioned, relative: string): string;
/** The constants a content path's page is written with: its version's own over the configuration's. */
export declare function constantsOf<C extends Versioned & {
    constants: Record<string, string | number>;
}>(config: C, relative: string): Record<string, string | number>;
/** The file of a content path as the project names it: an old version's under versions/<name>/content/, from the root. */
export declare function projectFile(config: Versioned & {
    root: string;
}, relative: string): string;
/**
 * Problems in the pages of a version not in content/ name their file where it is
 * ("versions/1.0/content/guide.md", not "1.0/guide.md"), so the writer finds it.
 */
export declare function nameVersionFiles(problems: Problems, config: Versioned & {
    root: string;
}): void;
/** Where the edit links of a version's pages point: its folder from content/, and its segment in their paths. */
export interface EditFolder {
    /** The version's route segment, which the pages' paths start with ("1.0"). */
    key: string;
    /** Its content folder from content/ ("../versions/1.0/content"). */
    dir: string;
}
/** The edit link's folder of a version's pages; none for the current version when content/ holds it. */
export declare function editFolder(config: Versioned, version: ResolvedVersion): EditFolder | undefined;
/**
 * "Edit this page": the pattern with `:path`, the page's file under the content folder; for a
 * version kept in versions/<name>/, the path from content/ to it, resolved in the URL
 * (".../content/../versions/1.0/content/guide.md" is ".../versions/1.0/content/guide.md").
 */
export declare function editUrl(editLink: {
    pattern: string;
    folder?: EditFolder;
}, relative: string): string;
export {};
