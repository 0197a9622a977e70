import { describe, expect, it } from 'vitest';
import { resolveConfig, type UserConfig } from '../../../src/config/index.js';
import { Problems } from '../../../src/model/errors.js';
import { createProcessor, renderPage } from '../../../src/markdown/index.js';
import type { PageSource } from '../../../src/model/page.js';

/** Renders a body as "page.md" (frontmatter of 4 lines) with a configuration; returns its problems as "line:column  message". */
function problemsOf(body: string, user: UserConfig = {}): string[] {
  const config = resolveConfig(user, '/site');
  const problems = new Problems();
  const source: PageSource = {
    file: '/site/content/page.md',
    relativePath: 'page.md',
    route: '/page/',
    body,
    lineOffset: 4,
    frontmatter: { title: 'Page', description: 'A page.' },
    hash: 'h',
  };
  renderPage(source, config, createProcessor(config), problems);
  return problems.list.map((p) => `${p.place.line}:${p.place.column}  ${p.message}`);
}

describe("markdown/security: what could run script in a reader's browser is an error with its place", () => {
  it('reports links and images to javascript:, vbscript:, data: and file: URLs, however they are spelt', () => {
    const body = [
      '[a](javascript:alert(1))',
      '',
      '[b](  JavaScript:alert(1))',
      '',
      '![c](data:image/svg+xml;base64,PHN2Zz4=)',
      '',
      '[d](vbscript:msgbox)',
      '',
      '[e]: file:///etc/passwd',
      '',
      'See [e].',
    ].join('\n');
    expect(problemsOf(body)).toEqual([
      '5:1  a link to a javascript: URL (href)',
      '7:1  a link to a javascript: URL (href)',
      '9:1  an image to a data: URL (src)',
      '11:1  a link to a vbscript: URL (href)',
      '15:5  a link to a file: URL (href)',
    ]);
    // A tab inside the scheme reaches the HTML percent-encoded ("java%09script:"): a relative link, not a script.
    expect(problemsOf('[f](java&#x09;script:alert(1))')).toEqual([]);
  });

  it('reports <script>, event handlers and dangerous URLs in raw HTML, with their lines', () => {
    const body = [
      'Text.',
      '',
      '<div>',
      '  <script>alert(1)</script>',
      '  <img src="x.png" onerror="alert(1)">',
      '</div>',
      '',
      'Inline <a href="&#106;avascript:alert(1)" onclick=go()>link</a>.',
    ].join('\n');
    expect(problemsOf(body)).toEqual([
      '8:3  a <script> element in the page',
      "9:3  an event-handler attribute (onerror=) in the page's HTML",
      "12:8  an event-handler attribute (onclick=) in the page's HTML",
      "12:11  a javascript: URL in the page's HTML",
    ]);
  });

  it('leaves ordinary links, code and prose alone', () => {
    const body = [
      '[site](https://example.com/) [mail](mailto:a@example.com) [tel](tel:+15550100) [page](/guide/)',
      '',
      '`<script>` and `javascript:` in code, and the word onclick= in prose.',
      '',
      '```html',
      '<button onclick="go()">Go</button>',
      '```',
    ].join('\n');
    expect(problemsOf(body)).toEqual([]);
  });

  it('allows what the configuration explicitly allows', () => {
    expect(
      problemsOf('![c](data:image/png;base64,iVBORw0KGgo=)', { security: { allowedUrlSchemes: ['data'] } }),
    ).toEqual([]);
    expect(
      problemsOf('<script src="/docs/widget.js"></script>\n\n<b onclick="x()">b</b>', {
        security: { allowScripts: true },
      }),
    ).toEqual([]);
    expect(problemsOf('[a](javascript:alert(1))', { security: { allowScripts: true } })).toEqual([
      '5:1  a link to a javascript: URL (href)',
    ]);
  });

  it('validates the security settings like every other key', () => {
    expect(() => resolveConfig({ security: { allowedUrlSchemes: ['JavaScript:'] } }, '/site')).toThrow(/problem/);
    expect(() => resolveConfig({ security: { allowScript: true } } as never, '/site')).toThrow(/problem/);
  });
});
