import { checkContent } from '../../../src/cli/check.js';
import { fileToRoute } from '../../../src/shared/paths.js';
import type { LinkRef, PageRecord } from '../../../src/model/page.js';
import { tmpSite } from '../../helpers/tmp-site.js';

/** The one page helper (test/helpers/tmp-site.ts), here too for the checks' tests. */
export { page } from '../../helpers/tmp-site.js';

export interface Reported {
  file: string;
  line?: number;
  column?: number;
  message: string;
  fix?: string;
}

/** Runs `check` on a site written to a temp folder (the checks of taste and the strict rules made errors, unless its files have a configuration); returns the exit code and the JSON report. */
export async function check(
  files: Record<string, string>,
): Promise<{ code: number; ok: boolean; problems: Reported[]; warnings: Reported[]; text: string }> {
  const site = await tmpSite({
    'docs.config.ts':
      "export default { title: 'Check', strict: true, checks: { duplicateDescriptions: 'error', orphans: 'error' } };\n",
    ...files,
  });
  try {
    let json = '';
    const code = await checkContent(site.root, 'json', (s) => (json += s));
    let text = '';
    await checkContent(site.root, 'text', (s) => (text += s));
    const report = JSON.parse(json) as { ok: boolean; problems: Reported[]; warnings: Reported[] };
    return { code, ok: report.ok, problems: report.problems, warnings: report.warnings, text };
  } finally {
    await site.cleanup();
  }
}

/** A record with what the site-wide checks read: links, anchors, description (pages named `same-*` share one). */
export function linkRecord(relativePath: string, links: Partial<LinkRef>[] = [], anchors: string[] = []): PageRecord {
  const regularPath = fileToRoute(relativePath);
  const description = relativePath.startsWith('same') ? 'Shared.' : `About ${relativePath}.`;
  return {
    key: relativePath,
    title: relativePath,
    description,
    frontmatter: { title: relativePath, description },
    regularPath,
    relativePath,
    path: `/docs${regularPath}`,
    links: links.map((l) => ({ href: l.href ?? '', route: null, hash: '', line: 1, ...l })),
    anchors,
    headers: anchors.map((slug) => ({ slug })),
  } as unknown as PageRecord;
}

/** A link to a route, with a heading's id or none. */
export const linkTo = (route: string, hash = '') => ({ href: `${route}#${hash}`, route, hash });
