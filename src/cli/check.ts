import { loadConfig } from '../config/index.js';
import { loadContentFiles } from '../content/index.js';
import { BuildError, BuildFailure, formatWarnings, Problems } from '../model/errors.js';
import { renderMarkdown } from '../pages/index.js';
import { createSite } from '../model/site.js';
import { dropFallbackProblems } from '../i18n/locales.js';
import { nameVersionFiles } from '../versions/paths.js';
import { runContentChecks } from '../checks/index.js';

/** `check`: every check of a build, nothing written. Prints problems grouped by file; returns the exit code. */
export async function checkContent(
  root: string,
  format: 'text' | 'json',
  write: (s: string) => void = (s) => process.stdout.write(s),
): Promise<number> {
  const problems: BuildError[] = [];
  const warnings: BuildError[] = [];
  let pages = 0;
  try {
    const config = await loadConfig(root);
    const collected = new Problems();
    const { sources, staticFiles } = await loadContentFiles(config, collected);
    const records = await renderMarkdown(sources, config, collected, {
      html: false,
      check: (all) => runContentChecks(createSite(config, all, staticFiles), collected),
    });
    pages = records.length;
    dropFallbackProblems(collected, sources);
    nameVersionFiles(collected, config);
    warnings.push(...collected.warnings);
    collected.throwIfAny();
  } catch (error) {
    if (error instanceof BuildFailure) problems.push(...error.problems);
    else if (error instanceof BuildError) problems.push(error);
    else throw error;
  }
  if (format === 'json') {
    const sorted = [...problems].sort(
      (a, b) => a.place.file.localeCompare(b.place.file) || (a.place.line ?? 0) - (b.place.line ?? 0),
    );
    write(
      `${JSON.stringify({ ok: problems.length === 0, pages, problems: sorted.map((p) => p.toJSON()), warnings: warnings.map((w) => w.toJSON()) }, null, 2)}\n`,
    );
  } else if (problems.length) write(`${new BuildFailure(problems).format()}\n`);
  else
    write(
      `${warnings.length ? `${formatWarnings(warnings, 'the check passed')}\n` : ''}checked ${pages} pages: no problems\n`,
    );
  return problems.length ? 1 : 0;
}
