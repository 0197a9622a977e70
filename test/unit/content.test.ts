import { describe, expect, it } from 'vitest';
import { parseSource } from '../../src/content.js';
import { Problems } from '../../src/errors.js';

function parse(raw: string) {
  const problems = new Problems();
  const source = parseSource(raw, 'page.md', '/site/content/page.md', problems);
  return { source, problems: problems.list };
}

describe('content', () => {
  it('reports malformed YAML at the line that has the mistake', () => {
    // Line 2 has a second unquoted ":"; line 6 is indented wrongly.
    expect(parse('---\ntitle: A: B\ndescription: x\n---\n\nBody\n').problems[0].place.line).toBe(2);
    expect(parse('---\ntitle: T\ndescription: x\nlist:\n  - a\n b: c\n---\n\nBody\n').problems[0].place.line).toBe(6);
    expect(parse('---\r\ntitle: A: B\r\ndescription: x\r\n---\r\n\r\nBody\r\n').problems[0].place.line).toBe(2);
  });

  it('reports frontmatter that is never closed, instead of reading the page as YAML', () => {
    for (const raw of ['---\ntitle: T\ndescription: D.\n\n## Heading\n\nBody text.\n', '---\ntitle: T\ndescription: D.\n']) {
      const { problems } = parse(raw);
      expect(problems).toHaveLength(1);
      expect(problems[0].message).toContain('not closed');
      expect(problems[0].place.line).toBe(1);
      expect(problems[0].fix).toContain('---');
    }
  });

  it('still accepts frontmatter closed on the last line, with CRLF or a BOM', () => {
    for (const raw of ['---\ntitle: T\ndescription: D.\n---', '\uFEFF---\r\ntitle: T\r\ndescription: D.\r\n---\r\n\r\nBody\r\n']) {
      const { source, problems } = parse(raw);
      expect(problems).toEqual([]);
      expect(source.frontmatter.title).toBe('T');
    }
  });
});
