import type { Problems } from '../model/errors.js';

/**
 * `%{name}` stands for a constant of the configuration; `%%{name}` prints `%{name}` literally.
 * Not `{{ }}`: workflow docs print expressions like `{{steps.trigger.event.body}}` as they are.
 */
const PLACEHOLDER = /(%?)%\{([A-Za-z][A-Za-z0-9_]*)\}/g;

export function formatConstant(value: string | number): string {
  return typeof value === 'number' ? value.toLocaleString('en-US') : value;
}

/**
 * Replaces every placeholder in `text`. Replacement is textual, before Markdown is parsed, so
 * constants work in prose, code blocks, links and titles alike; lines do not move.
 */
export function resolveConstants(
  text: string,
  constants: Record<string, string | number>,
  report?: { problems: Pick<Problems, 'add'>; file: string; lineOffset: number },
): string {
  if (!text.includes('%{')) return text;
  return text.replace(PLACEHOLDER, (match, escape: string, name: string, index: number) => {
    if (escape) return match.slice(1);
    if (Object.hasOwn(constants, name)) return formatConstant(constants[name]);
    if (report) {
      const before = text.slice(0, index);
      const line = (before.match(/\n/g) ?? []).length + 1 + report.lineOffset;
      const column = index - before.lastIndexOf('\n');
      const near = closest(name, Object.keys(constants));
      report.problems.add(
        `unknown constant "${name}"`,
        { file: report.file, line, column },
        near
          ? `did you mean %{${near}}? Constants are defined in docs.config.ts`
          : 'define it under `constants` in docs.config.ts, or write %%{...} to show the braces literally',
      );
    }
    return match;
  });
}

/** The known name nearest to a misspelt one, when it is close enough to be a likely typo. */
function closest(name: string, names: string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(name.length / 3)) + 1;
  for (const candidate of names) {
    const d = editDistance(name.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return best;
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return row[b.length];
}
