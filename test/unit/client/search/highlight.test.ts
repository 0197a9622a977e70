import { describe, expect, it } from 'vitest';
import { highlight, snippet } from '../../../../client/search/highlight.js';

const marked = (segments: { text: string; mark: boolean }[]) => segments.filter((s) => s.mark).map((s) => s.text);
const joined = (segments: { text: string }[]) => segments.map((s) => s.text).join('');

describe('search/highlight', () => {
  it('marks every form of a matched word, and nothing else', () => {
    const segments = highlight('Retrying failed steps: each retry waits. Retries stop.', new Set(['retry']));
    expect(marked(segments)).toEqual(['Retrying', 'retry', 'Retries']);
    expect(joined(segments)).toBe('Retrying failed steps: each retry waits. Retries stop.');
  });

  it('marks both words of "Log in" when the index matched login', () => {
    expect(marked(highlight('Log in from your computer', new Set(['login'])))).toEqual(['Log in']);
  });

  it('cuts a snippet around the matched words, at word boundaries, with ellipses', () => {
    const filler = 'Lorem ipsum dolor sit amet consectetur. '.repeat(10);
    const text = `${filler}Rotate a key by creating a new key first. ${filler}`;
    const segments = snippet(text, new Set(['rotat', 'key']), 120);
    expect(segments[0].text).toBe('…');
    expect(segments[segments.length - 1].text).toBe('…');
    expect(marked(segments)).toEqual(['Rotate', 'key', 'key']);
    const inner = joined(segments.slice(1, -1));
    expect(inner.length).toBeLessThanOrEqual(120);
    expect(text).toContain(inner);
    expect(inner.startsWith(' ')).toBe(false);
  });

  it('starts at the beginning when nothing matches and keeps short texts whole', () => {
    expect(joined(snippet('A short text.', new Set(['none'])))).toBe('A short text.');
  });
});
