import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REPO } from '../helpers/site.js';

/** The folders vitest.config.ts runs as projects: a test file anywhere else would never run. */
const PROJECT_FOLDERS = ['unit', 'integration', 'docs', 'browser', 'quality'];

describe('the test suite', () => {
  it('has every test file in a folder that a project runs', () => {
    const files = readdirSync(`${REPO}/test`, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.test.ts') && !f.startsWith('fixtures/'));
    expect(files.length).toBeGreaterThan(40);
    expect(files.filter((f) => !PROJECT_FOLDERS.includes(f.split('/')[0]))).toEqual([]);
  });
});
