import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../src/build/index.js';
import { resolveConfig, type Plugin, type UserConfig } from '../../src/config/index.js';
import { BuildFailure } from '../../src/model/errors.js';
import { scriptHash } from '../../src/outputs/headers.js';
import { workersAllowed } from '../../src/pages/index.js';
import { FsWriter, MemoryWriter } from '../../src/write/index.js';
import { buildInMemory, fixture } from '../helpers/site.js';
import { page, tmpSite } from '../helpers/tmp-site.js';

describe('plugins: the fixture site (a remark plugin, and a plugin that adds a page, head tags, CSS, a client module, search records, a check and a file)', () => {
  let built: Awaited<ReturnType<typeof buildInMemory>>;
  beforeAll(async () => {
    built = await buildInMemory(fixture('plugins'));
  });
  const text = (file: string) => built.writer.text(file) ?? '';

  it('runs the remark plugin with its options: the first use of each term is an <abbr>', () => {
    const html = text('index.html');
    expect(html).toContain('<abbr title="Server-sent events">SSE</abbr>');
    expect(html).toContain('<abbr title="Content Security Policy">CSP</abbr>');
    expect(html.match(/<abbr title="Server-sent events">/g)).toHaveLength(1);
  });

  it('writes the generated page like a Markdown one: HTML, Markdown, route table, sitemap, llms.txt, links to it checked', () => {
    expect(text('releases/index.html')).toContain('Steps run in parallel when they do not depend on each other.');
    expect(text('releases/index.html')).toContain('id="v2-1-0"');
    expect(text('releases/index.md')).toContain('# Releases');
    expect(JSON.parse(text('pages.json')).map((p: { regularPath: string }) => p.regularPath)).toEqual([
      '/',
      '/releases/',
    ]);
    expect(text('sitemap.xml')).toContain('/docs/releases/</loc>');
    expect(text('llms.txt')).toContain('[Releases]');
    expect(text('index.html')).toContain('href="/docs/releases/"');
    // It has no file to edit: its frontmatter names the plugin instead.
    expect(text('index.html')).toContain('https://git.example/docs/edit/main/content/index.md');
    expect(text('releases/index.html')).not.toContain('git.example');
    expect(JSON.parse(text('pages.json'))[1].frontmatter.generatedBy).toBe('releases');
  });

  it("puts the plugin's head tags on every page and its inline script's hash into the CSP of _headers", () => {
    const script = "document.documentElement.dataset.releases='on';";
    for (const file of ['index.html', 'releases/index.html', '404.html']) {
      expect(text(file)).toContain('<meta name="releases:data" content="/docs/releases.json">');
      expect(text(file)).toContain(`<script>${script}</script>`);
      expect(text(file)).toMatch(/<link rel="stylesheet" href="\/docs\/assets\/plugins\/releases\.\w+\.css">/);
    }
    const csp = /Content-Security-Policy: (.*)/.exec(text('_headers'))![1];
    expect(csp).toContain(scriptHash(script));
  });

  it('loads the client module only on the page that asks for it, and bundles it', () => {
    const link = /<link rel="modulepreload" href="\/docs\/(assets\/plugins\/releases-0\.\w+\.js)" data-docs-module>/;
    const [, file] = link.exec(text('releases/index.html'))!;
    expect(text('index.html')).not.toMatch(link);
    expect(text(file)).toContain('releasesClient');
    // The runtime imports the modules a page names (test/browser/plugins.test.ts): no loader script on every page.
    expect(text('index.html')).not.toMatch(/<script type="module" src="\/docs\/assets\/plugins\//);
    expect([...built.writer.files.keys()].filter((f) => /^assets\/plugins\/modules\./.test(f))).toEqual([]);
  });

  it("writes the plugin's output file and indexes its search records", () => {
    expect(JSON.parse(text('releases.json'))[0].version).toBe('2.1.0');
    const snippets = [...built.writer.files.keys()]
      .filter((f) => f.startsWith('assets/search/p/'))
      .map(text)
      .join('');
    expect(snippets).toContain('Release 2.1.0');
  });
});

describe('plugins: markdown.remarkPlugins and rehypePlugins', () => {
  let cleanup: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await cleanup?.();
    cleanup = undefined;
  });

  /** A site of two pages, built in memory with a configuration given as an object (functions included). */
  async function build(config: UserConfig, body = 'Some text.\n\nA TODO here.') {
    const site = await tmpSite({
      'content/index.md': page('Home', body),
      'content/other.md': page('Other', 'Nothing to see.'),
    });
    cleanup = site.cleanup;
    const writer = new MemoryWriter();
    const result = await buildSite(resolveConfig({ siteUrl: 'https://example.com', ...config }, site.root), writer);
    return { result, writer, root: site.root };
  }

  function remarkTodo(this: unknown, options?: { fail?: boolean }) {
    return (
      tree: { children: { type: string; position?: unknown; children?: { value?: string }[] }[] },
      file: { message: (r: string, p: unknown) => void; fail: (r: string, p: unknown) => never },
    ) => {
      for (const node of tree.children) {
        if (node.children?.some((c) => c.value?.includes('TODO')))
          (options?.fail ? file.fail : file.message).call(file, 'a TODO is left in the text', node.position);
      }
    };
  }

  it('reports a warning raised by a plugin with file:line and the plugin name, and the build succeeds', async () => {
    const { result } = await build({ markdown: { remarkPlugins: [remarkTodo] } });
    expect(result.warnings.map(String)).toEqual([
      expect.stringMatching(/^index\.md:8:1 {2}remark plugin "remarkTodo": a TODO is left in the text$/),
    ]);
  });

  it('fails the build on a warning when checks.markdownPlugins is "error", and on file.fail always', async () => {
    const strict = build({ markdown: { remarkPlugins: [remarkTodo] }, checks: { markdownPlugins: 'error' } });
    await expect(strict).rejects.toThrow(BuildFailure);
    await expect(strict.catch((e: BuildFailure) => e.format())).resolves.toMatch(
      /index\.md\n {2}8:1 {2}remark plugin "remarkTodo": a TODO is left in the text/,
    );
    await cleanup?.();
    const fatal = build({
      markdown: { remarkPlugins: [[remarkTodo, { fail: true }]] },
      checks: { markdownPlugins: 'off' },
    });
    await expect(fatal.catch((e: BuildFailure) => e.format())).resolves.toMatch(
      /8:1 {2}remark plugin "remarkTodo": a TODO is left in the text/,
    );
  });

  it('names a plugin that throws, with the page, and refuses an async one with the reason', async () => {
    const throwing = () => () => {
      throw new Error('boom');
    };
    const failed = await build({ markdown: { rehypePlugins: [throwing] } }).catch((e: BuildFailure) => e.format());
    expect(failed).toMatch(/index\.md\n {2}- {2}rehype plugin "throwing" failed: boom/);
    await cleanup?.();
    const later = () => async () => {};
    const refused = await build({ markdown: { remarkPlugins: [later] } }).catch((e: BuildFailure) => e.format());
    expect(refused).toMatch(/remark plugin "later" is asynchronous/);
  });

  it('runs rehype plugins before the outline and the link check: a heading one adds is in the table of contents', async () => {
    const rehypeAppendix = () => (tree: { children: unknown[] }) => {
      tree.children.push({
        type: 'element',
        tagName: 'h2',
        properties: { id: 'appendix' },
        children: [{ type: 'text', value: 'Appendix' }],
      });
    };
    const { writer } = await build({ markdown: { rehypePlugins: [rehypeAppendix] } }, 'Text.');
    expect(writer.text('index.html')).toMatch(/<a href="#appendix"[^>]*>Appendix<\/a>/);
  });

  it('renders the pages again when a plugin changes (its code is in the cache key), and runs them in one thread', async () => {
    const site = await tmpSite({ 'content/index.md': page('Home', 'Hello.') });
    cleanup = site.cleanup;
    const stamp = (word: string) =>
      new Function(
        'return function remarkStamp() { return (tree) => { tree.children.push({ type: "paragraph", children: [{ type: "text", value: "' +
          word +
          '" }] }); }; }',
      )() as () => void;
    const outDir = path.join(site.root, 'dist');
    const once = async (word: string) => {
      const config = resolveConfig({ markdown: { remarkPlugins: [stamp(word)] } }, site.root, { outDir });
      expect(workersAllowed(config)).toBe(false);
      await buildSite(config, new FsWriter(outDir));
      return readFile(path.join(outDir, 'index.html'), 'utf8');
    };
    expect(await once('first-stamp')).toContain('first-stamp');
    const second = await once('second-stamp');
    expect(second).toContain('second-stamp');
    expect(second).not.toContain('first-stamp');
  });
});

