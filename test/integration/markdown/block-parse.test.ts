import { execFileSync } from 'node:child_process';
import type { Root } from 'mdast';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { isDeepStrictEqual } from 'node:util';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../../src/config/index.js';
import { Problems } from '../../../src/model/errors.js';
import { parseByBlocks, splitBlocks } from '../../../src/markdown/block-parse.js';
import { normalizeContainers } from '../../../src/markdown/container-syntax.js';
import { createProcessor, renderPage } from '../../../src/markdown/index.js';
import { setParseClock } from '../../../src/markdown/parse-budget.js';
import type { PageSource } from '../../../src/model/page.js';
import { VFile } from 'vfile';

const repo = path.resolve(import.meta.dirname, '../../..');
const config = resolveConfig({}, '/site');
const whole = createProcessor(config).freeze();

/** A processor parsing by blocks, and how many block parses (whole parses of a piece) it made. */
function byBlocks() {
  const processor = createProcessor(config).freeze();
  const parse = processor.parser!;
  const counter = { parses: 0 };
  processor.parser = (document, file) => {
    counter.parses++;
    return parse(document, file);
  };
  parseByBlocks(processor);
  return { processor, counter };
}

const parsed = (processor: typeof whole, page: string, text: string) =>
  processor.parse(new VFile({ path: page, value: normalizeContainers(text) }));

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

const bodyOf = (file: string) => readFileSync(file, 'utf8').replace(/^---\n[\s\S]*?\n---\n/, '');

const corpus = mkdtempSync(path.join(os.tmpdir(), 'block-parse-'));
afterAll(() => rmSync(corpus, { recursive: true, force: true }));

/** Hundreds of pages parsed: what a loaded two-core machine needs (nothing asserts a duration). */
const HEAVY = 300_000;

let restoreClock: (() => void) | undefined;
afterEach(() => {
  restoreClock?.();
  restoreClock = undefined;
});

/** Lines whose insertion (or a line's deletion) moves a block boundary: the random edits' material. */
const EDIT_LINES = [
  '```',
  '~~~',
  '::: tip',
  ':::',
  '- item',
  '1. one',
  '  - nested',
  '<!--',
  '$$',
  '> ```',
  '   ```',
  '',
];

/**
 * Four random line edits of a page, each parsed by `processor` (reusing the blocks of the parse
 * before) and whole: the edits whose trees differ.
 */
function editsThatDiffer(processor: typeof whole, file: string, body: string, next: (n: number) => number): string[] {
  const differ: string[] = [];
  for (let edit = 0; edit < 4; edit++) {
    const all = body.split('\n');
    const at = next(all.length + 1);
    if (next(4) === 0) all.splice(at, 1);
    else all.splice(at, 0, EDIT_LINES[next(EDIT_LINES.length)]);
    body = all.join('\n');
    if (!isDeepStrictEqual(parsed(processor, file, body), parsed(whole, file, body)))
      differ.push(`${file}, edit ${edit}`);
  }
  return differ;
}

/** The kinds of block a tree holds at its top (a heading with its depth, code with its language, a list ordered or not). */
function blockKinds(tree: Root): string[] {
  return tree.children.map((node) =>
    node.type === 'heading'
      ? `heading ${node.depth}`
      : node.type === 'code'
        ? `code ${node.lang}`
        : node.type === 'list'
          ? `list ${node.ordered ? 'ordered' : 'bulleted'}`
          : node.type,
  );
}

