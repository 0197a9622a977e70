import { describe, expect, it } from 'vitest';
import { check, page } from './harness.js';

const config = (sidebar: string) =>
  `export default { title: 'Check', checks: { orphans: 'error' }, sidebar: ${sidebar} };\n`;

describe('checks/orphans', () => {
  it('reports a page that is not in the sidebar and not linked from another page', async () => {
    const r = await check({
      'docs.config.ts': config("[{ text: 'Guide', items: ['/guide/'] }]"),
      'content/index.md': page('Home'),
      'content/guide.md': page('Guide', 'See [linked](linked.md).'),
      'content/linked.md': page('Linked'),
      'content/lost.md': page('Lost', 'Only [itself](lost.md).'),
    });
    expect(r.problems).toEqual([
      expect.objectContaining({
        file: 'lost.md',
        line: 1,
        message: 'orphan page: /lost/ is not in the sidebar and no page links to it',
        fix: expect.stringContaining('sidebar'),
      }),
    ]);
    expect(r.code).toBe(1);
  });

  it('counts a frontmatter prev/next reference as a link, and never reports the home page', async () => {
    const r = await check({
      'docs.config.ts': config("[{ text: 'Guide', items: ['/guide/'] }]"),
      'content/index.md': page('Home'),
      'content/guide.md': `---\ntitle: Guide\ndescription: The guide.\nnext: appendix.md\n---\n`,
      'content/appendix.md': page('Appendix'),
    });
    expect(r.problems).toEqual([]);
  });

  it('finds no orphans when the sidebar is made from the folders (every page is in it)', async () => {
    const r = await check({ 'content/index.md': page('Home'), 'content/a/b.md': page('B') });
    expect(r.problems).toEqual([]);
  });
});
