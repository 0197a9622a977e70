import { describe, expect, it } from 'vitest';
import { render } from '../../helpers/markdown.js';

describe('markdown/links', () => {
  it('rewrites and checks .md links and routes that carry a query string', () => {
    const { page } = render('[a](other.md?tab=npm#install) [b](/workflows/?tab=npm) [c](./other.md?x=1)');
    expect(page.html).toContain('href="/docs/guide/other/?tab=npm#install"');
    expect(page.html).toContain('href="/docs/workflows/?tab=npm"');
    expect(page.html).toContain('href="/docs/guide/other/?x=1"');
    expect(page.links.map((l) => [l.route, l.hash])).toEqual([
      ['/guide/other/', 'install'],
      ['/workflows/', ''],
      ['/guide/other/', ''],
    ]);
  });

  it('resolves links to files whose names have spaces or non-ASCII letters', () => {
    const { page } = render('[a](<my page.md>) [b](my%20page.md) [c](指南.md#über-uns) [d](/ünïcode/)');
    expect(page.links.map((l) => [l.route, l.hash])).toEqual([
      ['/guide/my page/', ''],
      ['/guide/my page/', ''],
      ['/guide/指南/', 'über-uns'],
      ['/ünïcode/', ''],
    ]);
    // The written URL stays percent-encoded: a valid href that the browser and the server both read.
    expect(page.html).toContain('href="/docs/guide/my%20page/"');
    expect(page.html).toContain('href="/docs/guide/%E6%8C%87%E5%8D%97/#%C3%BCber-uns"');
  });
});
