import { describe, expect, it } from 'vitest';
import { parseSource } from '../../src/content.js';
import { Problems } from '../../src/errors.js';
import { frontmatterLine } from '../../src/frontmatter.js';

function parse(raw: string) {
  const problems = new Problems();
  const source = parseSource(raw, 'page.md', '/site/content/page.md', problems);
  return { source, problems: problems.list.map((p) => ({ line: p.place.line, message: p.message, fix: p.fix })) };
}

describe('frontmatter', () => {
  it('records the file line of each key from the parse, not from a body line that looks like one', () => {
    const { source } = parse(
      '---\n# a comment\ntitle: T\ndescription: D.\nprev: false\n---\n\nprev: not frontmatter\n',
    );
    expect([
      frontmatterLine(source, 'title'),
      frontmatterLine(source, 'description'),
      frontmatterLine(source, 'prev'),
    ]).toEqual([3, 4, 5]);
    expect(frontmatterLine(source, 'next')).toBe(1);
  });

  it('reports each wrong field at its line with what is wrong and how to fix it, and keeps the page', () => {
    const { source, problems } = parse(
      '---\ntitle: T\ndescription: D.\nlayout: wide\norder: first\nnext: 3\n---\nBody\n',
    );
    expect(problems).toEqual([
      {
        line: 6,
        message: 'frontmatter "next" must be a route, a .md path or false',
        fix: 'for example `next: ../quickstart/hello-world.md` or `next: false`',
      },
      {
        line: 4,
        message: 'frontmatter "layout" must be "doc" or "page"',
        fix: 'use `layout: doc` (sidebar and outline) or `layout: page` (full width)',
      },
      {
        line: 5,
        message: 'frontmatter "order" must be a number',
        fix: 'for example `order: 2` (lower comes first in the sidebar)',
      },
    ]);
    expect(source.frontmatter).toEqual({ title: 'T', description: 'D.' });
  });

  it('says a missing title is missing (line 1) and an empty one is empty (its line), standing in the file name', () => {
    expect(parse('---\ndescription: D.\n---\n').problems).toEqual([
      { line: 1, message: 'missing frontmatter "title"', fix: 'add a line `title: Page title` to the frontmatter' },
    ]);
    const empty = parse('---\ndescription: D.\ntitle: "  "\n---\n');
    expect(empty.problems.map((p) => [p.line, p.message])).toEqual([
      [3, 'frontmatter "title" must be a non-empty string'],
    ]);
    expect(empty.source.frontmatter.title).toBe('page');
  });
});
