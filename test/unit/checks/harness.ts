import { checkContent } from '../../../src/checks/index.js';
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

/** Runs `check` on a site written to a temp folder (the checks of taste made errors, unless its files have a configuration); returns the exit code and the JSON report. */
export async function check(
  files: Record<string, string>,
): Promise<{ code: number; ok: boolean; problems: Reported[]; warnings: Reported[]; text: string }> {
  const site = await tmpSite({
    'docs.config.ts':
      "export default { title: 'Check', checks: { duplicateDescriptions: 'error', orphans: 'error' } };\n",
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
