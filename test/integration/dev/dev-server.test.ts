import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { RENDER_DIR } from '../../../src/dev/builder.js';
import { Renderer, TEMPLATES_DIR } from '../../../src/render/index.js';
import { buildBeside, devSiteEach, EventStream, expectServedAsBuiltAfterReload, get } from './harness.js';
import { editFile } from '../../helpers/tmp-site.js';

describe('dev server', () => {
  const devSite = devSiteEach('dev', { copyClient: true });

  const sidebar = (html: string) => /<nav id="sidebar"[\s\S]*?<\/nav>/.exec(html)![0];
  const edit = (file: string, change: (text: string) => string) => editFile(devSite.site.file(file), change);

  it('serves the built site under the base as serve does, with the reload client injected', async () => {
    const page = await get(`${devSite.dev.origin}/docs/guide/install/`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<h1 id="page-title" tabindex="-1">Install</h1>');
    expect(page.text).toContain('<script type="module" src="/docs/__dev/client.js"></script>');
    expect(page.text).not.toContain('__docs_dev_');
    expect((await get(`${devSite.dev.origin}/docs/guide/install`)).status).toBe(301);
    expect((await get(`${devSite.dev.origin}/docs/__dev/client.js`)).type).toContain('text/javascript');
    const css = /<link rel="stylesheet" href="([^"]+)"/.exec(page.text)![1];
    expect((await get(`${devSite.dev.origin}${css}`)).status).toBe(200);
  });

  it('reloads open tabs when a page is edited, and serves the new content', async () => {
    await edit('content/reference/api.md', (t) => t.replace('The API has endpoints.', 'The API has twelve endpoints.'));
    const reload = await devSite.events.next('reload');
    expect(reload.data.routes).toEqual(['/reference/api/']);
    expect((await get(`${devSite.dev.origin}/docs/reference/api/`)).text).toContain('The API has twelve endpoints.');
    // The chunk the router loads on navigation has the new text too.
    const routes = /<meta name="docs:routes" content="([^"]+)"/.exec(
      (await get(`${devSite.dev.origin}/docs/`)).text,
    )![1];
    const index = JSON.parse((await get(`${devSite.dev.origin}${routes}`)).text);
    const shard = JSON.parse((await get(`${devSite.dev.origin}${index.shards.reference}`)).text);
    expect((await get(`${devSite.dev.origin}${shard['/reference/api/']}`)).text).toContain('twelve endpoints');
  });

  it('renders again only the edited page when its title stays the same', async () => {
    const renders = vi.spyOn(Renderer.prototype, 'renderChunk');
    await edit('content/reference/api.md', (t) => t.replace('## Endpoints', '## Endpoints\n\n## Errors'));
    await devSite.events.next('reload');
    expect(renders.mock.calls.map(([page]) => page.regularPath)).toEqual(['/reference/api/']);
  });

  it('renders again the pages that show a changed title (sidebar group, prev/next) and no others', async () => {
    const renders = vi.spyOn(Renderer.prototype, 'renderChunk');
    await edit('content/guide/configure.md', (t) => t.replace('title: Configure', 'title: Configure it'));
    const reload = await devSite.events.next('reload');
    const rendered = renders.mock.calls.map(([page]) => page.regularPath).sort();
    expect(rendered).toEqual(['/guide/', '/guide/configure/', '/guide/install/']);
    expect([...(reload.data.routes as string[])].sort()).toEqual(rendered);
    expect((await get(`${devSite.dev.origin}/docs/guide/install/`)).text).toMatch(
      /<a href="\/docs\/guide\/configure\/"[^>]*>Configure it<\/a>/,
    );
  });

  it('reports broken frontmatter as a problems event, keeps serving, and recovers when it is fixed', async () => {
    await edit('content/guide/install.md', (t) => t.replace('title: Install', 'title: [Install'));
    const problems = await devSite.events.next('problems');
    const list = problems.data.problems as { file: string; line: number; message: string; fix: string }[];
    expect(list).toEqual([
      expect.objectContaining({
        file: 'guide/install.md',
        line: expect.any(Number),
        message: expect.stringContaining('malformed YAML frontmatter'),
      }),
    ]);
    expect(list[0].fix).toContain('fix the YAML');
    expect((await get(`${devSite.dev.origin}/docs/reference/api/`)).status).toBe(200);
    expect((await get(`${devSite.dev.origin}/docs/guide/install/`)).status).toBe(200);
    expect(devSite.dev.log.join('\n')).toMatch(/guide\/install\.md\n {2}\d+:\d+ {2}malformed YAML frontmatter/);

    // A tab that opens now sees the problems at once.
    const late = await EventStream.open(`${devSite.dev.origin}/docs/__dev/events`);
    expect((await late.next('problems')).data.problems).toEqual(list);
    late.close();

    await edit('content/guide/install.md', (t) => t.replace('title: [Install', 'title: Install again'));
    await devSite.events.next('reload');
    expect((await get(`${devSite.dev.origin}/docs/guide/install/`)).text).toContain('>Install again</h1>');
    const fresh = await EventStream.open(`${devSite.dev.origin}/docs/__dev/events`);
    expect(fresh.pending()).toEqual([]);
    fresh.close();
  });

  it('follows a new, a renamed and a deleted page in the sidebar, the route table and the redirects', async () => {
    await writeFile(
      devSite.site.file('content/guide/upgrade.md'),
      '---\ntitle: Upgrade\ndescription: Moving to a new version.\n---\n\nRun the installer again.\n',
    );
    await devSite.events.next('reload');
    const added = await get(`${devSite.dev.origin}/docs/guide/upgrade/`);
    expect(added.status).toBe(200);
    expect(sidebar((await get(`${devSite.dev.origin}/docs/guide/`)).text)).toContain('href="/docs/guide/upgrade/"');

    await rename(devSite.site.file('content/guide/upgrade.md'), devSite.site.file('content/guide/migrate.md'));
    await devSite.events.next('reload');
    expect((await get(`${devSite.dev.origin}/docs/guide/upgrade/`)).status).toBe(404);
    expect((await get(`${devSite.dev.origin}/docs/guide/migrate/`)).status).toBe(200);
    expect(sidebar((await get(`${devSite.dev.origin}/docs/guide/`)).text)).not.toContain('href="/docs/guide/upgrade/"');
    expect(sidebar((await get(`${devSite.dev.origin}/docs/guide/`)).text)).toContain('href="/docs/guide/migrate/"');

    // The redirect to a deleted page is a problem, and the 404 page answers for the page.
    await rm(devSite.site.file('content/guide/install.md'));
    const problems = await devSite.events.next('problems');
    expect(JSON.stringify(problems.data.problems)).toContain(
      'redirect /old-install -> /guide/install/ ends at /guide/install/, which is not a page',
    );
    expect((await get(`${devSite.dev.origin}/docs/guide/install/`)).status).toBe(404);
    expect(sidebar((await get(`${devSite.dev.origin}/docs/guide/`)).text)).not.toContain('href="/docs/guide/install/"');
  });

  it('serves a file beside the pages once it exists, and the link to it stops being a problem', async () => {
    await edit('content/guide/install.md', (t) =>
      t.replace('You need a terminal.', 'You need a terminal: ![the steps](steps.svg)'),
    );
    const problems = await devSite.events.next('problems');
    expect(JSON.stringify(problems.data.problems)).toContain('link to a missing file: steps.svg');
    await writeFile(devSite.site.file('content/guide/steps.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await devSite.events.next('reload');
    const svg = await get(`${devSite.dev.origin}/docs/guide/steps.svg`);
    expect(svg.status).toBe(200);
    expect(svg.type).toBe('image/svg+xml');
    await rm(devSite.site.file('content/guide/steps.svg'));
    // Waits for the problem that names the file, then for the 404: a save's trailing watcher event may
    // start a build before the removal, whose output still holds the file; the removal's build follows.
    await devSite.events.next('problems', (data) =>
      JSON.stringify(data.problems).includes('link to a missing file: steps.svg'),
    );
    await expect
      .poll(async () => (await get(`${devSite.dev.origin}/docs/guide/steps.svg`)).status, {
        timeout: 120_000,
        interval: 100,
      })
      .toBe(404);
  });

  it('reports a link that a save of the page it points to breaks, on the page not saved, and its fix', async () => {
    await edit('content/index.md', (t) => t.replace('(reference/api.md)', '(reference/api.md#endpoints)'));
    await devSite.events.next('reload');
    // Only api.md is saved: the problem is index.md's, which is not read again.
    await edit('content/reference/api.md', (t) => t.replace('## Endpoints', '## Routes'));
    const problems = await devSite.events.next('problems');
    expect(problems.data.problems).toEqual([
      expect.objectContaining({ file: 'index.md', message: 'link to a missing heading: reference/api.md#endpoints' }),
    ]);
    await edit('content/reference/api.md', (t) => t.replace('## Routes', '## Endpoints'));
    await devSite.events.next('reload');
    const fresh = await EventStream.open(`${devSite.dev.origin}/docs/__dev/events`);
    expect(fresh.pending()).toEqual([]);
    fresh.close();
  });

  it('renders a page from its OpenAPI document, and again when the document changes', async () => {
    const spec = (summary: string) =>
      `openapi: 3.1.0\ninfo: { title: Acme API, version: "1" }\npaths:\n  /users:\n    get:\n      operationId: listUsers\n      summary: ${summary}\n      tags: [Users]\n      responses:\n        "200": { description: The users. }\n`;
    const shows = (route: string) => (data: Record<string, unknown>) => (data.routes as string[]).includes(route);
    await writeFile(devSite.site.file('content/_model/openapi.yaml'), spec('List users'));
    await writeFile(
      devSite.site.file('content/reference/rest.md'),
      '---\ntitle: REST\ndescription: The REST reference.\nopenapi: ../_model/openapi.yaml\n---\n\nEvery endpoint.\n',
    );
    await devSite.events.next('reload', shows('/reference/rest/'));
    expect((await get(`${devSite.dev.origin}/docs/reference/rest/`)).text).toContain('id="list-users"');
    await writeFile(devSite.site.file('content/_model/openapi.yaml'), spec('List every user'));
    await devSite.events.next('reload', shows('/reference/rest/'));
    expect((await get(`${devSite.dev.origin}/docs/reference/rest/`)).text).toContain('List every user');
  });

  it('swaps the stylesheet without a reload when only CSS changed', async () => {
    const stylesheet = path.join(devSite.client.clientDir, 'styles/index.css');
    const original = await readFile(stylesheet, 'utf8');
    // A save that lands while an earlier rebuild still runs is shown with it, as one reload (src/dev/builder.ts
    // `laterResult`): the stylesheet is saved again, with another rule, until a save is shown on its own. A swap
    // that never comes fails on the third.
    let swapped: { style: Awaited<ReturnType<typeof devSite.events.next>>; before: string; marker: string } | undefined;
    for (let attempt = 1; attempt <= 3 && !swapped; attempt++) {
      const before = /<link rel="stylesheet" href="([^"]+)"/.exec((await get(`${devSite.dev.origin}/docs/`)).text)![1];
      const marker = `dev-test-marker-${attempt}`;
      await writeFile(stylesheet, `${original}\n.${marker} { color: rebeccapurple; }\n`);
      const event = await devSite.events.next(['style', 'reload']);
      if (event.type === 'style') swapped = { style: event, before, marker };
    }
    expect(swapped).toBeDefined();
    const { style, before, marker } = swapped!;
    expect(style.data.previous).toBe(before);
    expect(style.data.href).not.toBe(before);
    expect((await get(`${devSite.dev.origin}${style.data.href}`)).text).toContain(`.${marker}{color:#639}`);
    expect(devSite.events.pending().filter((e) => e.type === 'reload')).toEqual([]);
    expect((await get(`${devSite.dev.origin}/docs/`)).text).toContain(`href="${style.data.href}"`);
  });

  it('reports a syntax error in the browser code with its file and line, and recovers when it is fixed', async () => {
    const main = path.join(devSite.client.clientDir, 'main.ts');
    const original = await readFile(main, 'utf8');
    await writeFile(main, `${original}\nconst broken = ;\n`);
    const problems = await devSite.events.next('problems');
    const lines = original.split('\n').length;
    expect(problems.data.problems).toEqual([
      expect.objectContaining({
        file: expect.stringMatching(/client\/main\.ts$/),
        line: lines + 1,
        message: expect.stringContaining('cannot bundle the browser code'),
      }),
    ]);
    expect((await get(`${devSite.dev.origin}/docs/guide/`)).status).toBe(200);
    await writeFile(main, original);
    await devSite.events.next('reload');
  });

  it('turns a burst of saves and an atomic save into one rebuild', async () => {
    // A longer quiet time than the default, so a loaded test machine does not split the burst.
    await devSite.restart({ debounceMs: 150 });
    const rebuilds: string[][] = [];
    devSite.dev.onRebuild((result) => rebuilds.push(result.rendered));
    const file = devSite.site.file('content/reference/api.md');
    const original = await readFile(file, 'utf8');
    for (let i = 1; i <= 10; i++) await writeFile(file, original.replace('The API has endpoints.', `Draft ${i}.`));
    // An editor's atomic save: write a temp file, then rename it over the page. The temp file is hidden, as
    // editors name theirs (a file not hidden would be a static file of the site for a moment, and a build that
    // listed it would rightly render every page again, which made this test depend on the machine's speed).
    const temp = path.join(path.dirname(file), '.api.md.tmp');
    await writeFile(temp, original.replace('The API has endpoints.', 'Final text.'));
    await rename(temp, file);
    await devSite.events.next('reload');
    expect((await get(`${devSite.dev.origin}/docs/reference/api/`)).text).toContain('Final text.');
    // A later, separate save is the second rebuild shown: the burst made only one. A build starts at
    // the burst's first event, so its routes are those of every build the burst made (a half-written
    // page may change another page's sidebar for a moment).
    await edit('content/index.md', (t) => `${t}\nMore.\n`);
    await devSite.events.next('reload');
    expect(rebuilds).toHaveLength(2);
    expect(rebuilds[0]).toContain('/reference/api/');
    expect(rebuilds[1]).toEqual(['/']);
  });

  it('sees a save that follows the previous one closely (chokidar sends one change per 50 ms)', async () => {
    const file = devSite.site.file('content/reference/api.md');
    const original = await readFile(file, 'utf8');
    await writeFile(file, original.replace('The API has endpoints.', 'First save.'));
    // After the first batch is taken (15 ms of quiet), but inside chokidar's 50 ms window.
    await new Promise((resolve) => setTimeout(resolve, 35));
    await writeFile(file, original.replace('The API has endpoints.', 'Formatted save.'));
    await devSite.events.next('reload', () => true);
    await expect
      .poll(async () => (await get(`${devSite.dev.origin}/docs/reference/api/`)).text, { timeout: 120_000 })
      .toContain('Formatted save.');
  });

  it('serves the Markdown copy and the search index of the current content', async () => {
    await edit('content/guide/configure.md', (t) =>
      t.replace('Set the options in a file.', 'Set the zebracorn option in a file.'),
    );
    await devSite.events.next('reload');
    expect((await get(`${devSite.dev.origin}/docs/guide/configure/index.md`)).text).toContain('zebracorn');
    const manifest = JSON.parse((await get(`${devSite.dev.origin}/docs/search.json`)).text);
    expect(manifest.docs).toBeGreaterThan(0);
    expect((await get(`${devSite.dev.origin}${manifest.dir}v/${manifest.vocab[0][2]}.json`)).status).toBe(200);
  });

  it('serves after edits the same pages, chunks, route tables and 404 page as a build of the same content', async () => {
    await edit('content/reference/api.md', (t) => t.replace('The API has endpoints.', 'Changed.'));
    await devSite.events.next('reload');
    await edit('content/guide/configure.md', (t) => t.replace('title: Configure', 'title: Configure it'));
    await devSite.events.next('reload');
    await writeFile(
      devSite.site.file('content/reference/limits.md'),
      '---\ntitle: Limits\ndescription: How much you can send.\n---\n\nSee the [API](api.md).\n',
    );
    await devSite.events.next('reload');
    await rm(devSite.site.file('content/reference/index.md'));
    await devSite.events.next('reload');
    // Saves that only edit (the listing, the sidebars and the layout keys are kept while titles stay):
    // a title, shown in every page's sidebar, then a page's text alone.
    await edit('content/guide/index.md', (t) => t.replace(/^title: .*$/m, 'title: The guide'));
    await devSite.events.next('reload');
    await edit('content/reference/api.md', (t) => t.replace('Changed.', 'Changed again.'));

    const pages = await expectServedAsBuiltAfterReload(devSite.dev, devSite.events, devSite.site.root, ['/reference/']);
    expect(pages).toEqual(
      expect.arrayContaining(['index.html', 'reference/limits/index.html', 'old-install/index.html']),
    );
    expect(pages).not.toContain('reference/index.html');
    expect(sidebar((await get(`${devSite.dev.origin}/docs/reference/api/`)).text)).toContain('The guide');
  });

  it('serves a page parsed again by blocks as a build renders it, after saves that move a block boundary', async () => {
    const head = '---\ntitle: API\ndescription: The REST API.\n---\n\n## Endpoints\n\nThe API has endpoints.\n\n';
    const tail =
      '\n\nMiddle text.\n\n```js\nconst a = 1;\n\n\nconst b = 2;\n```\n\nEnd, with [the guide](../guide/index.md).\n';
    const saves = [
      `${head}- one\n- two${tail}`,
      // A fence opened above the list: the page is code down to the old fence.
      `${head}\`\`\`\n\n- one\n- two${tail}`,
      // A callout opened above the list holds the rest of the page; then closed after it, and a list item after a blank line.
      `${head}::: tip Careful\n\n- one\n- two${tail}\n:::\n`,
      `${head}::: tip Careful\n\n- one\n- two\n\n:::\n\n- three${tail}`,
      `${head}1. one\n\n   \`\`\`sh\n   run\n\n   \`\`\`\n\n- three${tail}`,
    ];
    for (const text of saves) {
      await writeFile(devSite.site.file('content/reference/api.md'), text);
      await devSite.events.next('reload');
      const { built, served } = await buildBeside(devSite.dev, devSite.site.root);
      expect(await served('/docs/reference/api/'), text).toBe(built.text('reference/api/index.html'));
    }
  });

  it('rebuilds every page with freshly loaded code when a component or template changes', async () => {
    const components = await devSite.dev.builder.update([path.join(RENDER_DIR, 'components.tsx')]);
    expect(components?.rendered).toHaveLength(6);
    expect(components?.event.type).toBe('reload');
    const templates = await devSite.dev.builder.update([path.join(TEMPLATES_DIR, 'page.html')]);
    expect(templates?.rendered).toHaveLength(6);
  });

  it('ignores files that are not part of the site', async () => {
    expect(
      await devSite.dev.builder.update([
        devSite.site.file('notes.txt'),
        devSite.site.file('content/guide/picture.png'),
      ]),
    ).toBeNull();
  });
});
