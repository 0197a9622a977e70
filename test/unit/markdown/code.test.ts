import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveConfig, type UserConfig } from '../../../src/config/index.js';
import { BuildFailure } from '../../../src/model/errors.js';
import { readFile } from 'node:fs/promises';
import { render } from '../../helpers/markdown.js';

const FIXTURES = path.join(import.meta.dirname, 'code');

describe('markdown/code fixtures (input .md, expected .html side by side; *.shiki.md with Shiki)', () => {
  for (const name of readdirSync(FIXTURES).filter((f) => f.endsWith('.md'))) {
    it(name.replace(/\.md$/, '').replaceAll('-', ' '), async () => {
      const user: UserConfig = name.endsWith('.shiki.md') ? { markdown: { highlighter: 'shiki' } } : {};
      const { page, problems } = render(await readFile(path.join(FIXTURES, name), 'utf8'), user);
      expect(problems).toEqual([]);
      await expect(page.html.trim() + '\n').toMatchFileSnapshot(path.join(FIXTURES, name.replace(/\.md$/, '.html')));
    });
  }
});

describe('markdown/code', () => {
  it('removes notation comments from the output', () => {
    const { page } = render(
      '```js\na(); // [!code ++]\nb(); // [!code focus]\n```\n\n```html\n<p>x</p> <!-- [!code --] -->\n```',
    );
    expect(page.html).not.toContain('[!code');
    expect(page.html).toContain('<span class="line add">');
    expect(page.html).toContain('<span class="line remove">');
  });

  it('numbers every block when markdown.lineNumbers is on, except one marked :no-line-numbers', () => {
    const { page } = render('```js\na();\n```\n\n```js:no-line-numbers\nb();\n```', {
      markdown: { lineNumbers: true },
    });
    expect(page.html.match(/class="code-block[^"]*"/g)).toEqual([
      'class="code-block line-numbers"',
      'class="code-block"',
    ]);
  });

  it('gives the content checks the code a reader runs, at the file lines of the source', () => {
    const { page } = render(
      '```js\nold(); // [!code --]\nnew(); // [!code ++]\n// [!code focus]\nfocused();\n```\n\n```diff\n@@ -1 +1 @@\n-a();\n+b();\n```',
    );
    expect(page.codeBlocks.map((b) => b.code)).toEqual(['\nnew();\n\nfocused();', '\n\nb();']);
  });

  it('rejects a markdown.lineNumbers that is not a boolean, naming the key', () => {
    expect(() => resolveConfig({ markdown: { lineNumbers: 'yes' } } as unknown as UserConfig, '/tmp/site')).toThrow(
      BuildFailure,
    );
    try {
      resolveConfig({ markdown: { lineNumbers: 'yes' } } as unknown as UserConfig, '/tmp/site');
    } catch (error) {
      expect(String((error as BuildFailure).problems[0])).toContain('"markdown.lineNumbers"');
    }
  });

  it('by default warns of an unknown language and shows the block as plain text', () => {
    const { page, problems, warnings } = render('```klingon\nqapla\n```');
    expect(problems).toEqual([]);
    expect(warnings.map((p) => p.message)).toEqual(['unknown code block language "klingon": shown as plain text']);
    expect(page.html).toContain('<span class="line">qapla</span>');
  });

  it('with strict.codeLanguage, an unknown language is an error', () => {
    for (const strict of [true, { codeLanguage: true }]) {
      const { page, problems } = render('```klingon\nqapla\n```', { strict });
      expect(problems.map((p) => p.message)).toEqual(['unknown code block language "klingon"']);
      expect(page.html).toContain('<span class="line">qapla</span>');
    }
  });
});
