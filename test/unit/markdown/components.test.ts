import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../../src/config/index.js';
import { parseSource } from '../../../src/content/index.js';
import { Problems } from '../../../src/model/errors.js';
import { renderSlice } from '../../../src/markdown/index.js';
import { loadMdxCompiler } from '../../../src/markdown/mdx.js';

/** Pages rendered from a temporary content folder (includes read files beside the page). */
let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'components-'));
  await mkdir(path.join(root, 'content/_partials'), { recursive: true });
  await mkdir(path.join(root, 'content/guide'), { recursive: true });
  await writeFile(
    path.join(root, 'content/_partials/rules.md'),
    '## Counting\n\nOne run is %{unit}.\n\nSee [nowhere](./missing.md) and %{nope}.\n',
  );
  await writeFile(path.join(root, 'content/_partials/outer.md'), 'Outer.\n\n<!--@include: ./rules.md-->\n');
  await writeFile(path.join(root, 'content/_partials/loop.md'), '<!--@include: ./loop.md-->\n');
  await loadMdxCompiler([{ relativePath: 'x.mdx' }]);
});
afterAll(() => rm(root, { recursive: true, force: true }));

function render(body: string, file = 'guide/page.md') {
  const config = resolveConfig({ base: '/docs/', constants: { unit: 'one invocation' } }, root);
  const problems = new Problems();
  const raw = `---\ntitle: T\ndescription: D.\n---\n${body}`;
  const source = parseSource(raw, file, path.join(root, 'content', file), problems);
  const [page] = renderSlice([source], config, problems);
  return { page, problems: problems.list.map((p) => `${p.where}  ${p.message}`) };
}

describe('markdown: GitHub-style alerts', () => {
  it.each([
    ['NOTE', 'note', 'Note'],
    ['TIP', 'tip', 'Tip'],
    ['IMPORTANT', 'info', 'Important'],
    ['WARNING', 'warning', 'Warning'],
    ['CAUTION', 'danger', 'Caution'],
  ])('> [!%s] becomes the %s callout', (name, kind, title) => {
    const { page } = render(`> [!${name}]\n> Body text.`);
    expect(page.html).toContain(
      `<aside class="callout ${kind}" aria-label="${title}">\n<p class="callout-title">${title}</p>\n<p>Body text.</p>\n</aside>`,
    );
  });

  it('leaves other quotes alone', () => {
    expect(render('> [!NOPE] text\n\n> plain').page.html).not.toContain('callout');
  });
});

describe('markdown: component syntaxes in .md pages', () => {
  it('makes tabs with every panel in the HTML under its label, the first active, and a sync key (the browser adds the tab list)', () => {
    const { page, problems } = render('::: tabs key=os\n== macOS\n\nBrew.\n\n== Linux\n\nApt.\n:::\n');
    expect(problems).toEqual([]);
    expect(page.html).toBe(
      '<div class="tabs" data-sync-key="os"><div class="tab-panel active"><p class="tab-label">macOS</p><p>Brew.</p></div><div class="tab-panel"><p class="tab-label">Linux</p><p>Apt.</p></div></div>',
    );
    // Search sees every panel.
    expect(page.sections[0].text).toContain('Brew.');
    expect(page.sections[0].text).toContain('Apt.');
  });

  it("labels a code group by its blocks' titles and still checks the code", () => {
    const { page } = render(
      '::: code-group\n```bash title="curl"\ncurl x\n```\n\n```js title="Node.js"\nfetch(x)\n```\n:::\n',
    );
    expect(page.html).toContain(
      '<div class="tabs code-group"><div class="code-block" data-lang="bash"><div class="code-head"><span class="code-title">curl</span>',
    );
    expect(page.html).toContain(
      '</div><div class="code-block" data-lang="js"><div class="code-head"><span class="code-title">Node.js</span>',
    );
    expect(page.codeBlocks.map((b) => [b.lang, b.line])).toEqual([
      ['bash', 6],
      ['js', 10],
    ]);
  });

  it('reports text inside a code group and content before the first tab', () => {
    const { problems } = render('::: code-group\nSome text.\n:::\n\n::: tabs\nLoose.\n\n== A\n\nx\n:::\n');
    expect(problems).toEqual([
      'guide/page.md:10:1  content before the first tab of "::: tabs"',
      'guide/page.md:5:1  a code group holds only code blocks',
    ]);
  });

  it('makes steps, link cards (links checked like any) and a file tree', () => {
    const { page } = render(
      '::: steps\n1. One\n2. Two\n:::\n\n::: cards\n- [Guide](../guide/other.md) what it covers\n:::\n\n::: file-tree\n- src/\n  - a.ts\n- b.json\n:::\n',
    );
    expect(page.html).toContain('<ol class="steps">');
    expect(page.html).toContain(
      '<ul class="card-grid"><li><a class="card link-card" href="/docs/guide/other/"><span class="card-title">Guide</span><span class="card-description">what it covers</span></a></li></ul>',
    );
    expect(page.links).toContainEqual(expect.objectContaining({ route: '/guide/other/', line: 11 }));
    expect(page.html).toContain('<li class="folder">src/');
    expect(page.html).toContain('<li class="file">a.ts</li>');
  });

  it('reports a card item without exactly one link', () => {
    const { problems } = render('::: cards\n- [A](a.md) and [B](b.md)\n- no link here\n:::\n');
    expect(problems).toEqual([
      'guide/page.md:6:1  an item of "::: cards" has more than one link',
      'guide/page.md:7:1  an item of "::: cards" has no link',
    ]);
  });

  it('keeps a stray < or { as text in a .md page', () => {
    const { page, problems } = render('a < b and {c} and <Badge> text');
    expect(problems).toEqual([]);
    expect(page.html).toContain('{c}');
  });
});

