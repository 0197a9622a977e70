import { writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { devSiteEach, get } from '../dev/harness.js';
import { editFile } from '../../helpers/tmp-site.js';

type Problem = { file: string; message: string; fix?: string };
const problemsOf = (data: Record<string, unknown>) => data.problems as Problem[];

const mdxPage = (body: string) => `---\ntitle: Grow\ndescription: A page that grows.\n---\n\n${body}\n`;

/**
 * Issue 37: an MDX page that allocates without end took `docs dev` down with it; it is reported, and the server goes
 * on. MDX pages render in a worker `dev` keeps between saves (src/pages/kept-worker.ts), replaced once it has died.
 */
describe('dev server: an MDX page that allocates without end', { timeout: 180_000 }, () => {
  const devSite = devSiteEach('dev', {
    prepare: (site) =>
      editFile(site.file('docs.config.ts'), (text) => text.replace("base: '/docs/',", '$& limits: { heapMb: 256 },')),
  });

  it('reports the page and the limit, keeps serving, and builds the page once it is fixed', async () => {
    // Counts its renders in the thread that renders it: one worker kept across saves counts on, a new one from 1.
    const counted = (note: string) =>
      mdxPage(`Rendered {globalThis.renders = (globalThis.renders ?? 0) + 1} times here. ${note}`);
    const renders = async () => /Rendered (\d+) times/.exec((await get(`${devSite.dev.origin}/docs/count/`)).text)?.[1];
    await writeFile(devSite.site.file('content/count.mdx'), counted('First.'));
    await devSite.events.next('reload');
    expect(await renders()).toBe('1');
    await writeFile(devSite.site.file('content/count.mdx'), counted('Second.'));
    await devSite.events.next('reload');
    expect(await renders()).toBe('2'); // the worker of the first save: no worker started for this one

    await writeFile(
      devSite.site.file('content/grow.mdx'),
      mdxPage('{(() => { const kept = []; for (;;) kept.push(new Array(100_000).fill(kept.length)); })()}'),
    );
    const problems = problemsOf((await devSite.events.next('problems')).data);
    expect(problems).toEqual([
      expect.objectContaining({
        file: 'grow.mdx',
        message: expect.stringContaining("used more than the 256 MB of memory a page's thread may use"),
        fix: expect.stringContaining('`limits.heapMb` in docs.config.ts sets the limit'),
      }),
    ]);
    expect((await get(`${devSite.dev.origin}/docs/guide/install/`)).status).toBe(200);
    await writeFile(devSite.site.file('content/grow.mdx'), mdxPage('Grown {1 + 1} times.'));
    await devSite.events.next('reload');
    expect(devSite.dev.builder.problems()).toEqual([]);
    expect((await get(`${devSite.dev.origin}/docs/grow/`)).text).toContain('Grown 2 times.');
    // The worker that ran out of memory is gone: a fresh one renders the next save.
    await writeFile(devSite.site.file('content/count.mdx'), counted('Third.'));
    await devSite.events.next('reload');
    expect(await renders()).toBe('1');
  });
});
