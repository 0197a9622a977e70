import { BuildError } from '../model/errors.js';
import type { Site } from '../model/site.js';

/** Script files the site would serve from its own origin, where its CSP (`script-src 'self'`) lets them run. */
const SCRIPT_FILE = /\.(?:m|c)?js$/i;

/**
 * A `.js` file in the content folder is published beside the pages, and a page's raw HTML (or a
 * published `.html` or `.svg` file) could load it past the site's own CSP: an error unless
 * `security.allowScripts` is set. The pages' own checks are in src/markdown/security.ts.
 */
export function checkScriptFiles(site: Site): BuildError[] {
  if (site.config.security.allowScripts) return [];
  return [...site.staticFiles]
    .filter((file) => SCRIPT_FILE.test(file))
    .map(
      (file) =>
        new BuildError(
          'a script file in the content folder: the site would serve it from its own origin, where its CSP lets it run',
          { file },
          "remove it (the site's own script is built from client/); to publish it anyway, set `security.allowScripts: true` in docs.config.ts",
        ),
    );
}
