import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ResolvedConfig } from '../config/schema.js';
import { Problems, type BuildError, type Place } from '../model/errors.js';
import { frontmatterLine } from '../content/frontmatter.js';
import { followRedirect } from '../model/redirects.js';
import { isExternal, withSlash } from '../shared/paths.js';
import type { PageRecord } from '../model/page.js';
import { isGroup, resolvePageRef, type NavEntry, type Site } from '../model/site.js';
import { feedPaths } from '../outputs/feed.js';
import { homeFile, homeLinkTarget, homeReferences } from '../render/home.js';
import { localeSites } from '../i18n/site.js';
import { SIDEBAR_FILE } from '../versions/config.js';

/** A check written as `(site, problems) => void`, as the registry runs checks: the findings of one run. */
export function listing(check: (site: Site, problems: Problems) => void): (site: Site) => BuildError[] {
  return (site) => {
    const problems = new Problems();
    check(site, problems);
    return problems.list;
  };
}

/**
 * The site-wide checks of links and anchors, the sidebar, frontmatter prev/next, and the redirect
 * table: in the registry (src/checks/index.ts), run after every page is parsed and before anything
 * is written. Each collects all it finds.
 */

export function checkLinks(site: Site, outer: Problems): void {
  // Files the build writes beside pages (a feed page's feed.xml) can be linked like files in content/.
  const generated = feedPaths(site);
  for (const page of site.pages) checkPageLinks(site, page, generated, outer);
}

/**
 * One page's links and frontmatter prev/next (`generated`: the feed files, `feedPaths`). What it
 * finds depends on the page, the site's routes and files, and the anchors of the pages it links to
 * with a `#`: `linkTargets`.
 */
export function checkPageLinks(site: Site, page: PageRecord, generated: Set<string>, outer: Problems): void {
  for (const link of page.links) {
    // A link in an included partial is reported there (src/markdown/includes.ts), naming the page.
    const place = { file: link.source ?? page.relativePath, line: link.line, column: link.column };
    const problems = link.source
      ? {
          add: (message: string, at: Place, fix?: string) =>
            outer.add(`${message} (in a partial included by ${page.relativePath})`, at, fix),
        }
      : outer;
    if (link.file !== undefined) {
      if (!site.staticFiles.has(link.file) && !generated.has(link.file))
        problems.add(
          `link to a missing file: ${link.href}`,
          place,
          `there is no content/${link.file}; paths are relative to this page's file`,
        );
      continue;
    }
    const target = link.route === null ? page : site.byRoute.get(link.route);
    if (!target) {
      problems.add(
        `link to a missing page: ${link.href}`,
        place,
        `no page has the route ${link.route}; check the path (links to pages end in .md, relative to this file)`,
      );
      continue;
    }
    if (link.hash && !target.anchors.includes(link.hash)) {
      const headings = target.headers
        .map((h) => `#${h.slug}`)
        .slice(0, 12)
        .join(', ');
      problems.add(
        `link to a missing heading: ${link.href}`,
        place,
        `${target.relativePath} has no heading with the id "${link.hash}"${headings ? `; its headings: ${headings}` : ''}`,
      );
    }
  }
  for (const key of ['prev', 'next'] as const) {
    const ref = page.frontmatter[key];
    if (typeof ref === 'string' && !site.byRoute.has(resolvePageRef(page, ref))) {
      outer.add(
        `frontmatter "${key}" points to a missing page: ${ref}`,
        { file: page.relativePath, line: frontmatterLine(page, key) },
        'use a route like /quickstart/ or a relative .md path, or false',
      );
    }
  }
  checkHomeAndSeo(site, page, outer);
}

/** The links and images a home page's `hero` and `features` name, and the page's `canonical` route and `image` file. */
function checkHomeAndSeo(site: Site, page: PageRecord, problems: Problems): void {
  const at = (key: string) => ({ file: page.relativePath, line: frontmatterLine(page, key) });
  for (const ref of homeReferences(page)) {
    if (ref.link !== undefined) {
      const target = homeLinkTarget(page, ref.link);
      if (!('external' in target) && !site.byRoute.has(target.route))
        problems.add(
          `frontmatter "${ref.key}" links to a missing page: ${ref.link}`,
          at(ref.key),
          `no page has the route ${target.route}; use a relative .md path, a route like /guide/ or a full URL`,
        );
    }
    if (ref.file !== undefined && !site.staticFiles.has(ref.file))
      problems.add(
        `frontmatter "${ref.key}" names a missing image: ${ref.src}`,
        at(ref.key),
        `there is no content/${ref.file}; paths are relative to this page's file, or to the content folder when they start with "/"`,
      );
  }
  const { canonical, image } = page.frontmatter;
  if (canonical && !isExternal(canonical) && !site.byRoute.has(withSlash(canonical)))
    problems.add(
      `frontmatter "canonical" names a missing page: ${canonical}`,
      at('canonical'),
      'use a full URL, or the route of a page of this site ("/guide/")',
    );
  const file = image ? homeFile(page, image) : undefined;
  if (file !== undefined && !site.staticFiles.has(file))
    problems.add(
      `frontmatter "image" names a missing file: ${image}`,
      at('image'),
      `there is no content/${file}; give a path relative to this page's file, or a full URL`,
    );
}

/** The routes whose anchors a page's links check (a link with a `#` to another page). */
export function linkTargets(page: PageRecord): string[] {
  return page.links.flatMap((link) => (link.hash && link.file === undefined && link.route ? [link.route] : []));
}

