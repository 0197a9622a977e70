import { describe, expect, it } from 'vitest';
import { normalizeContainers } from '../../../src/markdown/container-syntax.js';
import { parseMeta } from '../../../src/markdown/code.js';
import { render } from '../../helpers/markdown.js';

describe('markdown', () => {
  it('collects level 2 and 3 headings with their slugs, and keeps explicit ids', () => {
    const { page } = render('## First part\n\n### Sub part\n\n#### Not collected\n\n## Custom {#my-id}\n');
    expect(page.headers).toEqual([
      { level: 2, title: 'First part', slug: 'first-part' },
      { level: 3, title: 'Sub part', slug: 'sub-part' },
      { level: 2, title: 'Custom', slug: 'my-id' },
    ]);
    expect(page.anchors).toContain('not-collected');
    expect(page.html).toContain('<a class="anchor" href="#first-part" aria-label="Permalink to “First part”">#</a>');
  });

  it('renders GFM tables, task lists and autolinks', () => {
    const { page } = render('| a | b |\n| - | - |\n| 1 | 2 |\n\n- [x] done\n\nSee https://example.com now.');
    expect(page.html).toContain('<table>');
    expect(page.html).toContain('type="checkbox"');
    expect(page.html).toContain('<a href="https://example.com">https://example.com</a>');
  });

  it('links every bare URL of a text, and none inside links or code', () => {
    const { page } = render(
      'From https://a.example/x, then http://b.example/y. [see https://c.example](https://d.example) `https://e.example`\n\n*in https://f.example emphasis*',
    );
    expect(page.html).toContain(
      '<p>From <a href="https://a.example/x">https://a.example/x</a>, then <a href="http://b.example/y">http://b.example/y</a>. <a href="https://d.example">see https://c.example</a> <code>https://e.example</code></p>',
    );
    expect(page.html).toContain('<em>in <a href="https://f.example">https://f.example</a> emphasis</em>');
  });

  it('numbers repeated heading slugs, from the start again on each page', () => {
    const { page } = render('## Setup\n\n## Setup\n\n### Setup\n');
    expect(page.headers.map((h) => h.slug)).toEqual(['setup', 'setup-1', 'setup-2']);
    expect(render('## Setup\n').page.headers[0].slug).toBe('setup');
  });

  it('replaces constants everywhere, prints %%{x} literally, and leaves {{ }} expressions alone', () => {
    const { page } = render(
      'Limit %{limit}, count %{count}.\n\n```js\nconst max = "%{limit}"; // {{steps.trigger.event}}\n```\n\nLiteral %%{limit}.',
      { constants: { limit: '512KB', count: 10000 } },
    );
    expect(page.html).toContain('Limit 512KB, count 10,000.');
    expect(page.html).toContain('512KB');
    expect(page.html).toContain('{{steps.trigger.event}}');
    expect(page.html).toContain('Literal %{limit}.');
    expect(page.markdown).toContain('Limit 512KB');
  });

  it('reports an unknown constant with file, line and column', () => {
    const { problems } = render('Line one.\n\nThe %{missing} value.');
    expect(problems).toHaveLength(1);
    expect(problems[0].place).toEqual({ file: 'guide/page.md', line: 7, column: 5 });
  });

  it('turns ::: tip, warning, danger and details into callouts with titles', () => {
    const { page } = render(
      '::: tip\nUse it.\n:::\n\n::: warning Careful now\nText.\n:::\n\n::: details More\nHidden.\n:::',
    );
    expect(page.html).toContain('<aside class="callout tip" aria-label="Tip"><p class="callout-title">Tip</p>');
    expect(page.html).toContain(
      '<aside class="callout warning" aria-label="Careful now"><p class="callout-title">Careful now</p>',
    );
    expect(page.html).toContain('<details class="callout details"><summary class="callout-title">More</summary>');
  });

  it('keeps text like key:value and 10:30 as text, and rejects an unknown callout', () => {
    const { page, problems } = render('Set key:value at 10:30.\n\n::: shout\nNo.\n:::');
    expect(page.html).toContain('Set key:value at 10:30.');
    expect(problems.map((p) => p.message)).toEqual(['unknown callout "::: shout"']);
  });

  it('highlights code at build time, with a title, a language label, marked lines and a copy button', () => {
    const { page } = render('```js title="run.js" {2}\nconst a = 1;\nreturn a;\n```');
    expect(page.html).toContain('<span class="code-title">run.js</span><span class="code-lang">JavaScript</span>');
    expect(page.html).toContain('<span class="line highlighted">');
    expect(page.html).toContain('<span class="tk">const</span>');
    expect(page.html).toContain('class="copy"');
  });

  it('reports a code block in an unknown language with its file line (a warning; with strict, an error)', () => {
    const { problems, warnings } = render('Text.\n\n```klingon\nqapla\n```');
    expect(problems).toEqual([]);
    expect(warnings[0].place.line).toBe(7);
    const strict = render('Text.\n\n```klingon\nqapla\n```', { strict: true }).problems;
    expect(strict[0].message).toBe('unknown code block language "klingon"');
    expect(strict[0].place.line).toBe(7);
  });

  it('rewrites relative .md links and site routes to URLs under the base', () => {
    const { page } = render(
      '[a](../index.md) [b](./other.md#part) [c](/workflows/) [d](https://x.example) [e](#local)',
    );
    expect(page.html).toContain('href="/docs/"');
    expect(page.html).toContain('href="/docs/guide/other/#part"');
    expect(page.html).toContain('href="/docs/workflows/"');
    expect(page.html).toContain('href="https://x.example"');
    expect(page.links.map((l) => [l.route, l.hash])).toEqual([
      ['/', ''],
      ['/guide/other/', 'part'],
      ['/workflows/', ''],
      [null, 'local'],
    ]);
  });

  it('with strict.title, rejects a level 1 heading in the body: the title is the h1', () => {
    const { problems } = render('Text.\n\n# Again', { strict: { title: true } });
    expect(problems[0].message).toContain('level 1 heading');
  });

  it('by default keeps a level 1 heading after the first content as a heading, without a problem', () => {
    const { page, problems } = render('Text.\n\n# Again');
    expect(problems).toEqual([]);
    expect(page.html).toContain('<h1 id="again"');
  });

  it('splits the text into sections by heading, leaving code blocks out', () => {
    const { page } = render(
      'Intro text.\n\n## Setup\n\nRun it.\n\n```bash\nnpm install secret-token\n```\n\n## Use\n\nCall `run()`.',
    );
    expect(page.sections.map((s) => [s.slug, s.text])).toEqual([
      ['', 'Intro text.'],
      ['setup', 'Run it.'],
      ['use', 'Call run().'],
    ]);
  });
});

describe('markdown/container-syntax', () => {
  it('rewrites ::: kind Title outside code fences only', () => {
    expect(normalizeContainers('::: tip Be [careful]\nx\n:::\n```\n::: tip no\n```')).toBe(
      ':::tip[Be \\[careful\\]]\nx\n:::\n```\n::: tip no\n```',
    );
  });
});

describe('markdown/code', () => {
  it('reads titles and line ranges from the meta string', () => {
    const meta = parseMeta('title="a b.js" {1,3-4}');
    expect(meta.title).toBe('a b.js');
    expect([...meta.highlight]).toEqual([1, 3, 4]);
  });
});
