import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { render } from '../../helpers/markdown.js';

const FIXTURES = path.join(import.meta.dirname, 'fixtures');

/**
 * The Markdown chain, case by case: `fixtures/<case>/input.md` rendered as the page `guide/page.md`
 * (constants from `constants.json` beside it, if any) gives `output.html` beside it, and no problem.
 */
describe('markdown: fixtures', () => {
  for (const name of readdirSync(FIXTURES).sort()) {
    it(`renders ${name}`, async () => {
      const dir = path.join(FIXTURES, name);
      const constantsFile = path.join(dir, 'constants.json');
      const constants = existsSync(constantsFile) ? JSON.parse(readFileSync(constantsFile, 'utf8')) : {};
      const { page, problems } = render(readFileSync(path.join(dir, 'input.md'), 'utf8'), { constants });
      expect(problems.map((p) => p.message)).toEqual([]);
      await expect(`${page.html}\n`).toMatchFileSnapshot(path.join(dir, 'output.html'));
    });
  }
});
