import type { ResolvedConfig } from '../config/index.js';
type Versioned = Pick<ResolvedConfig, 'root' | 'contentDir' | 'versions'>;
/** The folders of the site's pages: content/ and each snapshot's content folder. */
export declare function contentDirs(config: Versioned): string[];
/** Besides content/: versions/ (its pages are told apart by `contentDirs`) and versions.json; none unversioned. */
export declare function versionsWatch(config: Versioned): string[];
export {};
