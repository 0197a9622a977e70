import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeCorpus } from '../../../bench/corpus.js';
import { loadConfig } from '../../../src/config/index.js';
import { loadContent } from '../../../src/content/index.js';
import { Problems } from '../../../src/model/errors.js';
import { pageOutline, renderSlice } from '../../../src/markdown/index.js';
import {
  PARALLEL_THRESHOLD,
  renderMarkdown,
  runPages,
  workerCount,
  type PageJob,
  type PageResult,
  type PagesContext,
  PageWorkers,
} from '../../../src/pages/index.js';
import { readTemplates } from '../../../src/render/index.js';
import { spawnCli } from '../../helpers/cli.js';
import { renderInWorkers } from '../../helpers/page-workers.js';

/** Enough pages for each of two workers to take several batches of eight; workers are asked for explicitly. */
const PAGES = 64;

describe('pages: rendering on all cores', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'docs-parallel-'));
    await writeCorpus({ pages: PAGES, dir });
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('gives the same page records, in the same order, as rendering in one thread', async () => {
    const config = await loadConfig(dir);
    const sources = await loadContent(config, new Problems());
    // Through the build's own entry, which renders here too while the workers load, and in the workers alone.
    const parallel = await renderMarkdown(sources, config, new Problems(), { cache: false, parallelFrom: 1 });
    const inWorkers = await renderInWorkers(
      sources.map((source) => ({ source })),
      { config },
      { workers: 2, batch: 8 },
    );
    const single = renderSlice(sources, config, new Problems());
    expect(parallel.length).toBe(PAGES);
    expect(parallel).toEqual(single);
    expect(inWorkers.map((r) => r.record)).toEqual(single);
  });

  it('renders the same page files in the workers as in one thread (layouts in the workers)', async () => {
    const config = await loadConfig(dir);
    const sources = await loadContent(config, new Problems());
    const outlines = sources.map((source) => pageOutline(source, config, new Problems()));
    const context = {
      config,
      layout: {
        outlines,
        staticFiles: [],
        assets: {
          css: '/docs/a.css',
          js: '/docs/a.js',
          redirectScript: '/docs/r.js',
          features: { math: '/docs/m.css', diagram: '/docs/d.css', images: '/docs/i.css', api: '/docs/a.css' },
        },
        templates: readTemplates(),
        stagingDir: null,
      },
    };
    const jobs = sources.map((source) => ({ source }));
    const parallel = await renderInWorkers(jobs, context, { workers: 2, batch: 8 });
    const single = await runPages(jobs, context, new Problems());
    expect(parallel.map((r) => r.files!.contents)).toEqual(single.map((r) => r.files!.contents));
    // The sidebar of a page marks the page itself, whichever worker rendered it.
    const last = parallel[parallel.length - 1].files!.contents!.find((f) => f.path.endsWith('index.html'))!;
    expect(last.contents).toContain(`href="${outlines[outlines.length - 1].path}" class="active" aria-current="page"`);
  });

  it('leaves every batch to the workers once one renders: none rendered here, the jobs in order, progress to the end', async () => {
    const config = await loadConfig(dir);
    const sources = await loadContent(config, new Problems());
    const jobs = sources.map((source) => ({ source }));
    const given: number[] = [];
    // Workers ready before the stage starts (as a first build's are), stood in for by this thread.
    const ready = {
      rendering: true,
      mainRenders: false,
      async serve(
        all: PageJob[],
        context: PagesContext,
        take: () => [number, number] | null,
        place: (start: number, pages: PageResult[]) => void,
        problems: Problems,
      ) {
        for (let range = take(); range; range = take()) {
          given.push(range[1] - range[0]);
          place(range[0], await runPages(all.slice(...range), context, problems));
        }
      },
    } as unknown as PageWorkers;
    const progress: number[] = [];
    const results = await runPages(jobs, { config }, new Problems(), ready, (done) => progress.push(done));
    expect(given.reduce((sum, n) => sum + n, 0)).toBe(jobs.length);
    expect(results.map((r) => r.record)).toEqual(renderSlice(sources, config, new Problems()));
    expect(progress.at(-1)).toBe(jobs.length);
  });

  it('fails, not hangs, when a worker stops after it loaded and before it is given pages', async () => {
    const config = await loadConfig(dir);
    const sources = await loadContent(config, new Problems());
    const workers = (await PageWorkers.start({ workers: 1, mainRenders: false }))!;
    await expect.poll(() => workers.rendering, { timeout: 60_000 }).toBe(true);
    await workers.close();
    let next = 0;
    const take = (): [number, number] | null => (next < sources.length ? [next, (next = sources.length)] : null);
    await expect(
      workers.serve(
        sources.map((source) => ({ source })),
        { config },
        take,
        () => {},
        new Problems(),
      ),
    ).rejects.toThrow(/a page worker exited/);
  });

  it('gives the same records from the cache on a second run, and re-renders only a changed page', async () => {
    const config = await loadConfig(dir);
    const sources = await loadContent(config, new Problems());
    const first = await renderMarkdown(sources, config, new Problems());
    const second = await renderMarkdown(sources, config, new Problems());
    expect(second).toEqual(first);
    sources[3] = { ...sources[3], body: `${sources[3].body}\n\nA new closing line.\n` };
    const third = await renderMarkdown(sources, config, new Problems());
    expect(third[3].html).toContain('A new closing line.');
    expect(third[4]).toEqual(first[4]);
  });

  it('never caches a page with a problem: its message shows on every run', async () => {
    const config = await loadConfig(dir);
    const sources = await loadContent(config, new Problems());
    sources[0] = { ...sources[0], body: `${sources[0].body}\n\nUses %{notAConstant}.\n` };
    for (let run = 0; run < 2; run++) {
      const problems = new Problems();
      await renderMarkdown(sources, config, problems);
      expect(problems.list.map((p) => p.message)).toEqual(['unknown constant "notAConstant"']);
    }
  });
});

describe('pages: a first build of many pages (page workers start with the build)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'docs-early-workers-'));
    await writeCorpus({ pages: PARALLEL_THRESHOLD, dir });
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  // With one core there are no page workers to start.
  it.skipIf(workerCount() < 1)(
    'ends its process when the build fails before the pages stage, and builds every page once fixed',
    async () => {
      const config = path.join(dir, 'docs.config.ts');
      const working = await readFile(config, 'utf8');
      // A plugin that fails in the assets stage: after the workers started, before any page is given them.
      await writeFile(
        config,
        working.replace(
          'export default {',
          "export default { plugins: [{ name: 'broken-modules', clientModules() { throw new Error('no module today'); } }],",
        ),
      );
      const failed = await spawnCli(['build', dir]);
      expect(failed.code).toBe(1);
      expect(failed.stderr).toContain('no module today');

      await writeFile(config, working);
      const built = await spawnCli(['build', dir]);
      expect(built.code).toBe(0);
      expect(built.stdout).toContain(`built ${PARALLEL_THRESHOLD} pages`);
      const last = `section-${String(Math.floor((PARALLEL_THRESHOLD - 2) / 50)).padStart(3, '0')}/page-${String(PARALLEL_THRESHOLD - 2).padStart(5, '0')}`;
      expect(existsSync(path.join(dir, 'dist', last, 'index.html'))).toBe(true);
    },
  );
});
