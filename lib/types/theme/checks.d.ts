import type { Problems } from '../model/errors.js';
import type { Site } from '../model/site.js';
/** The routes the footer and the banner link to must be pages, as the sidebar's must. */
export declare function checkThemeLinks(site: Site, problems: Problems): void;
