import path from 'node:path';
import type { ResolvedConfig } from './config.js';
import { Problems } from './errors.js';
import { isExternal } from './shared/paths.js';
import { isGroup, resolvePageRef, type Site } from './site.js';

/**
 * Site-wide checks, run after every page is parsed and before anything is written: links and
 * anchors, the sidebar, frontmatter prev/next, and the redirect table. Collects all, fails once.
 */
export function checkSite(site: Site, problems: Problems): void {
  checkLinks(site, problems);
  checkSidebar(site, problems);
  checkRedirects(site, problems);
}

function checkLinks(site: Site, problems: Problems): void {
  for (const page of site.pages) {
    for (const link of page.links) {
      const place = { file: page.relativePath, line: link.line, column: link.column };
      const target = link.route === null ? page : site.byRoute.get(link.route);
      if (!target) {
        problems.add(`link to a missing page: ${link.href}`, place, `no page has the route ${link.route}; check the path (links to pages end in .md, relative to this file)`);
        continue;
      }
      if (link.hash && !target.anchors.includes(link.hash)) {
        const headings = target.headers.map((h) => `#${h.slug}`).slice(0, 12).join(', ');
        problems.add(`link to a missing heading: ${link.href}`, place, `${target.relativePath} has no heading with the id "${link.hash}"${headings ? `; its headings: ${headings}` : ''}`);
      }
    }
    for (const key of ['prev', 'next'] as const) {
      const ref = page.frontmatter[key];
      if (typeof ref === 'string' && !site.byRoute.has(resolvePageRef(page, ref))) {
        problems.add(`frontmatter "${key}" points to a missing page: ${ref}`, { file: page.relativePath, line: 1 }, 'use a route like /quickstart/ or a relative .md path, or false');
      }
    }
  }
}

function configFile(config: ResolvedConfig): string {
  return config.configFile ? path.relative(config.root, config.configFile) : 'configuration';
}

function checkSidebar(site: Site, problems: Problems): void {
  if (!site.config.sidebar) return;
  const file = configFile(site.config);
  for (const entry of site.nav) {
    for (const link of isGroup(entry) ? entry.items : [entry]) {
      if (!link.external && link.route && !site.byRoute.has(link.route)) {
        problems.add(`sidebar${isGroup(entry) ? ` group "${entry.text}"` : ''} lists ${link.route}, which is not a page`, { file }, 'add the page under content/ or remove the entry from `sidebar`');
      }
    }
  }
}

/** Targets must be pages or external URLs; no loops; at most two hops from any old path. */
function checkRedirects(site: Site, problems: Problems): void {
  const file = configFile(site.config);
  const table = new Map(site.config.redirects.map((r) => [normalize(r.from), r.to]));
  for (const redirect of site.config.redirects) {
    const from = normalize(redirect.from);
    if (!redirect.exact && site.byRoute.has(from)) {
      problems.add(`redirect from ${redirect.from} shadows the page ${from}`, { file }, 'remove the redirect, or the page');
      continue;
    }
    let hops = 0;
    let at = redirect.to;
    const seen = new Set([from]);
    while (!isExternal(at) && !site.byRoute.has(normalize(at))) {
      const next = table.get(normalize(at));
      if (next === undefined) {
        problems.add(`redirect ${redirect.from} -> ${redirect.to} ends at ${at}, which is not a page`, { file }, 'point it to an existing route or an external URL');
        break;
      }
      if (seen.has(normalize(at))) {
        problems.add(`redirect loop: ${[...seen, normalize(at)].join(' -> ')}`, { file }, 'point one of them at a page');
        break;
      }
      seen.add(normalize(at));
      at = next;
      hops++;
      if (hops >= 2) {
        problems.add(`redirect chain from ${redirect.from} takes more than two hops`, { file }, `point it straight at ${at}`);
        break;
      }
    }
  }
}

export function normalize(route: string): string {
  return route.endsWith('/') ? route : `${route}/`;
}
