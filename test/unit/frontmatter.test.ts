import { describe, expect, it } from 'vitest';
import { parseSource } from '../../src/content/index.js';
import { Problems } from '../../src/model/errors.js';
import { resolveConfig } from '../../src/config/index.js';
import { checkFrontmatter } from '../../src/checks/frontmatter.js';
import type { Site } from '../../src/model/site.js';
import YAML from 'yaml';
import { frontmatterLine, simpleFrontmatter } from '../../src/content/frontmatter.js';

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
        line: 5,
        message: 'frontmatter "order" must be a number',
        fix: 'for example `order: 2` (lower comes first in the sidebar)',
      },
      {
        line: 4,
        message: 'frontmatter "layout" must be "doc", "page" or "home"',
        fix: 'use `layout: doc` (sidebar and outline), `layout: page` (full width) or `layout: home` (hero and features)',
      },
    ]);
    expect(source.frontmatter).toEqual({ title: 'T', description: 'D.' });
  });

  it("accepts VitePress's home frontmatter and Starlight's splash as written, and reports a feature without a title", () => {
    const vitepress = parse(
      [
        '---',
        'title: Acme',
        'description: D.',
        'layout: home',
        'hero:',
        '  name: Acme',
        '  text: Fast',
        '  tagline: Very fast',
        '  image: { src: /logo.svg, alt: Acme }',
        '  actions:',
        '    - { theme: brand, text: Start, link: /guide/ }',
        '    - { theme: alt, text: GitHub, link: "https://git.example/acme" }',
        'features:',
        '  - { icon: "⚡", title: Quick, details: Starts fast, link: /guide/, linkText: More }',
        '  - { icon: { light: /a.svg, dark: /b.svg }, title: Themed }',
        'head:',
        '  - - meta',
        '    - { name: keywords, content: acme }',
        'noindex: true',
        '---',
        '',
      ].join('\n'),
    );
    expect(vitepress.problems).toEqual([]);
    expect(vitepress.source.frontmatter.head).toEqual([{ tag: 'meta', attrs: { name: 'keywords', content: 'acme' } }]);
    const starlight = parse(
      '---\ntitle: T\ndescription: D.\ntemplate: splash\nhero:\n  title: Hi\n  image: { file: ../x.png }\n  actions:\n    - { text: Go, link: /a/, variant: primary, icon: right-arrow }\n---\n',
    );
    expect(starlight.problems).toEqual([]);
    const bad = parse('---\ntitle: T\ndescription: D.\nfeatures:\n  - details: no title\n---\n');
    expect(bad.problems.map((p) => [p.line, p.message])).toEqual([
      [4, 'frontmatter "features" must be a list of `{ icon, title, details, link }`'],
    ]);
  });

  it('takes a missing title from the first heading (which leaves the body), else the file name; an empty one is an error (its line)', () => {
    const none = parse('---\ndescription: D.\n---\n');
    expect(none.problems).toEqual([]);
    expect(none.source.frontmatter.title).toBe('page');
    expect(none.source.derived).toEqual({ title: true });
    const heading = parse('---\ndescription: D.\n---\n\n# Getting `started` {#start}\n\nText.\n');
    expect(heading.problems).toEqual([]);
    expect(heading.source.frontmatter.title).toBe('Getting started');
    expect(heading.source.body).not.toContain('# Getting');
    expect(heading.source.body.split('\n')[3]).toBe('Text.'); // every other line where it was
    expect(heading.source.derived).toEqual({ title: true, heading: 5 });
    const empty = parse('---\ndescription: D.\ntitle: "  "\n---\n');
    expect(empty.problems.map((p) => [p.line, p.message])).toEqual([
      [3, 'frontmatter "title" must be a non-empty string'],
    ]);
    expect(empty.source.frontmatter.title).toBe('page');
  });
});

/** What the YAML parser makes of a frontmatter text: its value, and each top-level key's line (the oracle). */
function byYaml(text: string): { data: unknown; lines: Record<string, number> } {
  const doc = YAML.parseDocument(text);
  const lines: Record<string, number> = {};
  if (YAML.isMap(doc.contents))
    for (const pair of doc.contents.items)
      lines[String((pair.key as YAML.Scalar).value)] = text
        .slice(0, (pair.key as YAML.Scalar).range![0])
        .split('\n').length;
  return { data: doc.toJS() ?? {}, lines };
}

