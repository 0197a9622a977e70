import type { Site } from '../model/site.js';
import type { PageOutline } from '../model/page.js';
/** Where a locale's search index lives: the root's at the base, the others' under their prefix. */
export declare function searchManifestPath(localeKey: string): string;
export declare function localeHeadTags(site: Site<PageOutline>, page: PageOutline | undefined): string;
