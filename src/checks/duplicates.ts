import { BuildError } from '../model/errors.js';
import { frontmatterLine } from '../content/frontmatter.js';
import { fallbackOf } from '../i18n/locales.js';
import { localeSites } from '../i18n/site.js';
import type { Site } from '../model/site.js';
import type { PageRecord } from '../model/page.js';

/** Case and spacing do not make two descriptions different to a reader or a search engine. */
const normalize = (page: PageRecord) => page.description.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The sets of routes sharing a description, by sidebars object: descriptions are frontmatter, and `dev`'s sites of one
 * plan share their sidebars (src/model/site.ts withSamePlan), so a save that keeps the plan finds them here.
 */
const siteSets = new WeakMap<object, string[][]>();

/**
 * Two pages with the same description look the same in search results and link previews: each
 * page says what it alone covers. Every page of a duplicate set is reported, naming the others.
 * Sets are of one version's pages (versions repeat each other); a fallback page repeats its original's, and is left out.
 */
export function checkDuplicateDescriptions(site: Site): BuildError[] {
  let sets = siteSets.get(site.nav);
  if (!sets) {
    const views = site.config.versions ? [...localeSites(site).values()] : [site];
    sets = views.flatMap((view) =>
      duplicateGroups(view.pages.filter((page) => !fallbackOf(page))).map((group) => group.map((p) => p.regularPath)),
    );
    siteSets.set(site.nav, sets);
  }
  return duplicateProblems(sets.map((routes) => routes.map((route) => site.byRoute.get(route)!)));
}

/** The sets of pages (two or more) that share a description. */
function duplicateGroups(pages: PageRecord[]): PageRecord[][] {
  const groups = new Map<string, PageRecord[]>();
  for (const page of pages) {
    // An empty description is already reported by the frontmatter check.
    const key = normalize(page);
    if (!key) continue;
    const group = groups.get(key);
    if (group) group.push(page);
    else groups.set(key, [page]);
  }
  return [...groups.values()].filter((group) => group.length > 1);
}

function duplicateProblems(groups: PageRecord[][]): BuildError[] {
  const problems: BuildError[] = [];
  for (const pages of groups) {
    for (const page of pages) {
      const others = pages.filter((p) => p !== page).map((p) => p.relativePath);
      problems.push(
        new BuildError(
          `duplicate description: the same as ${others.join(', ')}`,
          { file: page.relativePath, line: frontmatterLine(page, 'description') },
          'write a description that says what this page covers and the others do not',
        ),
      );
    }
  }
  return problems;
}
