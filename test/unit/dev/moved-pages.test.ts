import { describe, expect, it } from 'vitest';
import { laterResult, type MovedPages, type RebuildResult } from '../../../src/dev/builder.js';

/** A rebuild that reloads the tabs, having moved `moved` pages (a `slug` edited). */
const reload = (moved?: MovedPages): RebuildResult => ({
  event: { type: 'reload', routes: [], ms: 1, ...(moved && { moved }) },
  problems: [],
  rendered: [],
  ms: 1,
});

const movedOf = (result: RebuildResult) => (result.event.type === 'style' ? undefined : result.event.moved);

/** Two rebuilds of one burst are shown as one: a tab on a page either moved follows it to where it is now. */
describe('dev: pages moved by a burst of saves', () => {
  it('a page moved twice goes to its last address, from either of its earlier ones', () => {
    const both = laterResult(reload({ '/docs/a/': '/docs/b/' }), reload({ '/docs/b/': '/docs/c/' }));
    expect(movedOf(both)).toEqual({ '/docs/a/': '/docs/c/', '/docs/b/': '/docs/c/' });
  });

  it('keeps a move the later rebuild does not repeat, and forgets one moved back', () => {
    expect(movedOf(laterResult(reload({ '/docs/a/': '/docs/b/' }), reload()))).toEqual({ '/docs/a/': '/docs/b/' });
    expect(movedOf(laterResult(reload({ '/docs/a/': '/docs/b/' }), reload({ '/docs/b/': '/docs/a/' })))).toEqual({
      '/docs/b/': '/docs/a/',
    });
  });
});
