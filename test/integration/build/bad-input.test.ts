import { existsSync } from 'node:fs';
import { readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/cli.js';
import { configFile, page, tmpSite } from '../../helpers/tmp-site.js';

/** The CLI in this process (test/integration/cli.test.ts spawns the real one). */
const cli = (args: string[]) => runCli(args);

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

async function buildFails(files: Record<string, string>) {
  const site = await tmpSite({ 'content/index.md': page('Home', '## Start\n\nHello.'), ...files });
  cleanup = site.cleanup;
  const result = await cli(['build', site.root]);
  return { ...result, root: site.root };
}

describe('build: bad input stops the build with exit 1, file, line and a fix', () => {
  it('reports malformed YAML frontmatter with its line', async () => {
    const r = await buildFails({ 'content/bad.md': '---\ntitle: Fine\ndescription: [unclosed\n---\n\nBody\n' });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/bad\.md\n\s+\d+:\d+\s+malformed YAML frontmatter/);
    expect(r.stderr).toContain('fix:');
  });

  it('reports a missing title and a missing description (strict: by default both are derived from the body)', async () => {
    const r = await buildFails({
      'docs.config.ts': 'export default { strict: { title: true, description: true } };\n',
      'content/a.md': '---\ndescription: Only a description.\n---\n\nBody\n',
      'content/b.md': '---\ntitle: Only a title\n---\n\nBody\n',
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('a.md');
    expect(r.stderr).toContain('missing frontmatter "title"');
    expect(r.stderr).toContain('b.md');
    expect(r.stderr).toContain('missing frontmatter "description"');
    expect(r.stderr).toContain('2 problems found');
  });

  it('reports two files with the same route', async () => {
    const r = await buildFails({ 'content/guide.md': page('Guide'), 'content/guide/index.md': page('Guide index') });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('two files have the route /guide/: guide.md and guide/index.md');
  });

  it("reports a page whose address is one of the site's own files or folders (assets/, search.json)", async () => {
    const r = await buildFails({
      'content/assets.md': page('Assets', 'About our assets.'),
      'content/search.json.md': page('Search', 'About search.'),
      'content/fr/assets.md': page('Ressources', 'A page in a folder of its own is fine.'),
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/assets\.md\n\s+1:1\s+the page's address \/assets\/ is a name the site's own files use/);
    expect(r.stderr).toMatch(/search\.json\.md\n\s+1:1\s+the page's address \/search\.json\/ is a name/);
    expect(r.stderr).not.toContain('fr/assets.md');
    expect(r.stderr).not.toContain('EISDIR');
    expect(existsSync(path.join(r.root, 'dist'))).toBe(false);
  });

  it('reports two routes that differ only in case (one folder on macOS and Windows)', async () => {
    const r = await buildFails({ 'content/Guide.md': page('Guide'), 'content/guide.md': page('guide') });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      'two files have the route /Guide/ (differing only in case from /guide/): guide.md and Guide.md',
    );
  });

  it('reports a link to a missing page and to a missing heading, with their lines', async () => {
    const r = await buildFails({
      'content/links.md': page(
        'Links',
        'First line.\n\nSee [nowhere](nowhere.md).\n\nAnd [a heading](index.md#no-such-heading).',
      ),
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/links\.md\n\s+8:\d+\s+link to a missing page: nowhere\.md/);
    expect(r.stderr).toMatch(/10:\d+\s+link to a missing heading: index\.md#no-such-heading/);
    expect(r.stderr).toContain('its headings: #start');
  });

  it('reports an unknown constant with a suggestion', async () => {
    const r = await buildFails({
      'docs.config.ts': configFile({ constants: { payloadSizeLimit: '512KB' } }),
      'content/c.md': page('Constants', 'The limit is %{payloadSizeLimt}.'),
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/c\.md\n\s+6:\d+\s+unknown constant "payloadSizeLimt"/);
    expect(r.stderr).toContain('did you mean %{payloadSizeLimit}?');
  });

  it('reports a redirect to a missing page, a loop and a chain of more than two hops', async () => {
    const r = await buildFails({
      'docs.config.ts': configFile({
        redirects: [
          { from: '/gone', to: '/missing/' },
          { from: '/a', to: '/b' },
          { from: '/b', to: '/a' },
          { from: '/one', to: '/two' },
          { from: '/two', to: '/three' },
          { from: '/three', to: '/four' },
          { from: '/four', to: '/' },
          // An exact entry matches its path only as written, as hosts and the runtime match it.
          { from: '/apps/all', to: 'https://apps.example.com/', exact: true },
          { from: '/old-apps', to: '/apps/all/' },
        ],
      }),
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('redirect /old-apps -> /apps/all/ ends at /apps/all/, which is not a page');
    expect(r.stderr).toContain('redirect /gone -> /missing/ ends at /missing/, which is not a page');
    expect(r.stderr).toMatch(/redirect loop: \/a\/ -> \/b\/ -> \/a\//);
    expect(r.stderr).toContain('redirect chain from /one takes more than two hops');
  });

  it('reports a sidebar entry that is not a page', async () => {
    const r = await buildFails({
      'docs.config.ts': configFile({ sidebar: [{ text: 'Guide', items: ['/', '/not-here/'] }] }),
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('sidebar group "Guide" lists /not-here/, which is not a page');
  });

  it('reports an unreadable file (a link to a file that is gone)', async () => {
    const site = await tmpSite({ 'content/index.md': page('Home') });
    cleanup = site.cleanup;
    await symlink(path.join(site.root, 'moved-away.md'), path.join(site.root, 'content/secret.md'));
    const r = await cli(['build', site.root]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('secret.md');
    expect(r.stderr).toContain('cannot read the file: ENOENT');
  });

  it('reports an unknown configuration key and a wrong type, naming the keys', async () => {
    const r = await buildFails({ 'docs.config.ts': configFile({ titel: 'Typo', base: 42 }) });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('unknown key "titel"');
    expect(r.stderr).toContain('"base"');
  });

  it('reports a configuration that imports a missing file at the import, not as a syntax error', async () => {
    const config = configFile({ title: 'Docs' }).replace('export default', "import './not-here.js';\nexport default");
    const r = await buildFails({ 'docs.config.ts': config });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /docs\.config\.ts\n\s+2:\d+\s+cannot load the configuration: it imports \.\/not-here\.js, which does not exist/,
    );
    expect(r.stderr).toContain('fix: correct the path');
    expect(r.stderr).not.toContain('syntax error');
  });

  it("reports an import of a package's subpath it does not export at the import, with the entries it has", async () => {
    const config = configFile({ title: 'Docs' }).replace('export default', "import 'acme-kit/blog';\nexport default");
    const r = await buildFails({
      'docs.config.ts': config,
      'node_modules/acme-kit/package.json': JSON.stringify({
        name: 'acme-kit',
        type: 'module',
        exports: { './config': './config.js', './theme': './theme.js', './package.json': './package.json' },
      }),
      'node_modules/acme-kit/config.js': 'export {};\n',
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /docs\.config\.ts\n\s+2:1\s+cannot load the configuration: it imports acme-kit\/blog, which the installed acme-kit does not export/,
    );
    expect(r.stderr).toContain('fix: import from one of acme-kit/config, acme-kit/theme, or install a version');
    expect(r.stderr).not.toContain('syntax error');
  });

  it('reports a configuration that throws when it runs without calling it a syntax error', async () => {
    const config = configFile({ title: 'Docs' }).replace(
      'export default',
      "throw new Error('no API key');\nexport default",
    );
    const r = await buildFails({ 'docs.config.ts': config });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('cannot load the configuration: no API key');
    expect(r.stderr).toContain('fix: the error came from running the file');
    expect(r.stderr).not.toContain('syntax error');
  });

  it('reports every problem of a run at once, grouped by file', async () => {
    const r = await buildFails({
      'docs.config.ts': 'export default { strict: true };\n',
      'content/x.md': page('X', '[a](a.md) and %{nope}'),
      'content/y.md': '---\ntitle: Y\n---\n',
    });
    expect(r.stderr).toContain('3 problems found');
    expect(r.stderr.indexOf('x.md')).toBeLessThan(r.stderr.indexOf('y.md'));
  });

  it('refuses hostile content with file:line and exits 1 without crashing: huge, quadratic and deep pages, an alias bomb, scripts, a link out of the folder', async () => {
    const bomb = [
      'a: &a [x,x,x,x,x,x,x,x,x]',
      ...Array.from(
        { length: 8 },
        (_, i) =>
          `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${Array(9)
            .fill(`*${String.fromCharCode(97 + i)}`)
            .join(',')}]`,
      ),
    ].join('\n');
    const site = await tmpSite({
      'content/index.md': page('Home', 'Hello.'),
      'content/huge.md': page('Huge', 'Some words here.\n\n'.repeat(3_000_000)),
      'content/brackets.md': page('Brackets', '[ (]('.repeat(30_000)),
      'content/deep.md': page('Deep', `${'- '.repeat(10_000)}item`),
      'content/bomb.md': `---\ntitle: Bomb\ndescription: Aliases.\n${bomb}\n---\n\nBody\n`,
      'content/script.md': page('Script', '[run](javascript:alert(1))\n\n<img src="x.png" onerror="alert(1)">'),
      'content/widget.js': 'alert(1)',
      'host.txt': 'secret',
    });
    cleanup = site.cleanup;
    await symlink(path.join(site.root, 'host.txt'), path.join(site.root, 'content/passwd.txt'));
    const r = await cli(['build', site.root]);
    expect(r.code).toBe(1);
    expect(r.stderr).not.toMatch(/Internal error|RangeError|    at /);
    expect(r.stderr).toMatch(
      /huge\.md\n\s+1:1\s+the file is 51\.5 MB, over the limit of 512 KB for a page \(frontmatter included\)/,
    );
    expect(r.stderr).toMatch(/brackets\.md\n\s+6:1\s+a paragraph with more than 1000 brackets/);
    expect(r.stderr).toMatch(
      /deep\.md\n\s+6:1\s+lists, block quotes and callouts nested 10000 deep, over the limit of 32/,
    );
    expect(r.stderr).toMatch(
      /bomb\.md\n\s+5:1\s+malformed YAML frontmatter: its aliases expand to more than 100 copies/,
    );
    expect(r.stderr).toMatch(
      /script\.md\n\s+6:1\s+a link to a javascript: URL \(href\)\n[^\n]+\n\s+8:\d+\s+an event-handler attribute \(onerror=\)/,
    );
    expect(r.stderr).toMatch(/widget\.js\n\s+-\s+a script file in the content folder/);
    expect(r.stderr).toMatch(/passwd\.txt\n\s+-\s+a symbolic link to \S+host\.txt, outside the content folder/);
    expect(existsSync(path.join(site.root, 'dist'))).toBe(false);
  });

  it('leaves the previous output untouched when a build fails', async () => {
    const site = await tmpSite({ 'content/index.md': page('Home', 'Version one.') });
    cleanup = site.cleanup;
    expect((await cli(['build', site.root])).code).toBe(0);
    const before = await readFile(path.join(site.root, 'dist/index.html'), 'utf8');
    await writeFile(path.join(site.root, 'content/index.md'), page('Home', 'Broken [link](missing.md).'));
    expect((await cli(['build', site.root])).code).toBe(1);
    expect(await readFile(path.join(site.root, 'dist/index.html'), 'utf8')).toBe(before);
  });
});

describe('cli', () => {
  it('exits 2 on an unknown command or option, and 0 for --help and --version', async () => {
    expect((await cli(['frobnicate'])).code).toBe(2);
    expect((await cli(['build', '--no-such-flag'])).code).toBe(2);
    const help = await cli(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/build \[options\] \[root\]/);
    const version = await cli(['--version']);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('prints one summary line in CI', async () => {
    const site = await tmpSite({ 'content/index.md': page('Home'), 'content/a.md': page('A') });
    cleanup = site.cleanup;
    const r = await cli(['build', site.root]);
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(1);
    expect(r.stdout).toMatch(/^built 2 pages and 0 redirects in \d+\.\d\d s/);
  });

  it('builds a plain folder of Markdown with no configuration, with a generated sidebar', async () => {
    const site = await tmpSite({
      'content/index.md': page('Home'),
      'content/guide/index.md': page('Guide'),
      'content/guide/b.md': page('Bravo', '', { frontmatter: 'order: 1\n' }),
      'content/guide/a.md': page('Alpha', '', { frontmatter: 'order: 2\n' }),
    });
    cleanup = site.cleanup;
    expect((await cli(['build', site.root, '--base', '/handbook/'])).code).toBe(0);
    const html = await readFile(path.join(site.root, 'dist/guide/b/index.html'), 'utf8');
    const links = [...html.matchAll(/<a href="(\/handbook\/guide\/[^"]*)"/g)].map((m) => m[1]);
    expect(links.slice(0, 3)).toEqual(['/handbook/guide/', '/handbook/guide/b/', '/handbook/guide/a/']);
  });
});
