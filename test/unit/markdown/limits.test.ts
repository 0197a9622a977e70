import { afterEach, describe, expect, it } from 'vitest';
import { resolveConfig, type UserConfig } from '../../../src/config/index.js';
import { BuildFailure, Problems } from '../../../src/model/errors.js';
import { createProcessor, renderPage } from '../../../src/markdown/index.js';
import { setParseClock } from '../../../src/markdown/parse-budget.js';
import type { PageSource } from '../../../src/model/page.js';

const processor = createProcessor(resolveConfig({}, '/site'));

/** Renders a body as the page "hostile.md" whose frontmatter takes 4 lines; returns its problems. */
function render(body: string, user: UserConfig = {}) {
  const problems = new Problems();
  const source: PageSource = {
    file: '/site/content/hostile.md',
    relativePath: 'hostile.md',
    route: '/hostile/',
    body,
    lineOffset: 4,
    frontmatter: { title: 'Hostile', description: 'Hostile input.' },
    hash: 'h',
  };
  const record = renderPage(source, resolveConfig(user, '/site'), processor, problems);
  return { record, problems: problems.list.map((p) => ({ where: p.where, message: p.message, fix: p.fix })) };
}

const nestedLists = (depth: number) => `${'- '.repeat(depth)}item`;
const nestedCallouts = (depth: number) => `${'::: tip\n'.repeat(depth)}Deep.\n${':::\n'.repeat(depth)}`;

let restoreClock: (() => void) | undefined;
afterEach(() => {
  restoreClock?.();
  restoreClock = undefined;
});

describe('markdown/limits: hostile pages are refused before parsing, with file:line and a fix', () => {
  it('refuses a page over the size limit (50 MB by default, and a configured limit)', () => {
    const huge = render('Some words here.\n\n'.repeat(3_000_000));
    expect(huge.problems).toEqual([
      {
        where: 'hostile.md:5',
        message: 'the page is 51.5 MB, over the limit of 512 KB',
        fix: expect.stringContaining('`limits.pageBytes` in docs.config.ts'),
      },
    ]);
    expect(huge.record.html).toBe('');
    expect(render('x'.repeat(2049), { limits: { pageBytes: 2048 } }).problems[0].message).toBe(
      'the page is 3 KB, over the limit of 2 KB',
    );
    expect(render('x'.repeat(2048), { limits: { pageBytes: 2048 } }).problems).toEqual([]);
  });

  it.each([
    ['*a **a ', 20_000, 'emphasis marks (* or _)'],
    ['*a_ ', 30_000, 'emphasis marks (* or _)'],
    ['[ (](', 30_000, 'brackets ([ or ])'],
  ])('refuses a paragraph of %j x %i, which would take minutes to parse', (unit, times, what) => {
    const { problems } = render(`Intro.\n\n${unit.repeat(times)}\n`);
    expect(problems).toEqual([
      {
        where: 'hostile.md:7',
        message: `a paragraph with more than 1000 ${what}: parsing them takes time that grows with the square of their number`,
        fix: expect.stringContaining('split the paragraph'),
      },
    ]);
  });

  it('does not count code blocks, but is not fooled by what only looks like one', () => {
    const json = `\`\`\`json\n${'[1, 2],\n'.repeat(2000)}\`\`\``;
    expect(render(json).problems).toEqual([]);
    // A backtick in the info string makes no fence; a fence in a list item ends with the item.
    expect(render(`\`\`\`a\`b\n${'[ (]('.repeat(2000)}`).problems[0].message).toContain('more than 1000 brackets');
    expect(
      render(`- item\n\n  \`\`\`\n  code\nOut of the item.\n${'*a_ '.repeat(2000)}`).problems[0].message,
    ).toContain('more than 1000 emphasis marks');
  });

  it('parses a paragraph of 1,000 emphasis marks and 1,000 brackets', () => {
    const { record, problems } = render('*a* [b](https://example.com/) '.repeat(500));
    expect(problems).toEqual([]);
    expect(record.html.match(/<em>/g)).toHaveLength(500);
    // Underscores inside words ("snake_case") are no emphasis marks.
    expect(render('step_name '.repeat(2000)).problems).toEqual([]);
  });

  it('refuses 10,000 nested list items, 10,000 nested block quotes and 2,000 nested callouts (they overflowed the stack)', () => {
    const message = (depth: number) => `lists, block quotes and callouts nested ${depth} deep, over the limit of 32`;
    expect(render(nestedLists(10_000)).problems).toEqual([
      { where: 'hostile.md:5', message: message(10_000), fix: expect.stringContaining('`limits.nesting`') },
    ]);
    expect(render(`${'> '.repeat(10_000)}deep`).problems[0].message).toBe(message(10_000));
    const indented = Array.from({ length: 40 }, (_, i) => `${'  '.repeat(i)}- level ${i + 1}`).join('\n');
    expect(render(indented).problems[0]).toMatchObject({ where: 'hostile.md:37', message: message(33) });
    expect(render(nestedCallouts(2_000)).problems[0]).toMatchObject({ where: 'hostile.md:37', message: message(33) });
  });

  it('renders nesting up to the limit, which the configuration can raise', () => {
    const atLimit = render(nestedLists(32));
    expect(atLimit.problems).toEqual([]);
    expect(atLimit.record.html.match(/<ul>/g)).toHaveLength(32);
    expect(render(nestedCallouts(32)).problems).toEqual([]);
    expect(render(nestedLists(40), { limits: { nesting: 40 } }).problems).toEqual([]);
  });

  it('reports a page that outlives its parse budget with the line reached, and carries on with the next page', () => {
    let tick = 0;
    restoreClock = setParseClock(() => tick++); // each look at the clock is a millisecond
    const slow = render(`Fine.\n\n${'a *b* [c](https://example.com/) '.repeat(100)}\n`, { limits: { parseMs: 50 } });
    expect(slow.problems).toEqual([
      {
        where: 'hostile.md:7',
        message: 'parsing the page took longer than its budget of 50 ms (stopped here)',
        fix: expect.stringContaining('`limits.parseMs`'),
      },
    ]);
    expect(render('A short page.', { limits: { parseMs: 50 } }).problems).toEqual([]);
  });

  it('validates the limits like every other key', () => {
    expect(() => resolveConfig({ limits: { pageBytes: -1, nesting: 'deep' } } as never, '/site')).toThrow(BuildFailure);
    try {
      resolveConfig({ limits: { pageBytes: -1, parse: 5 } } as never, '/site');
    } catch (error) {
      const messages = (error as BuildFailure).problems.map((p) => p.message);
      expect(messages).toEqual(
        expect.arrayContaining([expect.stringContaining('"limits.pageBytes"'), 'unknown key "limits.parse"']),
      );
    }
  });
});
