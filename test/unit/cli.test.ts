import { describe, expect, it } from 'vitest';
import { EXIT, reportError } from '../../src/cli/index.js';
import { BuildError, BuildFailure, UsageError } from '../../src/model/errors.js';

function report(error: unknown): { code: number; text: string } {
  let text = '';
  const code = reportError(error, (s) => (text += s));
  return { code, text };
}

describe('cli: one way to print an error', () => {
  it('prints a usage error as one "error:" line without a stack, exit 2', () => {
    expect(report(new UsageError('no folder site (the root holds docs.config.ts and content/)'))).toEqual({
      code: EXIT.usage,
      text: 'error: no folder site (the root holds docs.config.ts and content/)\n',
    });
  });

  it('prints problems in the content with file and line, exit 1', () => {
    const r = report(
      new BuildFailure([new BuildError('Unknown constant "x".', { file: 'a.md', line: 3 }, 'define it')]),
    );
    expect(r.code).toBe(EXIT.content);
    expect(r.text).toContain('a.md\n  3:1  Unknown constant "x".\n      fix: define it');
  });
});
