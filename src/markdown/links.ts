import path from 'node:path';
import type { Root } from 'hast';
import type { VFile } from 'vfile';
import { isElement, walk } from './walk.js';
import { fileToRoute, isExternal, pageUrl, withSlash } from '../shared/paths.js';
import type { LinkRef } from '../model/page.js';

export interface LinkOptions {
  base: string;
}

/** Per-page facts the plugin reads from `file.data` (the processor is shared by all pages). */
export interface PageFileData {
  /** The page's source path under the content folder. */
  relativePath: string;
  /** Body line + offset = file line. */
  lineOffset: number;
  /** The file a body line was written in, when the page includes partials: their relative links resolve from there. */
  fileAt?: (line: number) => string;
  /** The file that files beside the pages (images, downloads) resolve from, when not the page: a fallback page's original (src/i18n/locales.ts). */
  filesFrom?: string;
  /** The routes of the pages a frontmatter `slug` moved, by their file's route (src/content/slugs.ts). */
  linkRoutes?: Record<string, string>;
}

/**
 * Rewrites links to pages: `../steps/code.md#state` and `/workflows/` both become
 * `/docs/workflows/...`; records every internal link so the site-wide check can resolve it.
 * Images and links to files beside the pages resolve against the source file, like on a code host.
 * External links open as usual.
 */
export default function rehypeLinks(options: LinkOptions) {
  return (tree: Root, file: VFile) => {
    const page = file.data.page!;
    const links: LinkRef[] = [];
    const from = (node: { position?: { start: { line: number } } }) =>
      page.fileAt && node.position ? page.fileAt(node.position.start.line) : page.relativePath;
    walk(tree, isElement, (node) => {
      if (node.tagName === 'img' && typeof node.properties.src === 'string') {
        const src = node.properties.src;
        const place = node.position?.start;
        const file = staticFile(src, page.filesFrom ?? from(node));
        if (file === null) return;
        node.properties.src = pageUrl(options.base, `/${file}`);
        links.push({
          href: src,
          route: null,
          hash: '',
          file,
          line: place ? place.line + page.lineOffset : undefined,
          column: place?.column,
        });
        return;
      }
      if (node.tagName !== 'a' || typeof node.properties.href !== 'string') return;
      const href = node.properties.href;
      if (isExternal(href)) return;
      const place = node.position?.start;
      const at = { line: place ? place.line + page.lineOffset : undefined, column: place?.column };
      if (href.startsWith('#')) {
        links.push({ href, route: null, hash: decode(href.slice(1)), ...at });
        return;
      }
      // The parser percent-encodes URLs ("my page.md" -> "my%20page.md"); files and routes are not.
      const [, pathPart, query = '', hash = ''] = /^([^?#]*)(\?[^#]*)?(?:#(.*))?$/s.exec(href)!;
      const target = decode(pathPart);
      let route: string | null = null;
      if (/\.mdx?$/i.test(target)) {
        const resolved = target.startsWith('/')
          ? target.slice(1)
          : path.posix.join(path.posix.dirname(from(node)), target);
        const fileRoute = fileToRoute(path.posix.normalize(resolved));
        route =
          (page.linkRoutes && Object.hasOwn(page.linkRoutes, fileRoute) && page.linkRoutes[fileRoute]) || fileRoute;
      } else if (target.startsWith('/') && !/\.[a-z0-9]+$/i.test(target)) {
        route = withSlash(target);
      } else {
        const file = staticFile(pathPart, page.filesFrom ?? from(node));
        if (file === null) return;
        node.properties.href = pageUrl(options.base, `/${file}`) + query + (hash ? `#${hash}` : '');
        links.push({ href, route: null, hash: '', file, ...at });
        return;
      }
      node.properties.href = pageUrl(options.base, route) + query + (hash ? `#${hash}` : '');
      links.push({ href, route, hash: decode(hash), ...at });
    });
    file.data.links = links;
  };
}

/** A relative path to a file beside the pages ("./diagram.png"), resolved against the source file; null otherwise. */
export function staticFile(url: string, relativePath: string): string | null {
  if (isExternal(url) || url.startsWith('/') || url.startsWith('#') || !/\.[a-z0-9]+$/i.test(url.split(/[?#]/)[0]))
    return null;
  return path.posix.normalize(path.posix.join(path.posix.dirname(relativePath), decode(url.split(/[?#]/)[0])));
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
