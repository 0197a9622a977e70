import { cp, mkdir, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { describe, expect, it, vi } from 'vitest';
import { fixture } from '../../helpers/site.js';
import { devSiteEach, get } from './harness.js';

type Problem = { file: string; message: string; fix?: string };
const problemsOf = (data: Record<string, unknown>) => data.problems as Problem[];

/** The writer's server under faults of the file system: it reports them and keeps serving. */
describe('dev server under file-system faults', () => {
  const devSite = devSiteEach('dev');

  const page = () => get(`${devSite.dev.origin}/docs/guide/install/`);
  const FOLDER_GONE = [expect.objectContaining({ file: 'content', message: 'the content folder does not exist' })];
  /** Waits for the state a burst of changes (a copy, a non-atomic write) ends in; the events on the way vary. */
  const settled = (check: () => Promise<void> | void) => vi.waitFor(check, { timeout: 120_000, interval: 100 });

  it('reports a symlink to itself (ln -s loop.md content/loop.md) as build does, keeps serving, and clears it when the link goes', async () => {
    await symlink('loop.md', devSite.site.file('content/loop.md'));
    const problems = problemsOf((await devSite.events.next('problems')).data);
    expect(problems).toEqual([expect.objectContaining({ file: 'loop.md', message: 'cannot read the file: ELOOP' })]);
    expect(devSite.dev.log.join('\n')).toMatch(/loop\.md\n\s+-\s+cannot read the file: ELOOP/);
    expect((await page()).status).toBe(200);
    await rm(devSite.site.file('content/loop.md'));
    await devSite.events.next('reload');
    expect(devSite.dev.builder.problems()).toEqual([]);
  });

  it('reports a symlink to its own folder (ln -s . content/here) without walking into it, and keeps serving', async () => {
    await symlink('.', devSite.site.file('content/here'));
    const problems = problemsOf((await devSite.events.next('problems')).data);
    expect(problems.map((p) => p.file)).toEqual(['here']);
    expect((await page()).status).toBe(200);
    // Still watching: an edit after the link is served.
    await writeFile(
      devSite.site.file('content/guide/install.md'),
      '---\ntitle: Install now\ndescription: Getting the tool.\n---\n\nText.\n',
    );
    await devSite.events.next('problems', (data) => problemsOf(data).length === 1 && data.reload === true);
    expect((await page()).text).toContain('>Install now</h1>');
  });

  it('keeps serving the last site while content/ is deleted, and recovers as soon as it is back', async () => {
    const before = (await page()).text;
    await rm(devSite.site.file('content'), { recursive: true });
    await devSite.events.next('problems', (data) =>
      problemsOf(data).some((p) => p.message === 'the content folder does not exist'),
    );
    await settled(() => expect(devSite.dev.builder.problems().map((p) => p.toJSON())).toEqual(FOLDER_GONE));
    expect(devSite.dev.log.join('\n')).toContain('the content folder does not exist');
    const during = await page();
    expect(during.status).toBe(200);
    expect(during.text).toBe(before);
    expect((await get(`${devSite.dev.origin}/docs/reference/api/`)).status).toBe(200);

    // Put back, with one page edited meanwhile: no problem is left, and the edit is served.
    await cp(fixture('dev/content'), devSite.site.file('content'), { recursive: true });
    await writeFile(
      devSite.site.file('content/guide/install.md'),
      '---\ntitle: Install again\ndescription: Getting the tool.\n---\n\nText.\n',
    );
    await devSite.events.next('reload');
    await settled(async () => {
      expect(devSite.dev.builder.problems()).toEqual([]);
      expect((await page()).text).toContain('>Install again</h1>');
    });
  });

  it('keeps serving the last site while content/ is moved away, and recovers when it is moved back', async () => {
    const before = (await page()).text;
    await rename(devSite.site.file('content'), devSite.site.file('content.away'));
    expect(problemsOf((await devSite.events.next('problems')).data)).toEqual(FOLDER_GONE);
    expect((await page()).text).toBe(before);
    await rename(devSite.site.file('content.away'), devSite.site.file('content'));
    await devSite.events.next('reload');
    expect(devSite.dev.builder.problems()).toEqual([]);
    // Watching again: a new page shows up.
    await mkdir(devSite.site.file('content/extra'));
    await writeFile(
      devSite.site.file('content/extra/index.md'),
      '---\ntitle: Extra\ndescription: One more page.\n---\n\nText.\n',
    );
    await settled(async () => expect((await get(`${devSite.dev.origin}/docs/extra/`)).text).toContain('>Extra</h1>'));
  });

  it('keeps the last site when the configuration changes while content/ is gone, and builds again once it is back', async () => {
    await rename(devSite.site.file('content'), devSite.site.file('content.away'));
    await devSite.events.next('problems');
    const config = devSite.site.file('docs.config.ts');
    await writeFile(config, (await readFile(config, 'utf8')).replace("title: 'Dev Docs'", "title: 'Renamed Docs'"));
    await settled(async () => {
      expect(devSite.dev.builder.problems().map((p) => p.toJSON())).toEqual(FOLDER_GONE);
      expect((await page()).status).toBe(200);
    });
    await rename(devSite.site.file('content.away'), devSite.site.file('content'));
    await settled(async () => {
      expect(devSite.dev.builder.problems()).toEqual([]);
      expect((await page()).text).toContain('<title>Install | Renamed Docs</title>');
    });
  });
});
