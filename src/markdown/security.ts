import type { Element, Root } from 'hast';
import type { VFile } from 'vfile';
import type { SecurityConfig } from '../config/index.js';
import { walk } from './walk.js';

/**
 * A documentation repository takes contributions from many hands, and the site's CSP trusts its
 * own origin: a page must not run script. Reports, as errors with their place, links and images
 * to `javascript:`, `vbscript:`, `data:` and `file:` URLs, and in raw HTML `<script>` elements,
 * event-handler attributes (`onclick=`) and such URLs in attributes. `security.allowScripts` and
 * `security.allowedUrlSchemes` in the configuration allow them.
 */

/** Schemes that run script or read local files when a reader follows them. */
export const DANGEROUS_SCHEMES = ['javascript', 'vbscript', 'data', 'file'] as const;

/** The scheme of a URL as a browser reads it: it drops whitespace and control characters first. */
export function urlScheme(url: string): string | null {
  // eslint-disable-next-line no-control-regex
  const match = /^([a-z][a-z0-9+.-]*):/i.exec(url.replace(/[\u0000-\u0020\u007f]/g, ''));
  return match ? match[1].toLowerCase() : null;
}

/** Character references a browser decodes in an attribute before reading its URL ("&#106;avascript:"). */
function decodeReferences(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(Math.min(parseInt(hex, 16), 0x10ffff)))
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Math.min(Number(dec), 0x10ffff)))
    .replace(
      /&(colon|tab|newline);/gi,
      (_, name: string) => ({ colon: ':', tab: '\t', newline: '\n' })[name.toLowerCase()]!,
    );
}

const SCRIPT_TAG = /<script\b/gi;
const EVENT_HANDLER = /<[a-z][^>]*?\s(on[a-z]+)\s*=/gi;
const URL_ATTRIBUTE = /\s(?:href|src|action|formaction|xlink:href|data)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi;

export default function rehypeSecurity(options: SecurityConfig) {
  const allowed = new Set(options.allowedUrlSchemes);
  const dangerous = (url: string) => {
    const scheme = urlScheme(url);
    return scheme !== null && (DANGEROUS_SCHEMES as readonly string[]).includes(scheme) && !allowed.has(scheme)
      ? scheme
      : null;
  };
  const schemeFix = (scheme: string) =>
    `link to a page or an https:// address; to allow it, add "${scheme}" to \`security.allowedUrlSchemes\` in docs.config.ts`;
  const scriptFix =
    "remove it: pages do not run script (the site's CSP trusts its own files); to allow it, set `security.allowScripts: true` in docs.config.ts";

  return (tree: Root, file: VFile) => {
    const report = (message: string, place: { line: number; column: number } | undefined, fix: string) => {
      file.message(message, { place, ruleId: 'security' }).note = fix;
    };
    walk(
      tree,
      (node): node is Element => node.type === 'element' || node.type === 'raw',
      (node) => {
        if (node.type === 'element') {
          for (const [attribute, value] of [
            ['href', node.properties.href],
            ['src', node.properties.src],
          ] as const) {
            const scheme = typeof value === 'string' ? dangerous(value) : null;
            if (scheme)
              report(
                `${node.tagName === 'img' ? 'an image' : 'a link'} to a ${scheme}: URL (${attribute})`,
                node.position?.start,
                schemeFix(scheme),
              );
          }
          return;
        }
        const html = (node as unknown as { value: string }).value;
        const start = node.position?.start;
        // The place of a match inside the raw HTML: its line, and its column on the first line.
        const at = (index: number) => {
          if (!start) return undefined;
          const before = html.slice(0, index);
          const lines = before.split('\n');
          return {
            line: start.line + lines.length - 1,
            column: lines.length === 1 ? start.column + index : lines[lines.length - 1].length + 1,
          };
        };
        if (!options.allowScripts) {
          for (const m of html.matchAll(SCRIPT_TAG)) report('a <script> element in the page', at(m.index), scriptFix);
          for (const m of html.matchAll(EVENT_HANDLER))
            report(`an event-handler attribute (${m[1].toLowerCase()}=) in the page's HTML`, at(m.index), scriptFix);
        }
        for (const m of html.matchAll(URL_ATTRIBUTE)) {
          const scheme = dangerous(decodeReferences(m[1] ?? m[2] ?? m[3]));
          if (scheme) report(`a ${scheme}: URL in the page's HTML`, at(m.index + 1), schemeFix(scheme));
        }
      },
    );
  };
}
