import { BuildError } from '../model/errors.js';
import type { Site } from '../model/site.js';
/**
 * A `.js` file in the content folder is published beside the pages, and a page's raw HTML (or a
 * published `.html` or `.svg` file) could load it past the site's own CSP: an error unless
 * `security.allowScripts` is set. The pages' own checks are in src/markdown/security.ts.
 */
export declare function checkScriptFiles(site: Site): BuildError[];
