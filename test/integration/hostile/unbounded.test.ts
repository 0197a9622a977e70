import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/cli.js';
import { configFile, page, tmpSite } from '../../helpers/tmp-site.js';

/**
 * Work that grew without bound (issue 37), each stopped by a limit of the configuration with the
 * file, the line, the limit and how to raise it. Inputs are made here, with limits small enough that
 * each build is quick: what is tested is that the limit is counted, not how long the work would take.
 */

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

async function build(files: Record<string, string>) {
  const site = await tmpSite({ 'content/index.md': page('Home', '## Start\n\nHello.'), ...files });
  cleanup = site.cleanup;
  const r = await runCli(['build', site.root]);
  expect(r.stderr).not.toMatch(/Internal error|    at /);
  return r;
}

describe('limits on work that grew without bound', () => {
  it('counts the frontmatter in the page size (90 MB of YAML was read)', async () => {
    const yaml = Array.from({ length: 2000 }, (_, i) => `key${i}: ${'x'.repeat(40)}`).join('\n');
    const r = await build({
      'docs.config.ts': configFile({ limits: { pageBytes: 16 * 1024 } }),
      'content/big.md': `---\ntitle: Big\ndescription: Big frontmatter.\n${yaml}\n---\n\nShort body.\n`,
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/big\.md\n\s+1:1\s+the file is 9\d KB, over the limit of 16 KB for a page \(frontmatter included\)/);
    expect(r.stderr).toContain('raise `limits.pageBytes` in docs.config.ts');
  });

  it('bounds the cells of a table', async () => {
    const rows = Array.from({ length: 30 }, (_, r) => `| a${r} | b${r} | c${r} |`);
    const r = await build({
      'docs.config.ts': configFile({ limits: { tableCells: 60 } }),
      'content/table.md': page('Table', ['Intro.', '', '| A | B | C |', '| - | - | - |', ...rows].join('\n')),
    });
    expect(r.code).toBe(1);
    // The page's body starts at line 6: the table's header row is line 8.
    expect(r.stderr).toMatch(/table\.md\n\s+8:1\s+a table of more than 60 cells/);
    expect(r.stderr).toContain('`limits.tableCells` in docs.config.ts');
  });

  it('a table within the limit builds', async () => {
    const r = await build({
      'docs.config.ts': configFile({ limits: { tableCells: 60 } }),
      'content/table.md': page('Table', ['| A | B | C |', '| - | - | - |', '| 1 | 2 | 3 |'].join('\n')),
    });
    expect(r.code).toBe(0);
  });

  it('bounds the expanded size of a page, not only the depth of its includes (fan-out)', async () => {
    // Each level includes the next ten times: 10^6 copies of the last line, eight levels would be 10^8.
    const levels: Record<string, string> = {};
    for (let i = 0; i < 6; i++)
      levels[`content/_partials/level${i}.md`] = Array(10).fill(`<!--@include: ./level${i + 1}.md-->`).join('\n');
    levels['content/_partials/level6.md'] = 'A line of text that is copied a million times.';
    const r = await build({
      'docs.config.ts': configFile({ limits: { pageBytes: 64 * 1024 } }),
      ...levels,
      'content/fan.md': page('Fan', '<!--@include: ./_partials/level0.md-->'),
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/the page with its includes expanded is over the limit of 64 KB|includes partials more than 1000 times/);
    expect(r.stderr).toMatch(/_partials\/level\d\.md\n\s+\d+:1/);
  });

  it('bounds the nodes, edges and text of a Mermaid diagram before layout', async () => {
    const complete = (n: number) => {
      const lines = ['flowchart LR'];
      for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) lines.push(`  N${i} --> N${j}`);
      return lines.join('\n');
    };
    const r = await build({
      'docs.config.ts': configFile({ limits: { diagramEdges: 20, diagramNodes: 7, diagramBytes: 2048 } }),
      'content/edges.md': page('Edges', `Intro.\n\n\`\`\`mermaid\n${complete(7)}\n\`\`\``),
      'content/nodes.md': page('Nodes', `\`\`\`mermaid\nflowchart LR\n${Array.from({ length: 8 }, (_, i) => `  A${i}`).join('\n')}\n\`\`\``),
      'content/text.md': page('Text', `\`\`\`mermaid\nflowchart LR\n  A[${'long label '.repeat(200)}] --> B\n\`\`\``),
      'content/sequence.md': page(
        'Sequence',
        `\`\`\`mermaid\nsequenceDiagram\n${Array.from({ length: 25 }, (_, i) => `  A->>B: message ${i}`).join('\n')}\n\`\`\``,
      ),
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/edges\.md\n\s+8:1\s+the diagram has 21 edges, over the limit of 20\n\s+fix: .*raise `limits\.diagramEdges` in docs\.config\.ts/);
    expect(r.stderr).toMatch(/nodes\.md\n\s+6:1\s+the diagram has 8 nodes, over the limit of 7[^\n]*\n\s+fix: .*`limits\.diagramNodes`/);
    expect(r.stderr).toMatch(/text\.md\n\s+6:1\s+the diagram is \d+ bytes, over the limit of 2048[^\n]*\n\s+fix: .*`limits\.diagramBytes`/);
    expect(r.stderr).toMatch(/sequence\.md\n\s+6:1\s+the diagram has 25 statements, over the limit of 20/);
  });
});
