import { describe, expect, it } from 'vitest';
import { fileHash, sha1 } from '../../src/incremental/hash.js';

describe('hash', () => {
  it('keys parts apart, so moving text between parts changes the key', () => {
    expect(sha1('ab', 'c')).not.toBe(sha1('a', 'bc'));
    expect(sha1('x')).toBe(sha1(new TextEncoder().encode('x')));
    expect(sha1('x')).toMatch(/^[0-9a-f]{40}$/);
  });

  it('names files with letters and digits only, of the length asked, changing with the contents', () => {
    expect(fileHash('body {}')).toMatch(/^[A-Za-z0-9]{8}$/);
    expect(fileHash('body {}', 10)).toMatch(/^[A-Za-z0-9]{10}$/);
    expect(fileHash('body {}')).not.toBe(fileHash('body { }'));
    expect(fileHash(['a', 'bc'])).not.toBe(fileHash(['ab', 'c']));
    expect(fileHash(['abc'])).toBe(fileHash('abc'));
  });
});
