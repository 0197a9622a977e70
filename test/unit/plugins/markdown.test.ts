import { describe, expect, it } from 'vitest';
import { markdownPluginsKey } from '../../../src/plugins/markdown.js';

describe("plugins/markdown: the users' plugins in the Markdown cache key", () => {
  const plugin = (word: string) =>
    new Function(`return function remarkWord() { return (tree) => { tree.word = '${word}'; }; }`)() as () => void;

  it('is empty without plugins, so the key of a site without them stays what it was', () => {
    expect(markdownPluginsKey(undefined)).toBe('');
    expect(markdownPluginsKey({ remarkPlugins: [], rehypePlugins: [] })).toBe('');
  });

  it("changes with a plugin's code and with its options", () => {
    const one = markdownPluginsKey({ remarkPlugins: [[plugin('a'), { level: 1 }]] });
    expect(markdownPluginsKey({ remarkPlugins: [[plugin('a'), { level: 1 }]] })).toBe(one);
    expect(markdownPluginsKey({ remarkPlugins: [[plugin('b'), { level: 1 }]] })).not.toBe(one);
    expect(markdownPluginsKey({ remarkPlugins: [[plugin('a'), { level: 2 }]] })).not.toBe(one);
  });

  it('takes options that hold functions or refer to themselves', () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(markdownPluginsKey({ rehypePlugins: [[plugin('a'), { map: (x: string) => x.toUpperCase() }]] })).toContain(
      'toUpperCase',
    );
    expect(markdownPluginsKey({ rehypePlugins: [[plugin('a'), circular]] })).toContain('remarkWord');
  });
});
