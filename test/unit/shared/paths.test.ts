import { describe, expect, it } from 'vitest';
import {
  chunkFile,
  chunkIdOf,
  decodePath,
  encodePath,
  pageUrl,
  routeFile,
  withBase,
  withoutSlash,
  withSlash,
} from '../../../src/shared/paths.js';

describe('shared/paths: URLs of pages whose names hold URL syntax', () => {
  it('percent-encodes "#", "?", "%" and spaces, and nothing a path needs as it is', () => {
    expect(pageUrl('/docs/', '/guide/c#-and-f#/')).toBe('/docs/guide/c%23-and-f%23/');
    expect(pageUrl('/docs/', '/why?/')).toBe('/docs/why%3F/');
    expect(pageUrl('/docs/', '/100%/')).toBe('/docs/100%25/');
    expect(pageUrl('/docs/', '/two words/')).toBe('/docs/two%20words/');
    expect(encodePath('/api/v1.2/rest_(beta)/caf\u00e9/')).toBe('/api/v1.2/rest_(beta)/caf%C3%A9/');
  });

  it('decodes a URL path back to its route, segment by segment, leaving a malformed escape alone', () => {
    for (const route of ['/guide/c#-and-f#/', '/why?/', '/100%/', '/two words/', '/caf\u00e9/'])
      expect(decodePath(pageUrl('/', route))).toBe(route);
    expect(decodePath('/bad%zz/ok%20/')).toBe('/bad%zz/ok /');
  });
});

describe('shared/paths: the forms of a route and the names of output files', () => {
  it('gives a route its slash form, and takes it away', () => {
    expect([withSlash('/a'), withSlash('/a/'), withSlash('/')]).toEqual(['/a/', '/a/', '/']);
    expect([withoutSlash('/docs/'), withoutSlash('/docs'), withoutSlash('/')]).toEqual(['/docs', '/docs', '']);
  });

  it('writes a page to its folder index, the root page to index.html', () => {
    expect([routeFile('/a/b/'), routeFile('/a'), routeFile('/')]).toEqual([
      'a/b/index.html',
      'a/index.html',
      'index.html',
    ]);
  });

  it('puts files and routes under the base, with one slash between', () => {
    expect([withBase('/docs/', 'assets/x.css'), withBase('/docs/', '/a/'), withBase('/', 'search.json')]).toEqual([
      '/docs/assets/x.css',
      '/docs/a/',
      '/search.json',
    ]);
  });

  it('reads the key of a chunk back from the URL of its file', () => {
    expect(chunkFile('v-1a2b3c4d', 'Hash1234')).toBe('assets/js/v-1a2b3c4d.Hash1234.js');
    expect(chunkIdOf(withBase('/docs/', chunkFile('v-1a2b3c4d', 'Hash1234')))).toBe('v-1a2b3c4d');
  });
});
