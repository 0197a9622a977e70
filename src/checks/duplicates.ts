import { BuildError } from '../model/errors.js';
import { frontmatterLine } from '../content/frontmatter.js';
import type { Site } from '../model/site.js';
import type { PageRecord } from '../model/page.js';

/** Case and spacing do not make two descriptions different to a reader or a search engine. */
const normalized = new WeakMap<PageRecord, string>();
function normalize(page: PageRecord): string {
  let text = normalized.get(page);
  // Kept by record: `dev` checks the whole site on every save, and most records stay the same.
  if (text === undefined) normalized.set(page, (text = page.description.trim().replace(/\s+/g, ' ').toLowerCase()));
  return text;
}

/**
 * Two pages with the same description look the same in search results and link previews: each
 * page says what it alone covers. Every page of a duplicate set is reported, naming the others.
 */
export function checkDuplicateDescriptions(site: Site): BuildError[] {
  return duplicateProblems(duplicateGroups(site.pages));
}

/** The sets of pages (two or more) that share a description. */
export function duplicateGroups(pages: PageRecord[]): PageRecord[][] {
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

export function duplicateProblems(groups: PageRecord[][]): BuildError[] {
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
