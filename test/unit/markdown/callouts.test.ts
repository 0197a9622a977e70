import { describe, expect, it } from 'vitest';
import { render } from '../../helpers/markdown.js';

describe('markdown/callouts', () => {
  it('reports a callout that is never closed, at its opening line, instead of swallowing the rest of the page', () => {
    const { page, problems } = render('\n## Part\n\n::: tip\nUnclosed.\n\n## After\n\nText.\n');
    expect(problems.map((p) => p.message)).toEqual(['callout "::: tip" is not closed']);
    expect(problems[0].place.line).toBe(8);
    expect(problems[0].fix).toContain(':::');
    expect(page.headers.map((h) => h.slug)).toContain('part');
  });

  it('accepts closed and nested callouts, also as the last lines of the file', () => {
    expect(render('::: tip\nA.\n:::').problems).toEqual([]);
    expect(render(':::: warning Outer\nA.\n\n::: tip Inner\nB.\n:::\n\n::::\n').problems).toEqual([]);
    expect(render('::: details More\nA.\n:::   \n').problems).toEqual([]);
  });

  it('keeps text that only looks like a directive exactly as written, braces included', () => {
    const { page } = render('Style a:hover{color:red} and x :name[label]{#id .cls}.\n\n::leaf[x]{y=1}\n');
    expect(page.html).toContain('<p>Style a:hover{color:red} and x :name[label]{#id .cls}.</p>');
    expect(page.html).toContain('<p>::leaf[x]{y=1}</p>');
  });

  it('links a bare URL with a port whole', () => {
    const { page } = render('Open http://localhost:4173/docs/ in a browser, or https://example.com:8443/a:b.');
    expect(page.html).toContain('<a href="http://localhost:4173/docs/">http://localhost:4173/docs/</a> in a browser');
    expect(page.html).toContain('<a href="https://example.com:8443/a:b">https://example.com:8443/a:b</a>.');
  });
});
