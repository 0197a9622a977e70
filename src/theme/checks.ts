import path from 'node:path';
import type { Problems } from '../model/errors.js';
import { isExternal } from '../shared/paths.js';
import type { Site } from '../model/site.js';

/** The routes the footer and the banner link to must be pages, as the sidebar's must. */
export function checkThemeLinks(site: Site, problems: Problems): void {
  const { theme, configFile, root } = site.config;
  const file = configFile ? path.relative(root, configFile) : 'configuration';
  const links = [
    ...(theme.footer?.links.map((l, i) => ({ key: `footer.links.${i}`, link: l.link })) ?? []),
    ...(theme.banner?.link ? [{ key: 'banner.link', link: theme.banner.link.link }] : []),
  ];
  for (const { key, link } of links) {
    if (isExternal(link)) continue;
    const route = link.endsWith('/') ? link : `${link}/`;
    if (!site.byRoute.has(route))
      problems.add(
        `"${key}" links to ${link}, which is not a page`,
        { file },
        'use the route of a page ("/guide/") or a full URL',
      );
  }
}
