import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { countPages, parseSource } from '../../src/content/index.js';
import { Problems } from '../../src/model/errors.js';

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
    for (const raw of [
      '---\ntitle: T\ndescription: D.\n\n## Heading\n\nBody text.\n',
      '---\ntitle: T\ndescription: D.\n',
    ]) {
      const { problems } = parse(raw);
      expect(problems).toHaveLength(1);
      expect(problems[0].message).toContain('not closed');
      expect(problems[0].place.line).toBe(1);
      expect(problems[0].fix).toContain('---');
    }
  });

  it('still accepts frontmatter closed on the last line, with CRLF or a BOM', () => {
    for (const raw of [
      '---\ntitle: T\ndescription: D.\n---',
      '\uFEFF---\r\ntitle: T\r\ndescription: D.\r\n---\r\n\r\nBody\r\n',
    ]) {
      const { source, problems } = parse(raw);
      expect(problems).toEqual([]);
      expect(source.frontmatter.title).toBe('T');
    }
  });
});

/** A "billion laughs" frontmatter: nine levels of nine aliases each, about 600 bytes. */
function aliasBomb(): string {
  const lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
  for (let i = 1; i < 9; i++) {
    const [prev, name] = [String.fromCharCode(96 + i), String.fromCharCode(97 + i)];
    lines.push(`${name}: &${name} [${Array(9).fill(`*${prev}`).join(',')}]`);
  }
  return lines.join('\n');
}

describe('content: frontmatter', () => {
  it('refuses a YAML alias bomb with the line of its first alias, instead of expanding it', () => {
    const problems = new Problems();
    const raw = `---\ntitle: Bomb\ndescription: Aliases.\n${aliasBomb()}\n---\n\nBody\n`;
    expect(raw.length).toBeLessThan(700);
    const source = parseSource(raw, 'bomb.md', '/x/bomb.md', problems);
    expect(problems.list).toHaveLength(1);
    expect(problems.list[0].message).toBe('malformed YAML frontmatter: its aliases expand to more than 100 copies');
    expect(problems.list[0].place).toEqual({ file: 'bomb.md', line: 5 });
    expect(problems.list[0].fix).toContain('instead of repeating them through aliases');
    expect(source.body).toBe('\nBody\n');
  });

  it('keeps a few aliases working', () => {
    const problems = new Problems();
    const source = parseSource('---\ntitle: &t Same\ndescription: *t\n---\n', 'a.md', '/x/a.md', problems);
    expect(problems.list).toEqual([]);
    expect(source.frontmatter.description).toBe('Same');
  });

  it('does not run "---js" frontmatter as code', () => {
    const problems = new Problems();
    (globalThis as { ran?: boolean }).ran = false;
    parseSource(
      '---js\n{ title: (globalThis.ran = true, "T"), description: "D" }\n---\n',
      'js.md',
      '/x/js.md',
      problems,
    );
    expect((globalThis as { ran?: boolean }).ran).toBe(false);
    expect(problems.list[0].message).toContain('only YAML frontmatter is read');
  });

  it('reports malformed YAML with the file line of the error', () => {
    const problems = new Problems();
    parseSource('---\ntitle: Fine\ndescription: [unclosed\n---\n\nBody\n', 'bad.md', '/x/bad.md', problems);
    expect(problems.list[0].message).toMatch(/^malformed YAML frontmatter: /);
    expect(problems.list[0].place.line).toBe(3); // the "description" line
  });
});

describe('content: pages counted before the walk', () => {
  it('counts the pages the walk lists: not partials, hidden folders, other files or files outside the content folder', () => {
    const content = path.join(path.sep, 'site', 'content');
    const at = (...parts: string[]) => path.join(content, ...parts);
    const files = [
      at('index.md'),
      at('guide', 'setup.mdx'),
      at('guide', 'deep', 'page.MD'),
      at('_partials', 'note.md'),
      at('guide', '_snippet.md'),
      at('.drafts', 'later.md'),
      at('guide', 'diagram.png'),
      path.join(path.sep, 'site', 'README.md'),
      path.join(path.sep, 'site', 'content-old', 'page.md'),
    ];
    expect(countPages(content, files)).toBe(3);
  });
});
