import { describe, expect, it } from 'vitest';
import { BuildError } from '../../../src/errors.js';
import { pageDigest, searchPage } from '../../../src/search/records.js';
import type { PageRecord } from '../../../src/types.js';

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
    expect(() => searchPage(record(4095))).not.toThrow();
    let error: unknown;
    try {
      searchPage(record(4096));
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
    const page = searchPage(record(2), 'Guides');
    const digest = pageDigest(page);
    expect(pageDigest(searchPage(record(2), 'Guides'))).toBe(digest);
    const edits = [
      { ...page, url: '/docs/moved/' },
      { ...page, title: 'Longer' },
      { ...page, group: 'Other' },
      { ...page, sections: page.sections.map((s, i) => (i === 2 ? { ...s, slug: 'renamed' } : s)) },
      { ...page, sections: page.sections.map((s, i) => (i === 2 ? { ...s, heading: 'Part 9' } : s)) },
      { ...page, sections: page.sections.map((s, i) => (i === 2 ? { ...s, text: 'Text 1!' } : s)) },
    ];
    expect(new Set([digest, ...edits.map(pageDigest)]).size).toBe(edits.length + 1);
  });
});
