import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { build } from '../../src/build/index.js';
import { loadConfig } from '../../src/config/index.js';
import { loadContent } from '../../src/content/index.js';
import { Problems } from '../../src/model/errors.js';
import { PageWorkers, runPages, type PageResult } from '../../src/pages/index.js';
import { EventStream, startDev } from './dev/harness.js';
import { runCli } from '../helpers/cli.js';
import { fixture, fixtureCopyOptions, REPO } from '../helpers/site.js';
import { configFile, editFile, page, tmpSite } from '../helpers/tmp-site.js';

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

/** `docs build` of `root`, in this process (test/helpers/cli.ts): these tests are about its report, not its process. */
async function cli(root: string): Promise<{ code: number; stderr: string }> {
  const { code, stderr } = await runCli(['build', root]);
  return { code, stderr };
}

/** The components fixture in a temp folder, its config importing this repository's src/. */
async function copyComponentsSite(): Promise<{
  root: string;
  edit: (file: string, change: (t: string) => string) => Promise<void>;
}> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'docs-components-'));
  cleanup = () => rm(root, { recursive: true, force: true });
  await cp(fixture('components'), root, fixtureCopyOptions('components'));
  const config = await readFile(path.join(root, 'docs.config.ts'), 'utf8');
  await writeFile(
    path.join(root, 'docs.config.ts'),
    config.replace('../../../src/config/define.js', path.join(REPO, 'src/config/define.ts')),
  );
  const edit = (file: string, change: (t: string) => string) => editFile(path.join(root, file), change);
  return { root, edit };
}

describe('mdx: problems are reported with file:line and a fix, all at once', () => {
  it('lists a syntax error, an unknown component, a component that throws, a bad import and a problem in a partial in one run', async () => {
    const site = await tmpSite({
      'docs.config.ts': configFile({ mdx: { components: './components/index.tsx' } }),
      'components/index.tsx':
        'export function Boom(): never { throw new Error("no data for this chart"); }\nexport function Fine() { return <b>fine</b>; }\n',
      'content/index.md': page('Home', 'Hello.\n\n<!--@include: ./_partials/p.md-->'),
      'content/_partials/p.md': 'Shared.\n\nSee [gone](./gone.md).\n',
      'content/syntax.mdx': page('Syntax', 'Text.\n\nAn { open brace'),
      'content/unknown.mdx': page('Unknown', '<Fine />\n\n<Missing />'),
      'content/throws.mdx': page('Throws', 'Text.\n\n<Boom />'),
      'content/import.mdx': page('Import', "import Chart from './nowhere/Chart.tsx'\n\n<Chart />"),
    });
    cleanup = site.cleanup;
    const r = await cli(site.root);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /syntax\.mdx\n\s+8:\d+\s+MDX syntax error: .*\n\s+fix: MDX reads `<` as the start of a component/,
    );
    expect(r.stderr).toMatch(/unknown\.mdx\n\s+8:1\s+unknown component <Missing>\n\s+fix: import it in the page/);
    expect(r.stderr).toMatch(/throws\.mdx\n\s+8:1\s+component <Boom> threw: no data for this chart/);
    expect(r.stderr).toMatch(
      /import\.mdx\n\s+6:1\s+cannot import a component: Could not resolve "\.\/nowhere\/Chart\.tsx"/,
    );
    expect(r.stderr).toMatch(
      /_partials\/p\.md\n\s+3:5\s+link to a missing page: \.\/gone\.md \(in a partial included by index\.md\)/,
    );
    expect(r.stderr).not.toContain('unknown component <Chart>'); // its import failed: one problem, not two
    expect(r.stderr).toContain('5 problems found');
  });

  it('fails on an mdx.components file that does not exist', async () => {
    const site = await tmpSite({
      'docs.config.ts': configFile({ mdx: { components: './components/nope.tsx' } }),
      'content/index.md': page('Home', 'Hi.'),
    });
    cleanup = site.cleanup;
    const r = await cli(site.root);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('"mdx.components": components/nope.tsx does not exist');
  });
});

