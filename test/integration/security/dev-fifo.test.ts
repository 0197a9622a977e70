import { execFileSync } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { devSiteEach, get } from '../dev/harness.js';

type Problem = { file: string; message: string; fix?: string };
const problemsOf = (data: Record<string, unknown>) => data.problems as Problem[];

/** Issue 37: a FIFO named like a page must not stop `docs dev` from rebuilding; it is reported, and the server goes on. */
describe('dev server: a FIFO in the content folder', { timeout: 180_000 }, () => {
  const devSite = devSiteEach('dev');

  it('reports a FIFO named x.md, keeps serving, and still rebuilds after an edit', async () => {
    execFileSync('mkfifo', [devSite.site.file('content/x.md')]);
    const problems = problemsOf((await devSite.events.next('problems')).data);
    expect(problems).toEqual([
      expect.objectContaining({ file: 'x.md', message: 'x.md is a FIFO (named pipe), not a regular file' }),
    ]);
    expect((await get(`${devSite.dev.origin}/docs/guide/install/`)).status).toBe(200);
    await writeFile(
      devSite.site.file('content/guide/install.md'),
      '---\ntitle: Install now\ndescription: Getting the tool.\n---\n\nText.\n',
    );
    await devSite.events.next('problems', (data) => problemsOf(data).length === 1 && data.reload === true);
    expect((await get(`${devSite.dev.origin}/docs/guide/install/`)).text).toContain('>Install now</h1>');
    await rm(devSite.site.file('content/x.md'));
    await devSite.events.next('reload');
    expect(devSite.dev.builder.problems()).toEqual([]);
  });
});
