import { afterEach, describe, expect, it } from 'vitest';
import { buildSite } from '../../src/build/index.js';
import { loadConfig } from '../../src/config/index.js';
import { BuildFailure } from '../../src/model/errors.js';
import { MemoryWriter } from '../../src/write/index.js';
import { configFile, page, tmpSite } from '../helpers/tmp-site.js';

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

async function problemsOf(config: Record<string, unknown>) {
  const site = await tmpSite({
    'docs.config.ts': configFile(config),
    'content/index.md': page('Home'),
    'content/guide.md': page('Guide'),
  });
  cleanup = site.cleanup;
  const error = await buildSite(await loadConfig(site.root), new MemoryWriter()).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(BuildFailure);
  return (error as BuildFailure).problems;
}

describe('site checks: redirects and sidebar', () => {
  it('places redirect and sidebar problems at their line of docs.config.ts', async () => {
    // configFile() writes JSON.stringify(config, null, 2) after one import line: "from": "/gone" is on line 5.
    const problems = await problemsOf({
      redirects: [{ from: '/gone', to: '/missing/' }],
      sidebar: [{ text: 'Guide', items: ['/', '/not-here'] }],
    });
    const redirect = problems.find((p) => p.message.includes('/gone'))!;
    expect(redirect.place).toMatchObject({ file: 'docs.config.ts', line: 5 });
    const sidebar = problems.find((p) => p.message.includes('/not-here'))!;
    expect(sidebar.place).toMatchObject({ file: 'docs.config.ts', line: 14 });
  });

  it('reports two redirects from the same path', async () => {
    const problems = await problemsOf({
      redirects: [
        { from: '/old', to: '/' },
        { from: '/old/', to: '/guide/' },
      ],
    });
    expect(problems.map((p) => p.message)).toEqual(['two redirects from /old/']);
  });
});

describe('site checks: frontmatter', () => {
  it('places a prev/next that points to a missing page at its frontmatter line', async () => {
    const site = await tmpSite({
      'content/index.md': page('Home', '', { frontmatter: 'order: 1\nnext: ./nowhere.md\n' }),
    });
    cleanup = site.cleanup;
    const error = (await buildSite(await loadConfig(site.root), new MemoryWriter()).catch(
      (e: unknown) => e,
    )) as BuildFailure;
    expect(error.problems.map((p) => [p.message, p.place.line])).toEqual([
      ['frontmatter "next" points to a missing page: ./nowhere.md', 5],
    ]);
  });
});