describe('markdown: includes', () => {
  it('takes in a partial: headings join the outline and search, constants resolve', () => {
    const { page } = render('Intro.\n\n<!--@include: ../_partials/rules.md-->\n\n## After\n');
    expect(page.headers.map((h) => h.slug)).toEqual(['counting', 'after']);
    expect(page.sections.find((s) => s.slug === 'counting')?.text).toContain('One run is one invocation.');
    expect(page.includes).toEqual(['_partials/rules.md']);
  });

  it("reports a problem inside a partial at the partial's own line, naming the page; the page's lines stay right", () => {
    const { page, problems } = render('Intro.\n\n<!--@include: ../_partials/outer.md-->\n\nBad %{alsoNope}.\n');
    expect(problems).toEqual([
      '_partials/rules.md:5:33  unknown constant "nope" (in a partial included by guide/page.md)',
      'guide/page.md:9:5  unknown constant "alsoNope"',
    ]);
    expect(page.links).toContainEqual(
      expect.objectContaining({ href: './missing.md', source: '_partials/rules.md', line: 5 }),
    );
  });

  it('reports a missing partial and an include cycle at the include line', () => {
    const { problems } = render('<!--@include: ../_partials/gone.md-->\n\n<!--@include: ../_partials/loop.md-->\n');
    expect(problems[0]).toMatch(/^guide\/page\.md:5 {2}included file not found: \.\.\/_partials\/gone\.md/);
    expect(problems[1]).toMatch(
      /^_partials\/loop\.md:1 {2}include cycle: guide\/page\.md -> _partials\/loop\.md -> _partials\/loop\.md/,
    );
  });
});

describe('mdx: built-in components and errors', () => {
  it('expands the built-ins at build time', () => {
    const { page, problems } = render(
      '<Tabs syncKey="os"><TabItem label="A">Alpha</TabItem><TabItem label="B">Beta</TabItem></Tabs>\n\n<Badge text="beta" variant="tip" /> <Aside type="tip">Careful.</Aside>\n',
      'guide/page.mdx',
    );
    expect(problems).toEqual([]);
    expect(page.html).toContain('<div class="tabs" data-sync-key="os">');
    expect(page.html).toContain('<span class="badge badge-tip">beta</span>');
    expect(page.html).toContain(
      '<aside class="callout tip" aria-label="Tip"><p class="callout-title">Tip</p>Careful.</aside>',
    );
  });

  it('reports a syntax error with its file line and how to fix it', () => {
    const { problems } = render('Fine.\n\nA { unclosed brace\n', 'guide/page.mdx');
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^guide\/page\.mdx:7:\d+ {2}MDX syntax error: .*closing brace/);
  });

  it('reports an unknown component at its place, and every unknown one', () => {
    const { problems } = render('<Nope />\n\nText <Other x="1" />.\n', 'guide/page.mdx');
    expect(problems).toEqual([
      'guide/page.mdx:5:1  unknown component <Nope>',
      'guide/page.mdx:7:6  unknown component <Other>',
    ]);
  });

  it('reports a built-in used wrongly', () => {
    const { problems } = render('<Steps>not a list</Steps>\n\n<Badge text="x" variant="purple" />\n', 'guide/page.mdx');
    expect(problems).toEqual([
      'guide/page.mdx:5:1  <Steps> needs an ordered list',
      'guide/page.mdx:7:1  unknown badge variant "purple"',
    ]);
  });
});

describe('a badge in a heading', () => {
  it('stays out of the slug and the outline, after the title and within it', () => {
    for (const [file, badge] of [['guide/page.mdx', '<Badge text="beta" variant="tip" />']]) {
      const { page, problems } = render(`## Webhooks ${badge}\n\nText.\n\n## Signing ${badge} keys\n\nMore.\n`, file);
      expect(problems, file).toEqual([]);
      expect(page.headers, file).toEqual([
        { level: 2, title: 'Webhooks', slug: 'webhooks' },
        { level: 2, title: 'Signing keys', slug: 'signing-keys' },
      ]);
      expect(page.html, file).toMatch(/<h2 id="webhooks">Webhooks <span class="badge badge-tip">beta<\/span>/);
    }
  });
});
