import { BuildError } from '../model/errors.js';
import { pageRoute } from '../i18n/locales.js';
import { navLinks } from '../model/nav.js';
import { resolvePageRef, type Site } from '../model/site.js';
import type { PageRecord } from '../model/page.js';

/**
 * A page that is neither in the sidebar nor linked from another page can only be found by
 * search: usually a page someone forgot to wire in. The home page is exempt (the site title
 * links to it), and so is a language's or version's home (its title links there).
 */
export function checkOrphans(site: Site): BuildError[] {
  const reached = navReached(site);
  for (const page of site.pages) for (const route of pageReaches(page)) reached.add(route);
  return site.pages.filter((page) => !reached.has(page.regularPath)).map(orphanProblem);
}

/** The routes every page of the site reaches: the homes and the sidebars' links. */
export function navReached(site: Site): Set<string> {
  const reached = new Set<string>(['/', pageRoute({ locale: site.i18n?.locale.key }, '/')]);
  for (const link of navLinks(site.nav)) if (link.route) reached.add(link.route);
  return reached;
}

/** The other pages one page leads to: its links and its frontmatter prev/next. */
export function pageReaches(page: PageRecord): string[] {
  const routes: string[] = [];
  for (const link of page.links) if (link.route && link.route !== page.regularPath) routes.push(link.route);
  for (const key of ['prev', 'next'] as const) {
    const ref = page.frontmatter[key];
    if (typeof ref === 'string') routes.push(resolvePageRef(page, ref));
  }
  return routes;
}

export function orphanProblem(page: PageRecord): BuildError {
  return new BuildError(
    `orphan page: ${page.regularPath} is not in the sidebar and no page links to it`,
    { file: page.relativePath, line: 1 },
    'add it to `sidebar` in the configuration or link to it from a related page (or delete it)',
  );
}
