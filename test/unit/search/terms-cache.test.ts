import { describe, expect, it } from 'vitest';
import type { PageTerms } from '../../../src/search/index.js';
import type { SearchPage } from '../../../src/model/search-page.js';
import { SearchTermsCache } from '../../../src/search/terms-cache.js';
import { tempFolders } from '../../helpers/tmp-site.js';

const tempFolder = tempFolders();

const page = (title: string, text: string): SearchPage => ({
  route: `/${title}/`,
  url: `/${title}/`,
  title,
  group: 'Guide',
  sections: [{ slug: '', heading: '', text }],
});

/** Terms that tell which call computed them (title, group, heading, text: one term each). */
const computed = (n: number): PageTerms => [`1 t${n} 1`, '1 g 1', '1 h 1', `1 x${n} 1`].join('\n');

/** One build's use: every page's terms asked for, then saved; returns which pages were computed. */
async function build(root: string, pages: SearchPage[], english = true): Promise<string[]> {
  const cache = await SearchTermsCache.open({ root });
  const counted: string[] = [];
  pages.forEach((p, i) =>
    cache.terms(p, english, () => {
      counted.push(p.title);
      return computed(i);
    }),
  );
  await cache.save();
  return counted;
}

describe('search/terms-cache', () => {
  it('counts the terms of a page only when the text search reads of it changed, or the language rules', async () => {
    const root = await tempFolder('docs-terms-');
    const pages = [page('a', 'Alpha text'), page('b', 'Beta text'), page('c', 'Gamma text')];
    expect(await build(root, pages)).toEqual(['a', 'b', 'c']);
    expect(await build(root, pages)).toEqual([]);
    expect(await build(root, [pages[0], page('b', 'Beta text, edited'), pages[2]])).toEqual(['b']);
    expect(await build(root, [pages[0], { ...pages[2], group: 'Other group' }])).toEqual(['c']);
    expect(await build(root, [pages[0]], false)).toEqual(['a']);
  });

  it('returns the stored terms as they were computed', async () => {
    const root = await tempFolder('docs-terms-');
    await build(root, [page('a', 'Alpha')]);
    const cache = await SearchTermsCache.open({ root });
    const terms = cache.terms(page('a', 'Alpha'), true, () => {
      throw new Error('not stored');
    });
    expect(terms).toEqual(computed(0));
  });
});
