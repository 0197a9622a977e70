import { describe, expect, it } from 'vitest';
import { BuildError } from '../../../src/model/errors.js';
import { hookFailure } from '../../../src/plugins/index.js';

/**
 * The installed package holds this module twice: in the CLI's bundle and in `pagewright/config`, which a
 * plugin imports its BuildError from. A second instance of the module stands for the second copy.
 */
async function otherCopy(): Promise<typeof BuildError> {
  // A query makes it a module of its own; through a variable, so the type checker does not look for the file.
  const copy = '../../../src/model/errors.ts?copy';
  const module = (await import(copy)) as { BuildError: typeof BuildError };
  expect(module.BuildError).not.toBe(BuildError);
  return module.BuildError;
}

describe('model/errors', () => {
  it("knows a BuildError made by another copy of the module (a plugin's, through pagewright/config)", async () => {
    const Foreign = await otherCopy();
    const error = new Foreign('"Dead letter" appears in no page title', { file: 'data/glossary.yaml' }, 'remove it');
    expect(error instanceof BuildError).toBe(true);
    expect(new Error('plain') instanceof BuildError).toBe(false);
    expect({ place: { file: 'x' } } instanceof BuildError).toBe(false);
  });

  it("keeps the place and fix of a BuildError a plugin's hook threw from its own copy", async () => {
    const Foreign = await otherCopy();
    const failure = hookFailure(
      'glossary',
      'pages',
      new Foreign('no terms', { file: 'data/glossary.yaml', line: 2 }, 'add one'),
      'docs.config.ts',
    );
    expect(failure.problems.map(String)).toEqual([
      'data/glossary.yaml:2  plugin "glossary" failed in its "pages" hook: no terms\n    fix: add one',
    ]);
  });
});