/** A site of one page read from `raw`, for the site check of frontmatter. */
function siteOfOnePage(raw: string): Site {
  const source = parseSource(raw, 'page.md', '/site/content/page.md', new Problems());
  const outline = { ...source, regularPath: source.route, path: source.route, key: 'k', title: 'T', description: 'D.' };
  return { config: resolveConfig({}, '/site'), pages: [outline] } as unknown as Site;
}

describe('frontmatter keys no feature reads', () => {
  it("are errors of the site check at the line of each, with the key a typo was meant to be; the peers' keys are read", () => {
    const problems = new Problems();
    const raw =
      '---\ntitle: T\ndescription: D.\ndecription: Typo.\nimage: og.png\ndraft: false\nsidebar:\n  label: Short\nhead: []\nfeed: true\n---\nBody\n';
    const source = parseSource(raw, 'page.md', '/site/content/page.md', problems);
    expect(problems.list).toEqual([]);
    expect(source.frontmatter.title).toBe('T');
    const site = siteOfOnePage(raw);
    expect(checkFrontmatter(site).map((w) => [w.place.line, w.message])).toEqual([
      [4, 'unknown frontmatter key "decription": did you mean "description"?'],
      // `image` (the page's social image) and `head` (its own head tags) are read: not unknown.
    ]);
    const declared = {
      ...site,
      config: resolveConfig({ frontmatter: { image: 'string', head: 'list', decription: 'any' } }, '/site'),
    } as Site;
    expect(checkFrontmatter(declared)).toEqual([]);
  });
});

describe("the fix for a team's own frontmatter key", () => {
  it('declares it with the type of the value the page gives', () => {
    const raw =
      '---\ntitle: T\ndescription: D.\nbeta: true\nowners: [ops]\nreviewed:\n  by: ada\nlevel: 3\n---\nBody\n';
    expect(checkFrontmatter(siteOfOnePage(raw)).map((w) => w.fix?.match(/`frontmatter: \{ [^`]+ \}`/)?.[0])).toEqual([
      "`frontmatter: { beta: 'boolean' }`",
      "`frontmatter: { owners: 'list' }`",
      "`frontmatter: { reviewed: 'object' }`",
      "`frontmatter: { level: 'number' }`",
    ]);
  });
});

describe('frontmatter read without the YAML parser (simpleFrontmatter)', () => {
  // Each as the YAML parser receives it: from the newline that ends the opening "---".
  const simple = [
    '\ntitle: "Webhooks overview"\ndescription: "Learn how to register static snapshots."\n',
    '\ntitle: Plain title\ndescription: It\'s a page about "quotes", [brackets] and a:b\n',
    '\r\ntitle: "CRLF"\r\n\r\ndescription:   spaced out   \r\n',
    '\n\ntitle: "Ünïcødé — and # inside quotes: fine"\nlayout: page\nsidebar-label: Short\n',
    '\ntitle:\t"a tab before"\n',
    '\n',
    '',
  ];
  it.each(simple)('reads %j exactly as YAML does, key lines included', (text) => {
    const fast = simpleFrontmatter(text);
    expect(fast).not.toBeNull();
    expect(fast).toEqual(byYaml(text));
  });

  // Anything whose value or shape is not one plain string a line goes to the YAML parser.
  const others = [
    '\ntitle: true\n', // a boolean
    '\ntitle: Null\n', // null
    '\norder: 3\n', // a number
    '\ntitle: "with \\"escapes\\""\n',
    '\ntitle: a: b\n', // a mapping in a plain value is an error
    '\ntitle: text # a comment\n',
    '\n# a comment line\ntitle: T\n',
    '\ntitle: T\ntitle: again\n', // a key twice is an error
    '\ndescription: one line\n  and its continuation\n',
    '\ntitle: "a quoted\n  string on two lines"\n',
    '\nbadge:\n  text: New\n',
    '\nprev: false\n',
    '\ntags: [a, b]\n',
    "\ntitle: 'single quoted'\n",
    '\ntitle:\n',
    '\nconstructor: x\n',
  ];
  it.each(others)('leaves %j to the YAML parser', (text) => {
    expect(simpleFrontmatter(text)).toBeNull();
  });

  it('gives parseSource the same page as the YAML parser would', () => {
    const raw = '---\ntitle: "Fast"\n\ndescription: Read without YAML.\n---\n\nBody.\n';
    const { source, problems } = parse(raw);
    expect(problems).toEqual([]);
    expect(source.frontmatter).toMatchObject({ title: 'Fast', description: 'Read without YAML.' });
    expect([frontmatterLine(source, 'title'), frontmatterLine(source, 'description')]).toEqual([2, 4]);
  });
});
