import { describe, expect, it } from 'vitest';
import { BuildError, BuildFailure } from '../../../src/model/errors.js';
import { applyConfigHooks, collect, hookFailure } from '../../../src/plugins/index.js';

describe('plugins/index', () => {
  it("names the plugin and the hook of a failure, with the plugin's own message and a fix", () => {
    const [problem] = hookFailure('acme', 'outputs', new TypeError('x is undefined'), 'docs.config.ts').problems;
    expect(problem.place).toEqual({ file: 'docs.config.ts' });
    expect(problem.message).toMatch(
      /^plugin "acme" failed in its "outputs" hook: x is undefined \(at test\/unit\/plugins\/index\.test\.ts:\d+:\d+\)$/,
    );
    expect(problem.fix).toContain('remove "acme"');
  });

  it('takes a site file that writes itself without reading its contents (llms-full.txt of a one-page edit)', () => {
    let reads = 0;
    const file = {
      path: 'llms-full.txt',
      writeTo: () => {},
      get contents() {
        reads++;
        return 'made from the previous output';
      },
    };
    const files = collect({ root: '/site', plugins: [{ name: 'docs:llms', outputs: () => [file] }] }, 'outputs', {
      site: {} as never,
      config: {} as never,
    });
    expect(files).toHaveLength(1);
    expect(files[0]).toBe(file);
    expect(reads).toBe(0);
  });

  it('keeps the place of a BuildError the plugin threw on purpose', () => {
    const failure = hookFailure(
      'acme',
      'pages',
      new BuildError('bad row', { file: 'data/rows.csv', line: 3 }),
      'docs.config.ts',
    );
    expect(failure).toBeInstanceOf(BuildFailure);
    expect(String(failure.problems[0])).toBe('data/rows.csv:3  plugin "acme" failed in its "pages" hook: bad row');
  });

  it('merges what config hooks return, in order: objects key by key, lists appended', () => {
    const merged = applyConfigHooks(
      { title: 'Site', redirects: [{ from: '/a', to: '/b/' }], markdown: { lineNumbers: true } },
      [
        { name: 'one', config: () => ({ redirects: [{ from: '/c', to: '/d/' }], markdown: { highlighter: 'shiki' } }) },
        { name: 'two', config: (c) => ({ title: `${c.title}!` }) },
      ],
      'docs.config.ts',
    );
    expect(merged).toEqual({
      title: 'Site!',
      redirects: [
        { from: '/a', to: '/b/' },
        { from: '/c', to: '/d/' },
      ],
      markdown: { lineNumbers: true, highlighter: 'shiki' },
    });
  });
});