describe('plugins: a failing plugin is named with its hook', () => {
  let cleanup: (() => Promise<void>) | undefined;
  afterAll(async () => cleanup?.());

  async function failure(plugin: Plugin): Promise<string> {
    const site = await tmpSite({ 'content/index.md': page('Home', 'Text.') });
    cleanup = site.cleanup;
    const error = await buildSite(resolveConfig({ plugins: [plugin] }, site.root), new MemoryWriter()).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(BuildFailure);
    return (error as BuildFailure).format();
  }

  it.each([
    ['outputs', { name: 'broken-outputs', outputs: () => JSON.parse('{') as [] }],
    ['pages', { name: 'broken-pages', pages: async () => Promise.reject(new TypeError('no data')) }],
    ['head', { name: 'broken-head', head: () => [{ tag: 'style' as never, content: 'x' }] }],
    [
      'checks',
      { name: 'broken-checks', checks: () => [{ name: 'x', run: () => (undefined as unknown as { list: [] }).list }] },
    ],
  ] satisfies [string, Plugin][])('in its %s hook', async (hook, plugin) => {
    const message = await failure(plugin);
    expect(message).toContain(`plugin "${plugin.name}" failed in its "${hook}" hook`);
    expect(message).not.toMatch(/^\s+at /m); // no stack
  });

  it('says where in its code it threw', async () => {
    expect(await failure({ name: 'thrower', outputs: () => [][0]!['x' as never] })).toMatch(
      /\(at test\/integration\/plugins\.test\.ts:\d+:\d+\)/,
    );
  });

  it('runs buildEnd after the output is written, with every file', async () => {
    let seen: string[] = [];
    const site = await tmpSite({ 'content/index.md': page('Home', 'Text.') });
    cleanup = site.cleanup;
    const outDir = path.join(site.root, 'dist');
    const report: Plugin = {
      name: 'report',
      async buildEnd({ files, outDir: out }) {
        await readFile(path.join(out, 'index.html')); // written by then
        seen = files;
      },
    };
    await buildSite(resolveConfig({ plugins: [report] }, site.root, { outDir }), new FsWriter(outDir));
    expect(seen).toEqual(expect.arrayContaining(['index.html', 'sitemap.xml', 'llms.txt', '_headers']));
  });

  it('merges what a config hook returns and validates it again', async () => {
    const site = await tmpSite({ 'content/index.md': page('Home', 'Text.') });
    cleanup = site.cleanup;
    const config = resolveConfig(
      {
        title: 'Site',
        plugins: [{ name: 'titled', config: () => ({ description: 'Added by a plugin.', constants: { a: 1 } }) }],
        constants: { b: 2 },
      },
      site.root,
    );
    expect(config.description).toBe('Added by a plugin.');
    expect(config.constants).toEqual({ a: 1, b: 2 });
    expect(() => resolveConfig({ plugins: [{ name: 'bad', config: () => ({ base: 'docs' }) }] }, site.root)).toThrow(
      BuildFailure,
    );
    const typo = (() => {
      try {
        resolveConfig({ plugins: [{ name: 'typo', outptus: () => [] } as never] }, site.root);
      } catch (error) {
        return (error as BuildFailure).format();
      }
    })();
    expect(typo).toMatch(/unknown key "plugins\.0\.outptus"/);
  });
});
