import { checkSite } from '../check.js';
import { loadConfig } from '../config.js';
import { loadContent } from '../content.js';
import { BuildError, BuildFailure, Problems } from '../errors.js';
import { renderMarkdown } from '../markdown/index.js';
import { createSite } from '../site.js';

/** `check`: every check of a build, nothing written. Prints problems grouped by file; returns the exit code. */
export async function checkContent(root: string, format: 'text' | 'json', write: (s: string) => void = (s) => process.stdout.write(s)): Promise<number> {
  const problems: BuildError[] = [];
  let pages = 0;
  try {
    const config = await loadConfig(root);
    const collected = new Problems();
    const sources = await loadContent(config, collected);
    const records = await renderMarkdown(sources, config, collected);
    pages = records.length;
    checkSite(createSite(config, records), collected);
    collected.throwIfAny();
  } catch (error) {
    if (error instanceof BuildFailure) problems.push(...error.problems);
    else if (error instanceof BuildError) problems.push(error);
    else throw error;
  }
  if (format === 'json') write(`${JSON.stringify({ ok: problems.length === 0, pages, problems: problems.map((p) => p.toJSON()) }, null, 2)}\n`);
  else if (problems.length) write(`${new BuildFailure(problems).format()}\n`);
  else write(`checked ${pages} pages: no problems\n`);
  return problems.length ? 1 : 0;
}
