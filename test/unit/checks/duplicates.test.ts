import { describe, expect, it } from 'vitest';
import { check, page } from './harness.js';

describe('checks/duplicates', () => {
  it('reports every page of a set that shares a description, at the description line', async () => {
    const r = await check({
      'content/index.md': page('Home', '[a](a.md) [b](b.md)'),
      'content/a.md': page('A', '', { description: 'Connect  an app to a workflow.' }),
      'content/b.md': page('B', '', { description: 'connect an app to a workflow.' }),
    });
    expect(r.code).toBe(1);
    expect(r.problems).toEqual([
      expect.objectContaining({ file: 'a.md', line: 3, message: 'duplicate description: the same as b.md' }),
      expect.objectContaining({ file: 'b.md', line: 3, message: 'duplicate description: the same as a.md' }),
    ]);
  });

  it('does not count pages whose descriptions differ', async () => {
    const r = await check({ 'content/index.md': page('Home', '[a](a.md)'), 'content/a.md': page('A') });
    expect(r.problems).toEqual([]);
  });

  const sharing = {
    'content/index.md': page('Home', '[a](a.md) [b](b.md)'),
    'content/a.md': page('A', '', { description: 'The same words.' }),
    'content/b.md': page('B', '', { description: 'The same words.' }),
  };

  it('warns by default: the build and the check succeed and say which pages share a description', async () => {
    const r = await check({ ...sharing, 'docs.config.ts': "export default { title: 'Check' };\n" });
    expect(r.code).toBe(0);
    expect(r.problems).toEqual([]);
    expect(r.warnings.map((w) => w.file)).toEqual(['a.md', 'b.md']);
    expect(r.text).toContain('2 warnings (the check passed)');
  });

  it('looks for nothing when the configuration turns the check off', async () => {
    const r = await check({
      ...sharing,
      'docs.config.ts': "export default { title: 'Check', checks: { duplicateDescriptions: 'off' } };\n",
    });
    expect([r.code, r.problems, r.warnings]).toEqual([0, [], []]);
  });
});