function configFile(config: ResolvedConfig): string {
  return config.configFile ? path.relative(config.root, config.configFile) : 'configuration';
}

/** Where in the config file a value is written: the first line with it in quotes (the config is code, so no parser positions). */
function configPlaces(config: ResolvedConfig): (...values: string[]) => Place {
  return placesIn(config.configFile, configFile(config));
}

/** Where in a file (`shown` by that name) a value is written: the first line with it in quotes. */
function placesIn(absolute: string | undefined, shown: string): (...values: string[]) => Place {
  // Read on the first problem only: a site without problems (every `dev` save) never scans the file.
  let lines: string[] | undefined;
  const read = (): string[] => {
    try {
      return absolute ? readFileSync(absolute, 'utf8').split(/\r?\n/) : [];
    } catch {
      return []; // No line numbers then; the file is still named.
    }
  };
  return (...values) => {
    lines ??= read();
    const index = lines.findIndex((line) =>
      values.some((v) => [`'${v}'`, `"${v}"`, `\`${v}\``].some((quoted) => line.includes(quoted))),
    );
    return index >= 0 ? { file: shown, line: index + 1 } : { file: shown };
  };
}

export function checkSidebar(site: Site, problems: Problems): void {
  problems.push(...site.navProblems);
  checkSnapshotSidebars(site, problems);
  const placeOf = configPlaces(site.config);
  for (const link of site.config.topNav) {
    if (!isExternal(link.link) && !site.byRoute.has(withSlash(link.link))) {
      problems.add(
        `topNav link "${link.text}" goes to ${link.link}, which is not a page`,
        placeOf(link.link),
        'link a route of the site (such as /changelog/) or a full URL',
      );
    }
  }
  if (!site.config.sidebar) return;
  const walk = (entries: NavEntry[], group?: string) => {
    for (const entry of entries) {
      if (isGroup(entry)) walk(entry.items, entry.text);
      else if (!entry.external && entry.route && !site.byRoute.has(entry.route)) {
        problems.add(
          `sidebar${group ? ` group "${group}"` : ''} lists ${entry.route}, which is not a page`,
          placeOf(entry.route, entry.route.replace(/\/$/, '')),
          'add the page under content/ or remove the entry from `sidebar`',
        );
      }
    }
  };
  walk(site.nav);
}

/**
 * Each version's own sidebar.json, as its pages show it (src/i18n/site.ts: an entry to a page the version
 * lacks leads to the current version's): an entry that is then no page of any version is reported at the file.
 */
function checkSnapshotSidebars(site: Site, problems: Problems): void {
  const { versions, root } = site.config;
  if (!versions?.some((v) => v.sidebar !== undefined)) return;
  const views = localeSites(site);
  for (const version of versions) {
    const view = version.sidebar === undefined ? undefined : views.get(version.key);
    if (!view) continue;
    const absolute = path.join(version.contentDir, '..', SIDEBAR_FILE);
    const file = path.relative(root, absolute).split(path.sep).join('/');
    const placeOf = placesIn(absolute, file);
    const prefix = version.key ? `/${version.key}` : '';
    const walk = (entries: NavEntry[], group?: string) => {
      for (const entry of entries) {
        if (isGroup(entry)) walk(entry.items, entry.text);
        else if (!entry.external && entry.route && !site.byRoute.has(entry.route)) {
          const written = entry.route.startsWith(`${prefix}/`) ? entry.route.slice(prefix.length) : entry.route;
          problems.add(
            `the sidebar of version ${version.name}${group ? ` (group "${group}")` : ''} lists ${written}, which is a page in no version`,
            placeOf(written, written.replace(/\/$/, '')),
            `add its page to ${path.relative(root, version.contentDir).split(path.sep).join('/')}/ or to content/, or remove the entry from ${file}`,
          );
        }
      }
    };
    walk(view.nav);
  }
}

/** Targets must be pages or external URLs; no loops; at most two hops from any old path. */
export function checkRedirects(site: Site, problems: Problems): void {
  const placeOf = configPlaces(site.config);
  const seenFrom = new Set<string>();
  for (const redirect of site.config.redirects) {
    const place = () => placeOf(redirect.from);
    const from = withSlash(redirect.from);
    // `exact` entries are a different path ("/x" only), so they may share one with a slash-form entry.
    const key = redirect.exact ? redirect.from : from;
    if (seenFrom.has(key)) {
      problems.add(`two redirects from ${from}`, place(), 'keep one of them');
      continue;
    }
    seenFrom.add(key);
    if (!redirect.exact && site.byRoute.has(from)) {
      problems.add(
        `redirect from ${redirect.from} shadows the page ${from}`,
        place(),
        'remove the redirect, or the page',
      );
      continue;
    }
    const end = followRedirect(site, redirect.from, redirect.to);
    if (end.problem === 'missing')
      problems.add(
        `redirect ${redirect.from} -> ${redirect.to} ends at ${end.at}, which is not a page`,
        place(),
        'point it to an existing route or an external URL',
      );
    else if (end.problem === 'loop')
      problems.add(
        `redirect loop: ${[...end.path, withSlash(end.at)].join(' -> ')}`,
        place(),
        'point one of them at a page',
      );
    else if (end.problem === 'too-long')
      problems.add(
        `redirect chain from ${redirect.from} takes more than two hops`,
        place(),
        `point it straight at ${end.at}`,
      );
  }
}
