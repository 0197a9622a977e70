import { describe, expect, it } from 'vitest';
import { cleanSvg, readAccessibility } from '../../../src/markdown/diagrams.js';
import { render } from './render.js';

const flow =
  '```mermaid\nflowchart LR\n  accTitle: How a run goes\n  T[Trigger] --> S[Step]\n  S -->|fails| R[Retry]\n```';
const sequence =
  '```mermaid\nsequenceDiagram\n  participant C as Conduit\n  participant E as Endpoint\n  C->>E: POST event\n  loop until 2xx\n    E-->>C: 500\n  end\n```';

describe('markdown/diagrams', () => {
  it('renders a mermaid fence as an SVG at build time, coloured by theme variables only', () => {
    const { page, problems } = render(`Intro.\n\n${flow}\n`);
    expect(problems).toEqual([]);
    const svg = /<svg[\s\S]*<\/svg>/.exec(page.html)![0];
    expect(svg).toContain('class="diagram-svg" aria-hidden="true"');
    expect(svg).toContain('>Trigger</text>');
    // No inline style (the CSP allows none) and no web font import; colours are variables the
    // diagram stylesheet sets from the light or dark theme tokens.
    expect(svg).not.toMatch(/<style|style=|@import|googleapis/);
    expect(svg).toContain('fill="var(--_node-fill)"');
    expect(svg).not.toMatch(/(fill|stroke)="#/);
    expect(page.features).toEqual(['diagram']);
  });

  it('gives screen readers a text alternative: the relations in order, and the title as caption', () => {
    const { page } = render(`${flow}\n\n${sequence}\n`);
    expect(page.html).toContain(
      '<div class="sr-only"><ol><li>Trigger to Step</li><li>Step to Retry: fails</li></ol></div><figcaption>How a run goes</figcaption></figure>',
    );
    expect(page.html).toContain('<figure class="diagram" aria-label="Sequence diagram">');
    expect(page.html).toContain(
      '<li>Conduit to Endpoint: POST event</li><li>Repeated (until 2xx):</li><li>Endpoint to Conduit: 500</li>',
    );
    // The text alternative is searchable; the SVG's own labels are not indexed twice.
    expect(page.sections[0].text).toContain('Trigger to Step');
    expect(page.sections[0].text.match(/Trigger/g)).toHaveLength(1);
  });

  it('uses accDescr as the text alternative when the author wrote one', () => {
    const { page } = render('```mermaid\nflowchart LR\n  accDescr: Two boxes, A before B.\n  A --> B\n```\n');
    expect(page.html).toContain('<div class="sr-only"><p>Two boxes, A before B.</p></div>');
    expect(readAccessibility('graph TD\naccDescr {\n  one\n  two\n}\nA-->B').description).toBe('one two');
  });

  it('keeps ids unique when a page has several diagrams', () => {
    const { page } = render(`${flow}\n\n${flow}\n`);
    const ids = [...page.html.matchAll(/\bid="([^"]+)"/g)].map((m) => m[1]);
    expect(ids.length).toBeGreaterThan(2);
    expect(new Set(ids).size).toBe(ids.length);
    expect(page.html).toContain('marker-end="url(#d2-arrowhead)"');
  });

  it('fails on a diagram type it cannot render, at the fence line', () => {
    const { problems } = render('Text.\n\n```mermaid\npie title Pets\n  "Dogs" : 3\n```\n');
    expect(problems).toEqual([
      expect.stringMatching(
        /^guide\/page\.md:7:1 {2}unsupported or missing diagram type "pie"\n\s+fix: start the diagram with one of: flowchart/,
      ),
    ]);
  });

  it('fails on a diagram the renderer rejects, at the fence line', () => {
    const { problems } = render('```mermaid\nflowchart\n```\n');
    expect(problems.join('\n')).toMatch(/guide\/page\.md:5:1 {2}invalid diagram/);
  });

  it('rounds coordinates and drops the renderer data attributes', () => {
    expect(cleanSvg('<svg viewBox="0 0 10.123456 5.5"><rect data-id="a" x="1.98765" y="2.00"/></svg>', 'd1-')).toBe(
      '<svg class="diagram-svg" aria-hidden="true" focusable="false" viewBox="0 0 10.12 5.5"><rect x="1.98" y="2"/></svg>',
    );
  });
});
