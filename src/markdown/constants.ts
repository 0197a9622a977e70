import type { Problems } from '../model/errors.js';
import { closest } from '../shared/spelling.js';

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
