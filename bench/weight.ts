/**
 * The JavaScript a page runs before any interaction: the entry module, its static imports (not
 * `import()`: search and other on-demand code) and the inline scripts, gzip. Budget: 12 KB.
 *
 *   node --import tsx bench/weight.ts [distDir]     (default: dist)
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUDGETS, kb, measurePage } from './weight-report.js';

export const INITIAL_JS_BUDGET = BUDGETS.js;

export interface InitialScriptWeight {
  /** Bytes, gzip. */
  gzip: number;
  /** The files counted, relative to the dist folder ("inline" for an inline script). */
  files: string[];
}

/** Measures one page of a built site (the home page by default): every page loads the same entry. */
export async function initialScriptWeight(distDir: string, page = 'index.html'): Promise<InitialScriptWeight> {
  const weight = await measurePage(distDir, page);
  return { gzip: weight.js, files: weight.files.filter((f) => !f.endsWith('.css')) };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const weight = await initialScriptWeight(path.resolve(process.argv[2] ?? 'dist'));
  console.log(
    `initial JavaScript: ${kb(weight.gzip)} gzip (budget ${kb(INITIAL_JS_BUDGET)}): ${weight.files.join(', ')}`,
  );
  if (weight.gzip > INITIAL_JS_BUDGET) process.exitCode = 1;
}
