import { BuildError } from '../errors.js';
import { pageRoute } from '../i18n/locales.js';
import { navLinks } from '../nav.js';
import { resolvePageRef, type Site } from '../site.js';

/**
 * A page that is neither in the sidebar nor linked from another page can only be found by
 * search: usually a page someone forgot to wire in. The home page is exempt (the site title
 * links to it), and so is a language's or version's home (its title links there).
 */
export function checkOrphans(site: Site): BuildError[] {
  const reached = new Set<string>(['/', pageRoute({ locale: site.i18n?.locale.key }, '/')]);
  for (const link of navLinks(site.nav)) if (link.route) reached.add(link.route);
  for (const page of site.pages) {
    for (const link of page.links) if (link.route && link.route !== page.regularPath) reached.add(link.route);
    for (const key of ['prev', 'next'] as const) {
      const ref = page.frontmatter[key];
      if (typeof ref === 'string') reached.add(resolvePageRef(page, ref));
    }
  }
  return site.pages
    .filter((page) => !reached.has(page.regularPath))
    .map(
      (page) =>
        new BuildError(
          `orphan page: ${page.regularPath} is not in the sidebar and no page links to it`,
          { file: page.relativePath, line: 1 },
          'add it to `sidebar` in the configuration or link to it from a related page (or delete it)',
        ),
    );
}
