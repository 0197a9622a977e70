import type { SecurityConfig } from '../markdown/security.js';
import { BuildError } from '../model/errors.js';
import { placeIn, scanHtml } from '../markdown/security.js';

/**
 * An SVG in the content folder is published as a file of the site. In an `<img>` its script never
 * runs, but opened on its own (a link to it, "open image in new tab") it is a document of the site's
 * origin, where the site's CSP trusts it. So an SVG that can run script or bring in other documents
 * is refused at build time, at its line: the rules of a page's HTML (src/markdown/security.ts:
 * `<script>`, `on*=` handlers, `javascript:` URLs...), plus what only SVG has: a `<foreignObject>`
 * (HTML inside), a `<use>` of another document, and entity declarations (external entities, and
 * entity bombs). Refused, not cleaned: a cleaner that misses one form publishes it, and the writer
 * learns nothing; an image needs none of these, and a "plain SVG" export drops them.
 *
 * `security.allowScripts` allows what runs script as for pages. `data:` URLs are allowed in an SVG:
 * its embedded raster images are `data:` URLs, and browsers do not navigate to one from a link.
 */

/** A `<use>` whose `href` (or `xlink:href`) names another document, not an element of this one (`#id`). */
const EXTERNAL_USE = /<use\b[^>]*?\s(?:xlink:)?href\s*=\s*["']?\s*(?!#)[^"'\s>]/gi;
const FOREIGN_OBJECT = /<foreignObject\b/gi;
const ENTITY = /<!ENTITY\b/gi;

const SVG_FIX =
  'remove it (an image needs no script), or export the SVG again as a plain SVG (svgo and most editors drop scripts); to publish it anyway, set `security.allowScripts: true` in docs.config.ts';
const ENTITY_FIX = 'remove the entity declarations from its <!DOCTYPE> (export the SVG again as a plain SVG)';

/** `file` is an SVG image (by its name). */
export const isSvg = (file: string) => /\.svg$/i.test(file);

/** What in an SVG image's text may not be published, each at its line of `file`. */
export function svgProblems(file: string, text: string, security: SecurityConfig): BuildError[] {
  const found: { index: number; message: string; fix: string }[] = [];
  const asPage = { ...security, allowedUrlSchemes: [...security.allowedUrlSchemes, 'data'] };
  for (const f of scanHtml(text, asPage))
    found.push({
      index: f.index,
      message: f.message.replace(/ in the page(?:'s HTML)?/, ''),
      fix: f.token.endsWith(':') ? f.fix : SVG_FIX,
    });
  if (!security.allowScripts) {
    for (const m of text.matchAll(FOREIGN_OBJECT))
      found.push({ index: m.index, message: 'a <foreignObject> (HTML inside the image, which may run script)', fix: SVG_FIX });
    for (const m of text.matchAll(EXTERNAL_USE))
      found.push({ index: m.index, message: 'a <use> of another document (it brings in content from outside the image)', fix: SVG_FIX });
  }
  for (const m of text.matchAll(ENTITY))
    found.push({ index: m.index, message: 'declares an entity (<!ENTITY): external entities read other files, nested ones multiply', fix: ENTITY_FIX });
  return found
    .sort((a, b) => a.index - b.index)
    .map(({ index, message, fix }) => {
      const at = placeIn(text, index, { line: 1, column: 1 });
      return new BuildError(message.startsWith('declares') ? `the SVG image ${message}` : `the SVG image holds ${message}`, { file, ...at }, fix);
    });
}
