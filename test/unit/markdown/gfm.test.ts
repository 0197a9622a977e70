import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmTable } from 'micromark-extension-gfm-table';
import remarkParse from 'remark-parse';
import { unified, type Processor } from 'unified';
import { describe, expect, it } from 'vitest';
import remarkGfmFast from '../../../src/markdown/gfm.js';

/** Ours, and the same chain with micromark's table construct tried everywhere, as it was. */
const ours = unified().use(remarkParse).use(remarkGfmFast) as unknown as Processor;
const reference = unified()
  .use(remarkParse)
  .use(remarkGfmFast)
  .use(function plainTable(this: Processor) {
    const data = this.data() as { micromarkExtensions: unknown[]; fromMarkdownExtensions: unknown[] };
    data.micromarkExtensions[0] = gfmTable();
    data.fromMarkdownExtensions[0] = gfmTableFromMarkdown();
  }) as unknown as Processor;

const tree = (processor: Processor, doc: string) => JSON.stringify(processor.parse(doc));

/** Lines that start, continue, end or only look like tables, in and out of containers. */
const LINES = [
  'a | b',
  '| a | b |',
  'a',
  '--- | ---',
  '|---|---|',
  ':-:',
  '-:',
  '|-',
  '---',
  '',
  '> a | b',
  '> --|--',
  '>',
  '- a | b',
  '  --|--',
  '1. a|b',
  '   -|-',
  '[^1]: a | b',
  '    -|-',
  '\ta|b',
  '\t-|-',
  '> > a|b',
  '> > -|-',
  '```',
  'c | d | e',
  '|:--|--:|',
  'text: a colon',
  ':::note',
  ':::',
  'a\\|b',
  '    code | x',
  '- > a|b',
  '  > -|-',
];

describe('GFM tables', () => {
  it('are found in block quotes, list items and footnotes, with any line ending', () => {
    for (const eol of ['\n', '\r\n', '\r']) {
      const doc = [
        '| a | b |',
        '| - | :-: |',
        '| 1 | 2 |',
        '',
        '> x | y',
        '> --|--',
        '> 3 | 4',
        '',
        '- in | list',
        '  ---|---',
        '  5 | 6',
        '',
        'Text[^n].',
        '',
        '[^n]: note | here',
        '    -|-',
        '    7|8',
      ].join(eol);
      const tables = (tree(ours, doc).match(/"type":"table"/g) ?? []).length;
      expect(tables).toBe(4);
      expect(tree(ours, doc)).toBe(tree(reference, doc));
    }
  });

  it('parse to the same tree as when the table construct is tried at every line', () => {
    // Documents of 2 to 9 lines drawn from LINES (a fixed sequence), each with one kind of line ending.
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    let withTables = 0;
    for (let i = 0; i < 400; i++) {
      const lines = Array.from({ length: 2 + next(8) }, () => LINES[next(LINES.length)]);
      const doc = lines.join(['\n', '\r\n', '\r'][next(3)]);
      const got = tree(ours, doc);
      expect(got, JSON.stringify(doc)).toBe(tree(reference, doc));
      if (got.includes('"type":"table"')) withTables++;
    }
    expect(withTables).toBeGreaterThan(15);
  });
});
