import { describe, expect, it } from 'vitest';
import { deserialize, serialize } from 'node:v8';
import {
  compactHtml,
  htmlBytes,
  packRecord,
  unpackRecord,
  withHtmlBytes,
  withoutHtml,
} from '../../src/pages/page-html.js';
import { checkedWhenKept, sectionsKey, withLazyParts } from '../../src/incremental/record-parts.js';
import type { PageRecord } from '../../src/model/page.js';

const html = '<h2 id="a">Ünïcode & “quotes”<a class="anchor" aria-label="Permalink to “A”">#</a></h2><p>日本語</p>';

function record(): PageRecord {
  return {
    key: 'v-1',
    title: 'A',
    description: 'd',
    frontmatter: { title: 'A', description: 'd' },
    regularPath: '/a/',
    relativePath: 'a.md',
    path: '/a/',
    hash: 'h',
    headers: [{ level: 2, title: 'A', slug: 'a' }],
    html,
    anchors: ['a'],
    links: [],
    sections: [],
    markdown: '## A',
    codeBlocks: [],
    features: [],
    images: [],
    css: '',
  } as PageRecord;
}

describe('page HTML kept as bytes', () => {
  it('reads back the same HTML, characters past Latin-1 included, as one byte a character of ASCII', () => {
    const compact = compactHtml(record());
    expect(compact.html).toBe(html);
    expect(htmlBytes(compact)).toEqual(new TextEncoder().encode(html));
    expect(compactHtml(compact)).toBe(compact);
    // Everything else, and copies (spread, clone, the cache's serialization) see a plain string.
    expect({ ...compact }).toEqual(record());
    expect(structuredClone(compact)).toEqual(record());
    expect(deserialize(serialize(compact))).toEqual(record());
  });

  it('crosses from a worker as bytes beside the record and comes back whole', () => {
    const packed = structuredClone(packRecord(record()));
    expect(packed.record.html).toBe('');
    expect(unpackRecord(packed)).toEqual(record());
  });

  it("leaves out Markdown that is the page's body (the main thread has it) and puts the body back", () => {
    const body = record().markdown;
    const packed = structuredClone(packRecord(record(), body));
    expect(packed.record.markdown).toBe('');
    expect(unpackRecord(packed, body)).toEqual(record());
    // A page with constants: its Markdown is not its body, and crosses whole.
    const withConstants = structuredClone(packRecord(record(), '## {{ product }}'));
    expect(withConstants.record.markdown).toBe(body);
    expect(unpackRecord(withConstants, '## {{ product }}')).toEqual(record());
  });

  it('leaves the HTML out of the record the cache stores, and nothing else', () => {
    const { html: _html, ...rest } = record();
    expect(withoutHtml(compactHtml(record()))).toEqual({ ...rest, html: '' });
  });

  it("holds a cached record's HTML without reading its sections, code blocks and headings, which stay the cache's", () => {
    let loads = 0;
    const { sections, codeBlocks, headers, ...rest } = record();
    const cached = withLazyParts(rest, sectionsKey(record()), () => (loads++, { sections, codeBlocks, headers }));
    const withHtml = withHtmlBytes(cached, new TextEncoder().encode(html));
    expect(loads).toBe(0);
    expect(checkedWhenKept(withHtml)).toBe(true);
    expect(sectionsKey(withHtml)).toBe(sectionsKey(record()));
    expect(Object.keys(withHtml).at(-1)).toBe('html'); // last, as a spread and assignment put it
    expect({ ...withHtml }).toEqual(record());
    expect(loads).toBe(1);
  });
});
