import type { Element, Root } from 'hast';
import type { VFile } from 'vfile';
import { walk } from './walk.js';

/**
 * A documentation repository takes contributions from many hands, and the site's CSP trusts its
 * own origin: a page must not run script. Reports, as errors with their place, links and images
 * to `javascript:`, `vbscript:`, `data:` and `file:` URLs, and in raw HTML `<script>` elements,
 * event-handler attributes (`onclick=`) and such URLs in attributes. `security.allowScripts` and
 * `security.allowedUrlSchemes` in the configuration allow them.
 */

/** The configuration's `security` (src/config/index.ts), as resolved. */
export interface SecurityConfig {
  allowScripts: boolean;
  allowedUrlSchemes: string[];
  /** Which pages may be MDX: any, none, or those under these folders of the content folder (each ending in "/"). */
  mdx?: 'allow' | 'refuse' | string[];
}

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
/** Elements that run script or plugins of their own: an iframe's `srcdoc` document, `<object>`, `<embed>`. */
const EMBEDDED_CODE = /<(?:(object|embed)\b|[a-z][^>]*?\s(srcdoc)\s*=)/gi;
const ATTRIBUTE_VALUE = String.raw`\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))`;
/** Attributes whose value is one URL. `to`, `from` and `values`: SVG `<animate>` and `<set>` can set an `href` to them. */
const URL_ATTRIBUTE = new RegExp(
  String.raw`\s(href|src|action|formaction|xlink:href|data|poster|to|from|values|srcset|imagesrcset)` + ATTRIBUTE_VALUE,
  'gi',
);
/** `<meta http-equiv="refresh" content="0; url=...">`: a navigation when the page loads. */
const META_REFRESH = /<meta\b[^>]*?\shttp-equiv\s*=\s*["']?refresh\b[^>]*>/gi;
const META_CONTENT = new RegExp(String.raw`\scontent` + ATTRIBUTE_VALUE, 'i');

/** The URLs an attribute holds: `srcset` a list of "url width" candidates, `values` a list split by ";". */
export function urlsOf(attribute: string, value: string): string[] {
  const name = attribute.toLowerCase();
  if (name === 'srcset' || name === 'imagesrcset')
    return value
      .split(',')
      .map((candidate) => candidate.trim().split(/\s+/)[0])
      .filter(Boolean);
  if (name === 'values') return value.split(';').map((v) => v.trim());
  return [value];
}

/** The URL a `<meta http-equiv=refresh>` goes to: after "url=" in its content ("0; url=/next/"). */
function refreshUrl(tag: string): string | null {
  const content = META_CONTENT.exec(tag);
  if (!content) return null;
  const value = decodeReferences(content[1] ?? content[2] ?? content[3]);
  const url = /^\s*\d*(?:\.\d*)?\s*[;,]?\s*(?:url\s*=\s*)?(.*)$/i.exec(value)?.[1] ?? '';
  return url.replace(/^(['"])(.*)\1$/, '$2').trim() || null;
}

/** What is wrong in a piece of HTML, each with the index where it starts and a fix. */
export interface HtmlFinding {
  message: string;
  index: number;
  fix: string;
  /** What was found, as a writer may have typed it ("<script", "onerror", "javascript:"): to find its line in a source. */
  token: string;
}

/**
 * The rules for HTML, whoever wrote it: raw HTML in a Markdown page, or the whole output of an MDX
 * page (`checkRenderedHtml` below). `<script>`, event handlers, an iframe's `srcdoc`, `<object>`
 * and `<embed>` are refused unless `allowScripts`; URLs with a dangerous scheme (in links, sources,
 * `srcset`, SVG animation values and `<meta http-equiv=refresh>`) unless `allowedUrlSchemes` allows it.
 */
export function scanHtml(html: string, options: SecurityConfig): HtmlFinding[] {
  const found: HtmlFinding[] = [];
  const dangerous = dangerousScheme(options);
  if (!options.allowScripts) {
    for (const m of html.matchAll(SCRIPT_TAG))
      found.push({ message: 'a <script> element in the page', index: m.index, fix: SCRIPT_FIX, token: '<script' });
    for (const m of html.matchAll(EVENT_HANDLER))
      found.push({
        message: `an event-handler attribute (${m[1].toLowerCase()}=) in the page's HTML`,
        index: m.index,
        fix: SCRIPT_FIX,
        token: m[1],
      });
    for (const m of html.matchAll(EMBEDDED_CODE))
      found.push({
        message: m[2]
          ? "an iframe's srcdoc attribute in the page's HTML: its document runs script as the site"
          : `an <${m[1].toLowerCase()}> element in the page's HTML: it runs content of its own`,
        index: m.index,
        fix: SCRIPT_FIX,
        token: m[2] ?? `<${m[1]}`,
      });
  }
  for (const m of html.matchAll(URL_ATTRIBUTE)) {
    const value = decodeReferences(m[2] ?? m[3] ?? m[4]);
    for (const url of urlsOf(m[1], value)) {
      const scheme = dangerous(url);
      if (scheme) {
        found.push({
          message: `a ${scheme}: URL in the page's HTML${/^(?:href|src)$/i.test(m[1]) ? '' : ` (${m[1].toLowerCase()})`}`,
          index: m.index + 1,
          fix: schemeFix(scheme),
          token: `${scheme}:`,
        });
        break;
      }
    }
  }
  for (const m of html.matchAll(META_REFRESH)) {
    const url = refreshUrl(m[0]);
    const scheme = url === null ? null : dangerous(url);
    if (scheme)
      found.push({
        message: `a ${scheme}: URL in the page's HTML (<meta http-equiv="refresh">)`,
        index: m.index,
        fix: schemeFix(scheme),
        token: `${scheme}:`,
      });
  }
  return found.sort((a, b) => a.index - b.index);
}

/** A URL's scheme when it is one of DANGEROUS_SCHEMES and the configuration does not allow it. */
function dangerousScheme(options: SecurityConfig): (url: string) => string | null {
  const allowed = new Set(options.allowedUrlSchemes);
  return (url) => {
    const scheme = urlScheme(url);
    return scheme !== null && (DANGEROUS_SCHEMES as readonly string[]).includes(scheme) && !allowed.has(scheme)
      ? scheme
      : null;
  };
}

const schemeFix = (scheme: string) =>
  `link to a page or an https:// address; to allow it, add "${scheme}" to \`security.allowedUrlSchemes\` in docs.config.ts`;
const SCRIPT_FIX =
  "remove it: pages do not run script (the site's CSP trusts its own files); to allow it, set `security.allowScripts: true` in docs.config.ts";

export default function rehypeSecurity(options: SecurityConfig) {
  const dangerous = dangerousScheme(options);
  return (tree: Root, file: VFile) => {
    const report = (message: string, place: { line: number; column: number } | undefined, fix: string) => {
      file.message(message, { place, ruleId: 'security' }).note = fix;
    };
    walk(
      tree,
      (node): node is Element => node.type === 'element' || node.type === 'raw',
      (node) => {
        if (node.type === 'element') {
          const { href, src, srcSet } = node.properties;
          // Most elements (a highlighted block's spans) have no URL: no arrays made for them.
          if (href === undefined && src === undefined && srcSet === undefined) return;
          for (const [attribute, value] of [
            ['href', href],
            ['src', src],
            ['srcset', srcSet],
          ] as const) {
            const values: unknown[] = Array.isArray(value) ? value : [value];
            const urls = values.flatMap((v) => (typeof v === 'string' ? urlsOf(attribute, v) : []));
            const scheme = urls.map(dangerous).find(Boolean);
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
        for (const finding of scanHtml(html, options))
          report(finding.message, placeIn(html, finding.index, start), finding.fix);
      },
    );
  };
}

/** The place of an index of a piece of HTML that starts at `start`: its line, and its column on the first line. */
export function placeIn(
  html: string,
  index: number,
  start: { line: number; column: number } | undefined,
): { line: number; column: number } | undefined {
  if (!start) return undefined;
  const lines = html.slice(0, index).split('\n');
  return {
    line: start.line + lines.length - 1,
    column: lines.length === 1 ? start.column + index : lines[lines.length - 1].length + 1,
  };
}

/**
 * The rules applied to the output of an MDX page, whatever produced it: JSX, an expression,
 * `dangerouslySetInnerHTML`, a component of the project or a package. The output has no source
 * positions, so each finding is placed at the first line of the page's source that names what was
 * found (`<script`, `onError`, `javascript:`; a script from `dangerouslySetInnerHTML` at that
 * prop), or at the page when no line does.
 */
export function checkRenderedHtml(
  html: string,
  source: string,
  options: SecurityConfig,
): { message: string; line?: number; fix: string }[] {
  const lines = source.toLowerCase().split('\n');
  const lineOf = (...tokens: string[]) => {
    for (const token of tokens) {
      const index = lines.findIndex((line) => line.includes(token.toLowerCase()));
      if (index >= 0) return index + 1;
    }
    return undefined;
  };
  return scanHtml(html, options).map((finding) => ({
    message: `${finding.message} (in the rendered MDX)`,
    line: lineOf(finding.token, 'dangerouslySetInnerHTML'),
    fix: finding.fix,
  }));
}
