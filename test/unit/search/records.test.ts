import { describe, expect, it } from 'vitest';
import { BuildError } from '../../../src/model/errors.js';
import { pageDigest, searchPage } from '../../../src/search/records.js';
import type { PageRecord } from '../../../src/model/page.js';
import { sectionsKey, withLazyParts } from '../../../src/incremental/record-parts.js';

/** A page record with only what the search index reads of it. */
function record(sections: number): PageRecord {
  return {
    relativePath: 'guide/long.md',
    regularPath: '/guide/long/',
    path: '/docs/guide/long/',
    title: 'Long',
    description: 'A long page.',
    sections: [
      { slug: '', title: '', text: 'Intro.' },
      ...Array.from({ length: sections }, (_, i) => ({ slug: `part-${i}`, title: `Part ${i}`, text: `Text ${i}.` })),
    ],
  } as unknown as PageRecord;
}

describe('search/records', () => {
  it('makes a section of the top of the page and one of each heading', () => {
    const page = searchPage(record(2), 'Guides');
    expect(page.sections.map((s) => s.slug)).toEqual(['', 'part-0', 'part-1']);
    expect(page.sections[0].text).toBe('A long page.\nIntro.');
  });

  it('refuses a page with more headings than the index numbers, naming the file and a fix', () => {
    // Found when the page's sections are read: the index reads those of every page whose text it counts.
    expect(() => searchPage(record(4095)).sections).not.toThrow();
    let error: unknown;
    try {
      void searchPage(record(4096)).sections;
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(BuildError);
    expect((error as BuildError).place.file).toBe('guide/long.md');
    expect((error as BuildError).message).toBe(
      'the page has 4096 h2 and h3 headings; the search index takes at most 4095 a page',
    );
    expect((error as BuildError).fix).toContain('search: false');
  });

  it('digests a page by everything search shows of it: the same pages the same digest, any field changed another', () => {
    const base = record(2);
    const digest = pageDigest(searchPage(base, 'Guides'));
    expect(pageDigest(searchPage(record(2), 'Guides'))).toBe(digest);
    const section = (edit: Partial<PageRecord['sections'][number]>) => ({
      ...base,
      sections: base.sections.map((s, i) => (i === 2 ? { ...s, ...edit } : s)),
    });
    const edits = [
      searchPage({ ...base, path: '/docs/moved/' }, 'Guides'),
      searchPage({ ...base, title: 'Longer' }, 'Guides'),
      searchPage({ ...base, description: 'Another summary.' }, 'Guides'),
      searchPage(base, 'Other'),
      searchPage(section({ slug: 'renamed' }), 'Guides'),
      searchPage(section({ title: 'Part 9' }), 'Guides'),
      searchPage(section({ text: 'Text 1!' }), 'Guides'),
    ];
    expect(new Set([digest, ...edits.map(pageDigest)]).size).toBe(edits.length + 1);
  });

  it("digests a plugin's record by its text, and reads a page's sections only when asked for", () => {
    const plugin = { route: '/api/', url: '/docs/api/#get', title: 'GET', group: '', sections: [] };
    expect(pageDigest(plugin)).toBe(pageDigest({ ...plugin }));
    expect(pageDigest(plugin)).not.toBe(pageDigest({ ...plugin, sections: [{ slug: '', heading: '', text: 'x' }] }));
    // A cached record (src/incremental/record-parts.ts): its digest is known, its sections are read when first shown.
    let loads = 0;
    const { sections, codeBlocks, headers, ...rest } = record(2);
    const cached = withLazyParts(rest, sectionsKey(record(2)), () => (loads++, { sections, codeBlocks, headers }));
    const page = searchPage(cached, 'Guides');
    expect(pageDigest(page)).toBe(pageDigest(searchPage(record(2), 'Guides')));
    expect(loads).toBe(0);
    expect(page.sections).toHaveLength(3);
    expect(page.sections).toBe(page.sections);
    expect(loads).toBe(1);
  });
});
