import { cp, mkdir, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fixture } from '../../helpers/site.js';
import { copySite, EventStream, get, startDev } from './harness.js';

type Problem = { file: string; message: string; fix?: string };
const problemsOf = (data: Record<string, unknown>) => data.problems as Problem[];

/** The writer's server under faults of the file system: it reports them and keeps serving. */
describe('dev server under file-system faults', () => {
  let site: Awaited<ReturnType<typeof copySite>>;
  let dev: Awaited<ReturnType<typeof startDev>>;
  let events: EventStream;

  beforeEach(async () => {
    site = await copySite('dev');
    dev = await startDev(site.root, { watchLayout: false });
    events = await EventStream.open(`${dev.origin}/docs/__dev/events`);
  });
  afterEach(async () => {
    events?.close();
    await dev?.close();
    await site?.cleanup();
  });

  const page = () => get(`${dev.origin}/docs/guide/install/`);
  const FOLDER_GONE = [expect.objectContaining({ file: 'content', message: 'the content folder does not exist' })];
  /** Waits for the state a burst of changes (a copy, a non-atomic write) ends in; the events on the way vary. */
  const settled = (check: () => Promise<void> | void) => vi.waitFor(check, { timeout: 120_000, interval: 100 });

  it('reports a symlink to itself (ln -s loop.md content/loop.md) as build does, keeps serving, and clears it when the link goes', async () => {
    await symlink('loop.md', site.file('content/loop.md'));
    const problems = problemsOf((await events.next('problems')).data);
    expect(problems).toEqual([expect.objectContaining({ file: 'loop.md', message: 'cannot read the file: ELOOP' })]);
    expect(dev.log.join('\n')).toMatch(/loop\.md\n\s+-\s+cannot read the file: ELOOP/);
    expect((await page()).status).toBe(200);
    await rm(site.file('content/loop.md'));
    await events.next('reload');
    expect(dev.builder.problems()).toEqual([]);
  });

  it('reports a symlink to its own folder (ln -s . content/here) without walking into it, and keeps serving', async () => {
    await symlink('.', site.file('content/here'));
    const problems = problemsOf((await events.next('problems')).data);
    expect(problems.map((p) => p.file)).toEqual(['here']);
    expect((await page()).status).toBe(200);
    // Still watching: an edit after the link is served.
    await writeFile(
      site.file('content/guide/install.md'),
      '---\ntitle: Install now\ndescription: Getting the tool.\n---\n\nText.\n',
    );
    await events.next('problems', (data) => problemsOf(data).length === 1 && data.reload === true);
    expect((await page()).text).toContain('>Install now</h1>');
  });

  it('keeps serving the last site while content/ is deleted, and recovers as soon as it is back', async () => {
    const before = (await page()).text;
    await rm(site.file('content'), { recursive: true });
    await events.next('problems', (data) =>
      problemsOf(data).some((p) => p.message === 'the content folder does not exist'),
    );
    await settled(() => expect(dev.builder.problems().map((p) => p.toJSON())).toEqual(FOLDER_GONE));
    expect(dev.log.join('\n')).toContain('the content folder does not exist');
    const during = await page();
    expect(during.status).toBe(200);
    expect(during.text).toBe(before);
    expect((await get(`${dev.origin}/docs/reference/api/`)).status).toBe(200);

    // Put back, with one page edited meanwhile: no problem is left, and the edit is served.
    await cp(fixture('dev/content'), site.file('content'), { recursive: true });
    await writeFile(
      site.file('content/guide/install.md'),
      '---\ntitle: Install again\ndescription: Getting the tool.\n---\n\nText.\n',
    );
    await events.next('reload');
    await settled(async () => {
      expect(dev.builder.problems()).toEqual([]);
      expect((await page()).text).toContain('>Install again</h1>');
    });
  });

  it('keeps serving the last site while content/ is moved away, and recovers when it is moved back', async () => {
    const before = (await page()).text;
    await rename(site.file('content'), site.file('content.away'));
    expect(problemsOf((await events.next('problems')).data)).toEqual(FOLDER_GONE);
    expect((await page()).text).toBe(before);
    await rename(site.file('content.away'), site.file('content'));
    await events.next('reload');
    expect(dev.builder.problems()).toEqual([]);
    // Watching again: a new page shows up.
    await mkdir(site.file('content/extra'));
    await writeFile(
      site.file('content/extra/index.md'),
      '---\ntitle: Extra\ndescription: One more page.\n---\n\nText.\n',
    );
    await settled(async () => expect((await get(`${dev.origin}/docs/extra/`)).text).toContain('>Extra</h1>'));
  });

  it('keeps the last site when the configuration changes while content/ is gone, and builds again once it is back', async () => {
    await rename(site.file('content'), site.file('content.away'));
    await events.next('problems');
    const config = site.file('docs.config.ts');
    await writeFile(config, (await readFile(config, 'utf8')).replace("title: 'Dev Docs'", "title: 'Renamed Docs'"));
    await settled(async () => {
      expect(dev.builder.problems().map((p) => p.toJSON())).toEqual(FOLDER_GONE);
      expect((await page()).status).toBe(200);
    });
    await rename(site.file('content.away'), site.file('content'));
    await settled(async () => {
      expect(dev.builder.problems()).toEqual([]);
      expect((await page()).text).toContain('<title>Install | Renamed Docs</title>');
    });
  });
});