describe('markdown/block-parse: a page parsed by blocks gives the tree of a whole parse', () => {
  it(
    'on every page of the real site, of the fixture sites and of a generated corpus, positions included, and after random line edits of the real site, each parse reusing the blocks of the last',
    () => {
      // Ten generated pages have every kind of block forty have (asserted below): more would parse the same kinds again.
      execFileSync(process.execPath, [path.join(repo, 'bench/gen-corpus.mjs'), corpus, '10']);
      const site = markdownFiles(path.join(repo, 'content'));
      const generated = markdownFiles(corpus);
      const files = [
        ...site,
        ...markdownFiles(path.join(repo, 'test/fixtures')),
        ...markdownFiles(path.join(repo, 'test/unit/markdown/fixtures')),
        ...generated,
      ];
      expect(files.length).toBeGreaterThan(200);
      // Every third page of the site is edited: the edits' kinds, not the pages, are what varies.
      const edited = new Set(site.filter((_, i) => i % 3 === 0));
      let seed = 7;
      const next = (n: number) => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n;
      const { processor } = byBlocks();
      let cut = 0;
      const differ: string[] = [];
      const generatedKinds = new Set<string>();
      for (const file of files) {
        const body = bodyOf(file);
        if ((splitBlocks(normalizeContainers(body))?.length ?? 0) > 1) cut++;
        const expected = parsed(whole, file, body);
        if (generated.includes(file)) for (const kind of blockKinds(expected as Root)) generatedKinds.add(kind);
        // A page's first parse is whole: an empty one, so that the page's parse below is by blocks.
        parsed(processor, file, '');
        if (!isDeepStrictEqual(parsed(processor, file, body), expected)) differ.push(file);
        // Again, from the blocks kept (the plugins change the tree they are given: never the kept one).
        if (!isDeepStrictEqual(parsed(processor, file, body), expected)) differ.push(`${file}, again`);
        if (edited.has(file)) differ.push(...editsThatDiffer(processor, file, body, next));
      }
      expect(differ).toEqual([]);
      expect(cut / files.length).toBeGreaterThan(0.9); // most pages are cut: the fast path is the common one
      expect([...generatedKinds].sort()).toEqual([
        'code bash',
        'code js',
        'heading 2',
        'heading 3',
        'list bulleted',
        'paragraph',
        'table',
      ]);
    },
    HEAVY,
  );

  it('after edits that move a block boundary: a fence, a container or HTML opened and not closed, a new list item', () => {
    const page = 'guide.md';
    const { processor } = byBlocks();
    parsed(processor, page, ''); // its first parse is whole
    const steps = [
      '# Guide\n\nIntro paragraph.\n\n- one\n- two\n\nMiddle text.\n\n```js\ncode\n\n\nmore\n```\n\nEnd.\n',
      // A fence opened above: everything below is code until the old one closes it.
      '# Guide\n\nIntro paragraph.\n\n```\n\n- one\n- two\n\nMiddle text.\n\n```js\ncode\n\n\nmore\n```\n\nEnd.\n',
      '# Guide\n\nIntro paragraph.\n\n- one\n- two\n\nMiddle text.\n\n```js\ncode\n\n\nmore\n```\n\nEnd.\n',
      // A callout not closed yet: it holds the rest of the page.
      '# Guide\n\n::: tip Title\n\nIntro paragraph.\n\n- one\n- two\n\nMiddle text.\n\nEnd.\n',
      '# Guide\n\n::: tip Title\n\nIntro paragraph.\n\n:::\n\n- one\n- two\n\nMiddle text.\n\nEnd.\n',
      // A new item after a blank line continues the list; text indented under it stays in the item.
      '# Guide\n\nIntro paragraph.\n\n- one\n- two\n\n- three\n\n  More of three.\n\nMiddle text.\n\nEnd.\n',
      '# Guide\n\nIntro paragraph.\n\n1. one\n\n   ```sh\n   run\n\nMiddle text.\n\n   ```\n\nEnd.\n',
      '# Guide\n\nIntro paragraph.\n\n1. one\n\n  ```sh\nrun\n\nMiddle text.\n  ```\n\nEnd.\n',
      '# Guide\n\n<!-- a comment\n\nIntro paragraph.\n\n-->\n\nMiddle text.\n\n<pre>\n\nEnd.\n\n</pre>\n\n$$\nx\n\ny\n$$\n\nLast.\n',
      '# Guide\n\n> quote\n> ```\n> code\n\nMiddle text.\n\nSetext\n---\n\n    indented\n\n    code\n\nEnd.\n',
    ];
    for (const text of steps) expect(parsed(processor, page, text), text).toEqual(parsed(whole, page, text));
  });
});

describe('markdown/block-parse: what a save parses again', () => {
  it('parses only the block that changed', () => {
    const page = bodyOf(path.join(repo, 'content/pricing.md'));
    const { processor, counter } = byBlocks();
    parsed(processor, 'pricing.md', page); // whole
    parsed(processor, 'pricing.md', page); // by blocks, all of them
    const edited = page.replace('pick a plan', 'choose a plan');
    expect(edited).not.toBe(page);
    counter.parses = 0;
    expect(isDeepStrictEqual(parsed(processor, 'pricing.md', edited), parsed(whole, 'pricing.md', edited))).toBe(true);
    expect(counter.parses).toBe(1);
  });

  it('parses a page with link definitions whole (they reach across blocks)', () => {
    const text = 'See [the guide][g].\n\nMore.\n\n[g]: https://example.com/\n';
    expect(splitBlocks(text)).toBeUndefined();
    expect(parsed(byBlocks().processor, 'refs.md', text)).toEqual(parsed(whole, 'refs.md', text));
  });

  it('tells the line of the page where a parse ran out of time, not of its block', () => {
    const processor = createProcessor(config);
    parseByBlocks(processor);
    parsed(processor, 'slow.md', 'A first version, parsed whole.\n');
    let tick = 0;
    restoreClock = setParseClock(() => tick++); // each look at the clock is a millisecond
    const problems = new Problems();
    const source: PageSource = {
      file: '/site/content/slow.md',
      relativePath: 'slow.md',
      route: '/slow/',
      body: `Fine.\n\nFine too.\n\n${'a *b* [c](https://example.com/) '.repeat(100)}\n`,
      lineOffset: 4,
      frontmatter: { title: 'Slow', description: 'Slow.' },
      hash: 'h',
    };
    renderPage(source, resolveConfig({ limits: { parseMs: 50 } }, '/site'), processor, problems);
    expect(problems.list.map((p) => p.where)).toEqual(['slow.md:9']);
  });
});
