import path from 'node:path';
import type { Root } from 'hast';
import type { VFile } from 'vfile';
import { visit } from 'unist-util-visit';
import { fileToRoute, isExternal, withBase } from '../shared/paths.js';
import type { LinkRef } from '../types.js';

export interface LinkOptions {
  base: string;
}

/** Per-page facts the plugin reads from `file.data` (the processor is shared by all pages). */
export interface PageFileData {
  /** The page's source path under the content folder. */
  relativePath: string;
  /** Body line + offset = file line. */
  lineOffset: number;
}

/**
 * Rewrites links to pages: `../steps/code.md#state` and `/workflows/` both become
 * `/docs/workflows/...`; records every internal link so the site-wide check can resolve it.
 * External links open as usual; links to other files are left alone.
 */
export default function rehypeLinks(options: LinkOptions) {
  return (tree: Root, file: VFile) => {
    const page = file.data.page as PageFileData;
    const links: LinkRef[] = [];
    visit(tree, 'element', (node) => {
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
      if (/\.md$/i.test(target)) {
        const resolved = target.startsWith('/') ? target.slice(1) : path.posix.join(path.posix.dirname(page.relativePath), target);
        route = fileToRoute(path.posix.normalize(resolved));
      } else if (target.startsWith('/') && !/\.[a-z0-9]+$/i.test(target)) {
        route = target.endsWith('/') ? target : `${target}/`;
      } else {
        return;
      }
      node.properties.href = encodeURI(withBase(options.base, route)) + query + (hash ? `#${hash}` : '');
      links.push({ href, route, hash: decode(hash), ...at });
    });
    file.data.links = links;
  };
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
