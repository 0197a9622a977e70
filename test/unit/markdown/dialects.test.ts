import { describe, expect, it } from 'vitest';
import { firstParagraph, leadingHeading } from '../../../src/content/index.js';
import { nearest, readPeerFrontmatter } from '../../../src/content/frontmatter.js';
import { normalizeContainers } from '../../../src/markdown/container-syntax.js';
import { readAttributes } from '../../../src/markdown/image-attributes.js';
import { selectLines } from '../../../src/markdown/includes.js';
import { parseMeta } from '../../../src/markdown/code.js';
import { render } from '../../helpers/markdown.js';

/** The peers' dialects, construct by construct (issue 39); test/integration/peers.test.ts builds whole peer sites. */
describe('markdown/dialects', () => {
  it('reads container openings in VitePress, Docusaurus and Starlight forms, leaving code alone', () => {
    expect(normalizeContainers('::: details Show it {open}\nx\n:::')).toBe(':::details[Show it]{open}\nx\n:::');
    expect(normalizeContainers(':::note[Heads up]\nx\n:::')).toBe(':::note[Heads up]\nx\n:::');
    expect(normalizeContainers('::: tip A [b] c\nx\n:::')).toBe(':::tip[A \\[b\\] c]\nx\n:::');
    expect(normalizeContainers('```md\n::: tip Title\n```')).toBe('```md\n::: tip Title\n```');
    expect(normalizeContainers('## Title {#id}', true)).toBe('## Title \\{#id\\}');
    expect(normalizeContainers('```\n## Title {#id}\n```', true)).toBe('```\n## Title {#id}\n```');
  });

  it('renders callouts of every peer kind, details open, titled GitHub alerts', () => {
    const { page, problems } = render(
      ':::caution[Careful]\nA.\n:::\n\n::: important\nB.\n:::\n\n::: details More {open}\nC.\n:::\n\n> [!TIP] Shortcut\n> D.',
    );
    expect(problems).toEqual([]);
    expect(page.html).toContain(
      '<aside class="callout warning caution" aria-label="Careful"><p class="callout-title">Careful</p>',
    );
    expect(page.html).toContain('<aside class="callout info important" aria-label="Important">');
    expect(page.html).toContain('<details class="callout details" open><summary class="callout-title">More</summary>');
    expect(page.html).toContain(
      '<aside class="callout tip" aria-label="Shortcut">\n<p class="callout-title">Shortcut</p>',
    );
  });

  it('reads code titles as [label], title= and showLineNumbers', () => {
    expect(parseMeta('[config.ts] {2}')).toEqual({
      title: 'config.ts',
      highlight: new Set([2]),
      lineNumbers: undefined,
    });
    expect(parseMeta('title="a b.js" showLineNumbers')).toMatchObject({ title: 'a b.js', lineNumbers: true });
    const { page } = render('```ts[glued.ts]\nlet a = 1\n```');
    expect(page.html).toContain('<span class="code-title">glued.ts</span><span class="code-lang">TypeScript</span>');
  });

  it('turns shortcodes into emoji, outside code, and leaves unknown names and times alone', () => {
    const { page } = render('Done :tada: at 10:30:00, `:tada:` and :not_an_emoji_name:.');
    expect(page.html).toContain('Done 🎉 at 10:30:00, <code>:tada:</code> and :not_an_emoji_name:.');
  });

  it('gives images the attributes written after them, and only those an image may have', () => {
    expect(readAttributes('width=300 .wide #plan')).toEqual({ width: '300', id: 'plan', className: ['wide'] });
    expect(readAttributes('onerror=alert(1)')).toBeNull();
    expect(readAttributes('style="x"')).toBeNull();
  });

  it("sizes an image written with markdown-it's `=WxH` (VitePress), either side optional", () => {
    const { page, problems } = render(
      'A ![Plan](plan.png =300x) b\n\n![Wide](wide.png =640x360)\n\n![Tall](tall.png =x120)\n\n![Plain](plain.png)\n\n`![Code](c.png =300x)`',
    );
    expect(problems).toEqual([]);
    expect(page.html).toContain('<p>A <img src="/docs/guide/plan.png" alt="Plan" width="300"> b</p>');
    expect(page.html).toContain('<img src="/docs/guide/wide.png" alt="Wide" width="640" height="360">');
    expect(page.html).toContain('<img src="/docs/guide/tall.png" alt="Tall" height="120">');
    expect(page.html).toContain('<img src="/docs/guide/plain.png" alt="Plain">');
    expect(page.html).toContain('<code>![Code](c.png =300x)</code>');
  });

  it('lists the headings where [[toc]] stands, nested, and leaves the marker out of search text', () => {
    const { page } = render('[[toc]]\n\n## One\n\n### One a\n\n## Two');
    expect(page.html).toContain(
      '<nav class="table-of-contents" aria-label="Table of contents"><ul><li><a href="#one">One</a><ul><li><a href="#one-a">One a</a></li></ul></li><li><a href="#two">Two</a></li></ul></nav>',
    );
    expect(page.sections.map((s) => s.text).join(' ')).not.toContain('[[toc]]');
  });

  it('selects a region (markers left out, indentation of code removed) and line ranges counted in the file', () => {
    const text = 'a\n// #region x\n  b\n  // #region inner\n  c\n  // #endregion inner\n// #endregion x\nd';
    expect(selectLines(text, 'x', undefined, undefined, true)).toEqual({ text: 'b\nc', first: 3 });
    expect(selectLines(text, 'missing', undefined, undefined)).toBeNull();
    expect(selectLines('1\n2\n3\n4', undefined, '2', '3')).toEqual({ text: '2\n3', first: 2 });
    expect(selectLines('1\n2\n3\n4', undefined, '', '2')).toEqual({ text: '1\n2', first: 1 });
  });

  it('takes the title from a leading heading only, and the description from the first paragraph as plain text', () => {
    expect(leadingHeading('\nimport X from "y"\n\n# Hello *there* {#h}\n\nText')).toMatchObject({
      title: 'Hello there',
      line: 4,
    });
    expect(leadingHeading('Text first.\n\n# Later')).toBeNull();
    expect(
      firstParagraph(
        '# T\n\n```js\nx\n```\n\n::: tip\nno\n:::\n\nSee [the guide](g.md) for `more`\nand **this**.\n\nNext.',
      ),
    ).toBe('See the guide for more and this.');
    expect(firstParagraph('word '.repeat(60)).length).toBeLessThanOrEqual(160);
  });

  it("reads the peers' frontmatter keys as ours, keeping the peer's key lines", () => {
    const lines: Record<string, number> = { sidebar_position: 3, sidebar: 4, template: 5, pagination_prev: 6 };
    const data = readPeerFrontmatter(
      {
        sidebar_position: 2,
        sidebar: { label: 'Short', badge: { text: 'New', variant: 'success' }, hidden: false },
        template: 'splash',
        pagefind: false,
        hide_table_of_contents: true,
        pagination_prev: null,
        pagination_next: 'guides/install',
      },
      lines,
    );
    expect(data).toMatchObject({
      order: 2,
      sidebar: { label: 'Short', hidden: false },
      badge: { text: 'New', variant: 'new' },
      layout: 'home', // a splash page is the home layout (src/render/home.tsx)
      search: false,
      outline: false,
      prev: false,
      next: '/guides/install/',
    });
    expect(lines.order).toBe(3);
    expect(lines.layout).toBe(5);
  });

  it('finds the key a misspelt one was meant to be, and none for a word far from all', () => {
    expect(nearest('sidebar_lable', ['sidebar_label', 'title'])).toBe('sidebar_label');
    expect(nearest('descripton', ['description', 'title'])).toBe('description');
    expect(nearest('audience', ['description', 'title'])).toBeUndefined();
  });
});