describe('mdx and includes: rebuilds', () => {
  it('renders again the pages that include an edited partial, and the MDX pages when a component changes', async () => {
    const site = await copyComponentsSite();
    const outDir = path.join(site.root, 'dist');
    expect((await build(site.root, { outDir })).rendered).toBe(4);
    await site.edit('content/_partials/counting.md', (t) => t.replace('counts once', 'counts once and only once'));
    expect((await build(site.root, { outDir })).rendered).toBe(2); // rules.md and mdx.mdx include it
    expect(await readFile(path.join(outDir, 'guide/rules/index.html'), 'utf8')).toContain('counts once and only once');
    await site.edit('components/index.tsx', (t) => t.replace('per {per}', 'each {per}'));
    expect((await build(site.root, { outDir })).rendered).toBe(1);
    expect(await readFile(path.join(outDir, 'guide/mdx/index.html'), 'utf8')).toContain('$19.00 each month');
  });

  it('dev: saving a partial reloads the pages that include it', async () => {
    const site = await copyComponentsSite();
    const dev = await startDev(site.root, { watchLayout: false });
    const events = await EventStream.open(`${dev.origin}/docs/__dev/events`);
    try {
      await site.edit('content/_partials/counting.md', (t) => t.replace('counts once', 'counts just once'));
      const reload = await events.next('reload');
      expect([...(reload.data.routes as string[])].sort()).toEqual(['/guide/mdx/', '/guide/rules/']);
    } finally {
      events.close();
      await dev.close();
    }
  });
});

describe('mdx: page workers', () => {
  it('renders MDX pages and includes in a worker exactly as in this thread', async () => {
    const site = await copyComponentsSite();
    const config = await loadConfig(site.root);
    const jobs = (await loadContent(config, new Problems())).map((source) => ({ source }));
    const workers = await PageWorkers.start({ workers: 1, mainRenders: false });
    const problems = new Problems();
    // Every job to the worker (runPages would let this thread take a small site's pages first).
    const inWorker: PageResult[] = [];
    let given = false;
    await workers!
      .serve(
        jobs,
        { config },
        () => (given ? null : ((given = true), [0, jobs.length])),
        (start, pages) => inWorker.splice(start, pages.length, ...pages),
        problems,
      )
      .finally(() => workers!.close());
    const single = await runPages(jobs, { config }, new Problems());
    expect(problems.list).toEqual([]);
    expect(inWorker.map((r) => r.record.html)).toEqual(single.map((r) => r.record.html));
    expect(single.find((r) => r.record.relativePath === 'guide/mdx.mdx')!.record.html).toContain(
      '<span class="price">$19.00 per month</span>',
    );
  });
});

describe('mdx: imports shown in code blocks', () => {
  it('shows a fenced `import` line as code, next to a real import of a component', async () => {
    const made = await tmpSite({
      'docs.config.ts': configFile({ siteUrl: 'https://docs.example.test' }),
      'content/index.md': page('Home'),
      'components/Hello.tsx': 'export function Hello() { return <strong>Hello from a component</strong>; }\n',
      'content/usage.mdx': page(
        'Usage',
        [
          "import { Hello } from '../components/Hello.tsx';",
          '',
          '<Hello />',
          '',
          'Install the SDK and import it:',
          '',
          '```ts',
          "import conduit from '@conduit/sdk';",
          "import { Missing } from './nowhere.tsx';",
          '```',
          '',
          '~~~js',
          "import Chart from './Chart.mdx';",
          '~~~',
        ].join('\n'),
      ),
    });
    cleanup = made.cleanup;
    const { code, stderr } = await cli(made.root);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    const html = await readFile(path.join(made.root, 'dist/usage/index.html'), 'utf8');
    expect(html).toContain('<strong>Hello from a component</strong>');
    const code1 = html
      .match(/<pre[\s\S]*?<\/pre>/g)!
      .map((pre) => pre.replace(/<[^>]+>/g, '').replace(/&#x27;|&#39;/g, "'"));
    expect(code1[0]).toContain("import conduit from '@conduit/sdk';");
    expect(code1[0]).toContain("import { Missing } from './nowhere.tsx';");
    expect(code1[1]).toContain("import Chart from './Chart.mdx';");
  });
});
