import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/cli.js';
import { configFile, page, tmpSite } from '../../helpers/tmp-site.js';

/**
 * Code that never finishes (issue 37): MDX expressions, exports and components, the `mdx.components`
 * module, plugin hooks, the configuration. Each build stops within its limit (set small here) with a
 * message naming the page, plugin or hook, the limit and how to raise it.
 */

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

async function build(files: Record<string, string>) {
  const site = await tmpSite({ 'content/index.md': page('Home', '## Start\n\nHello.'), ...files });
  cleanup = site.cleanup;
  const r = await runCli(['build', site.root]);
  expect(r.stderr).not.toMatch(/Internal error|    at /);
  return r;
}

const pluginConfig = (limits: string, plugin: string) =>
  `import { defineConfig } from '__SRC__/config/define.ts';\nexport default defineConfig({ limits: ${limits}, plugins: [${plugin}] });\n`;

describe('code that never finishes stops the build within its limit', () => {
  it('an MDX expression, an export and a component that loop forever', async () => {
    const r = await build({
      'docs.config.ts': configFile({ limits: { mdxMs: 300 }, mdx: { components: './components/index.tsx' } }),
      'components/index.tsx': 'export function Spin() { for (;;) {} }\n',
      'content/expression.mdx': page('Expression', 'Text.\n\n{(() => { while (true) {} })()}'),
      'content/export.mdx': page('Export', 'export const forever = (() => { for (;;) {} })();\n\nText.'),
      'content/component.mdx': page('Component', '<Spin />'),
    });
    expect(r.code).toBe(1);
    for (const name of ['expression', 'export', 'component'])
      expect(r.stderr).toMatch(
        new RegExp(`${name}\\.mdx\\n\\s+-\\s+evaluating and rendering the MDX page took longer than its limit of 300 ms`),
      );
    expect(r.stderr).toContain('`limits.mdxMs` in docs.config.ts sets the limit');
  });

  it('an mdx.components module that loops at its top level', async () => {
    const r = await build({
      'docs.config.ts': configFile({ limits: { mdxMs: 300 }, mdx: { components: './components/index.tsx' } }),
      'components/index.tsx': 'for (;;) {}\nexport function Fine() { return null; }\n',
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/components\/index\.tsx\n\s+-\s+loading the MDX components took longer than 300 ms/);
  });

  it('an MDX expression that builds huge text is bounded by the page size', async () => {
    const r = await build({
      'docs.config.ts': configFile({ limits: { pageBytes: 4096 } }),
      'content/huge.mdx': page('Huge', "{'x'.repeat(200000)}"),
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/huge\.mdx\n\s+-\s+the rendered page is 196 KB, over the limit of 32 KB/);
    expect(r.stderr).toContain('raise `limits.pageBytes`');
  });

  it.each([
    ['head', 'head: () => { for (;;) {} }'],
    ['pages', 'pages: () => new Promise(() => {})'],
    ['outputs', 'outputs: () => { while (true) {} }'],
    ['buildEnd', 'buildEnd: async () => { await new Promise(() => {}); }'],
  ])('a plugin whose "%s" hook never finishes', async (hook, code) => {
    const r = await build({ 'docs.config.ts': pluginConfig('{ hookMs: 300 }', `{ name: 'stuck', ${code} }`) });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`plugin "stuck": its "${hook}" hook ran longer than 300 ms`);
    expect(r.stderr).toContain('raise `limits.hookMs` in docs.config.ts');
  });

  it('a configuration that never finishes loading', async () => {
    const before = process.env.DOCS_CONFIG_LOAD_MS;
    process.env.DOCS_CONFIG_LOAD_MS = '300';
    try {
      const r = await build({
        // An ES module (top-level await needs one): it waits forever.
        'package.json': '{ "type": "module" }',
        'docs.config.ts': `await new Promise(() => {});\nexport default {};\n`,
      });
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/docs\.config\.ts\n\s+-\s+the configuration did not finish loading within 300 ms/);
      expect(r.stderr).toContain('DOCS_CONFIG_LOAD_MS');
    } finally {
      if (before === undefined) delete process.env.DOCS_CONFIG_LOAD_MS;
      else process.env.DOCS_CONFIG_LOAD_MS = before;
    }
  });

  it('a configuration that exports a promise that never settles', async () => {
    const before = process.env.DOCS_CONFIG_LOAD_MS;
    process.env.DOCS_CONFIG_LOAD_MS = '300';
    try {
      const r = await build({ 'docs.config.ts': `export default new Promise(() => {});\n` });
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/the configuration did not finish loading within 300 ms/);
    } finally {
      if (before === undefined) delete process.env.DOCS_CONFIG_LOAD_MS;
      else process.env.DOCS_CONFIG_LOAD_MS = before;
    }
  });

  it('a configuration that exports null', async () => {
    const r = await build({ 'docs.config.ts': 'export default null;\n' });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/docs\.config\.ts\n\s+-\s+the configuration's default export is null, not an object of settings/);
  });
});
