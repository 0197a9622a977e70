import { describe, expect, it } from 'vitest';
import { render } from '../../helpers/markdown.js';
import { check, page } from './harness.js';

const fence = (lang: string, code: string, meta = '') => `\`\`\`${lang}${meta ? ` ${meta}` : ''}\n${code}\n\`\`\``;

describe('checks/code-blocks', () => {
  it('reports a js block that does not parse at the file line and column of the error', async () => {
    // Lines: 1-4 frontmatter, 5 blank, 6 the fence, 7 the first line of code; the error is on line 11.
    const r = await check({
      'content/index.md': page('Home', fence('js', 'export default {\n  run() {\n    return 1;\n  }\n  oops(\n}')),
    });
    expect(r.code).toBe(1);
    expect(r.problems).toEqual([
      expect.objectContaining({
        file: 'index.md',
        line: 11,
        column: 3,
        message: expect.stringMatching(/^js code block does not parse: /),
        fix: expect.stringContaining('```js no-check'),
      }),
    ]);
  });

  it('accepts plain scripts a module may not contain (judged by esbuild, not only the fast module parser)', async () => {
    const r = await check({
      'content/index.md': page(
        'Home',
        `${fence('js', 'with (Math) {\n  console.log(PI);\n}')}\n\n${fence('cjs', 'var n = 010;\nmodule.exports = n;')}`,
      ),
    });
    expect(r.problems).toEqual([]);
    expect(r.code).toBe(0);
  });

  it('parses ts blocks as TypeScript, and reports their errors', async () => {
    const r = await check({
      'content/index.md': page(
        'Home',
        `${fence('ts', 'const n: number = <number>value;\ninterface A { b: string }')}\n\n${fence('typescript', 'let x: = 1;')}`,
      ),
    });
    expect(r.problems).toEqual([
      expect.objectContaining({
        line: 12,
        column: 8,
        message: expect.stringContaining('typescript code block does not parse'),
      }),
    ]);
  });

  it('reports a JSON block with a trailing comma at its line and column', async () => {
    const r = await check({ 'content/index.md': page('Home', fence('json', '{\n  "a": 1,\n}')) });
    expect(r.problems).toEqual([
      expect.objectContaining({
        file: 'index.md',
        line: 9,
        column: 1,
        message: expect.stringContaining('JSON code block does not parse'),
      }),
    ]);
    expect(r.problems[0].fix).toContain('jsonc');
  });

  it('reports a YAML block that does not parse', async () => {
    const r = await check({ 'content/index.md': page('Home', fence('yaml', 'steps:\n  - name: a\n   bad: indent')) });
    expect(r.problems).toEqual([
      expect.objectContaining({
        file: 'index.md',
        line: 9,
        message: expect.stringContaining('YAML code block does not parse'),
      }),
    ]);
  });

  it('accepts valid blocks, other languages, and snippets marked no-check', async () => {
    const body = [
      fence('js', 'export default async function run({ steps, $ }) {\n  return steps.trigger.event.body;\n}'),
      fence('json', '{ "ok": true, "items": [1, 2] }'),
      fence('yaml', 'a: 1\n---\nb: 2'),
      fence('js', '// ...\n  .then(() => {', 'no-check'),
      fence('text', 'anything { at all'),
      fence('jsonc', '{ "a": 1, // comment\n}'),
    ].join('\n\n');
    const r = await check({ 'content/index.md': page('Home', body) });
    expect(r.problems).toEqual([]);
    expect(r.code).toBe(0);
  });

  it('judges plain JavaScript where the page is rendered: the record says whether acorn parses each block', () => {
    const { page: record } = render(
      [
        fence('js', 'export const a = 1;'),
        fence('mjs', 'oops('),
        fence('js', 'oops(', 'no-check'),
        fence('ts', 'let a: number;'),
      ].join('\n\n'),
    );
    expect(record.codeBlocks.map((b) => b.parses)).toEqual([true, false, undefined, undefined]);
  });
});
