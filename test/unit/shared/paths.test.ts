import { describe, expect, it } from 'vitest';
import { decodePath, encodePath, pageUrl } from '../../../src/shared/paths.js';

describe('shared/paths: URLs of pages whose names hold URL syntax', () => {
  it('percent-encodes "#", "?", "%" and spaces, and nothing a path needs as it is', () => {
    expect(pageUrl('/docs/', '/guide/c#-and-f#/')).toBe('/docs/guide/c%23-and-f%23/');
    expect(pageUrl('/docs/', '/why?/')).toBe('/docs/why%3F/');
    expect(pageUrl('/docs/', '/100%/')).toBe('/docs/100%25/');
    expect(pageUrl('/docs/', '/two words/')).toBe('/docs/two%20words/');
    expect(encodePath('/api/v1.2/rest_(beta)/caf\u00e9/')).toBe('/api/v1.2/rest_(beta)/caf%C3%A9/');
  });

  it('decodes a URL path back to its route, segment by segment, leaving a malformed escape alone', () => {
    for (const route of ['/guide/c#-and-f#/', '/why?/', '/100%/', '/two words/', '/caf\u00e9/']) expect(decodePath(pageUrl('/', route))).toBe(route);
    expect(decodePath('/bad%zz/ok%20/')).toBe('/bad%zz/ok /');
  });
});
