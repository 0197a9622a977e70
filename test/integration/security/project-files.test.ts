import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSite } from '../../../src/build/index.js';
import { resolveConfig } from '../../../src/config/index.js';
import { BuildFailure } from '../../../src/model/errors.js';
import { hostileSites } from './sites.js';
import { MemoryWriter } from '../../../src/write/index.js';
import { runCli } from '../../helpers/cli.js';
import { buildInMemory } from '../../helpers/site.js';
import { configFile, page } from '../../helpers/tmp-site.js';

/**
 * Issue 37, "Files from outside the project are published": every file the build reads for the site
 * resolves inside the project (src/content/project-files.ts), is a regular file and is bounded in
 * size; every file it writes stays inside the output folder. Each case fails the build with the
 * file (and line) that asked for it and a fix, and publishes nothing.
 */

const { site, problemsOf: problems } = hostileSites();

/** The build's problems as `where`, `message` and `fix`, or [] when it succeeded. */
async function problemsOf(root: string): Promise<{ where: string; message: string; fix?: string }[]> {
  return (await problems(root)).map((p) => ({ where: p.where, message: p.message, fix: p.fix }));
}

const mkfifo = (file: string) => execFileSync('mkfifo', [file]);
const UP = '../'.repeat(12);

describe('includes read only files inside the content folder', () => {
  it('refuses an include that climbs to /etc/passwd, at the line of the include', async () => {
    const root = await site({ 'content/guide.md': page('Guide', `Intro.\n\n<!--@include: ${UP}etc/passwd-->\n`) });
    const problems = await problemsOf(root);
    expect(problems).toHaveLength(1);
    expect(problems[0].where).toBe('guide.md:8');
    expect(problems[0].message).toContain(
      `included file outside the content folder: ${UP}etc/passwd`,
    );
    expect(problems[0].fix).toContain('partials are read from inside the content folder only');
  });

  it('refuses /proc/self/environ (the CI secrets) and the configuration file', async () => {
    const root = await site({
      'docs.config.ts': configFile({ title: 'Site' }),
      'content/a.md': page('A', `<!--@include: ${UP}proc/self/environ-->`),
      'content/b.md': page('B', '<!--@include: ../docs.config.ts-->'),
    });
    const problems = await problemsOf(root);
    expect(problems.map((p) => p.where)).toEqual(['a.md:6', 'b.md:6']);
    expect(problems[0].message).toContain('outside the content folder');
    expect(problems[1].message).toContain('included file outside the content folder: ../docs.config.ts');
  });

  it('refuses a partial that is a symbolic link out of the project', async () => {
    const root = await site({ 'content/guide.md': page('Guide', '<!--@include: ./_partials/users.md-->') });
    await mkdir(path.join(root, 'content/_partials'));
    await symlink('/etc/passwd', path.join(root, 'content/_partials/users.md'));
    const problems = await problemsOf(root);
    expect(problems).toEqual([
      {
        where: 'guide.md:6',
        message:
          'cannot include ./_partials/users.md: ./_partials/users.md is a symbolic link (or inside one) to /etc/passwd, outside the content folder',
        fix: expect.stringContaining('a symbolic link may point only inside it'),
      },
    ]);
  });

  it('still follows a link to a partial inside the content folder', async () => {
    const root = await site({
      'content/_shared/note.md': 'Shared words.\n',
      'content/guide.md': page('Guide', '<!--@include: ./_partials/note.md-->'),
    });
    await mkdir(path.join(root, 'content/_partials'));
    await symlink('../_shared/note.md', path.join(root, 'content/_partials/note.md'));
    const { writer } = await buildInMemory(root);
    expect(writer.text('guide/index.html')).toContain('Shared words.');
  });

  it('refuses a partial that is a FIFO without waiting for a writer', { timeout: 20_000 }, async () => {
    const root = await site({ 'content/guide.md': page('Guide', '<!--@include: ./_partials/pipe.md-->') });
    await mkdir(path.join(root, 'content/_partials'));
    mkfifo(path.join(root, 'content/_partials/pipe.md'));
    const problems = await problemsOf(root);
    expect(problems.map((p) => `${p.where}  ${p.message}`)).toEqual([
      'guide.md:6  cannot include ./_partials/pipe.md: ./_partials/pipe.md is a FIFO (named pipe), not a regular file',
    ]);
  });

  it('refuses a partial over `limits.fileBytes`, naming the limit', async () => {
    const root = await site({
      'docs.config.ts': configFile({ limits: { fileBytes: 4096 } }),
      'content/_partials/big.md': `${'word '.repeat(2000)}\n`,
      'content/guide.md': page('Guide', '<!--@include: ./_partials/big.md-->'),
    });
    const problems = await problemsOf(root);
    expect(problems).toHaveLength(1);
    expect(problems[0].where).toBe('guide.md:6');
    expect(problems[0].message).toContain('is 10 KB, over the limit of 4 KB');
    expect(problems[0].fix).toContain('`limits.fileBytes`');
  });
});

describe('pages, images and downloads are regular files of bounded size', () => {
  it('reports a FIFO named like a page instead of skipping it or hanging', { timeout: 20_000 }, async () => {
    const root = await site({});
    mkfifo(path.join(root, 'content/x.md'));
    expect(await problemsOf(root)).toEqual([
      {
        where: 'x.md',
        message: 'x.md is a FIFO (named pipe), not a regular file',
        fix: expect.stringContaining('regular file'),
      },
    ]);
  });

  it(
    'refuses an image that is a link to a FIFO in a data folder, at the line of the image',
    { timeout: 20_000 },
    async () => {
      const root = await site({ 'content/guide.md': page('Guide', 'Look:\n\n![A chart](./_data/chart.png)\n') });
      await mkdir(path.join(root, 'content/_data'));
      mkfifo(path.join(root, 'content/_data/chart.png'));
      const problems = await problemsOf(root);
      expect(problems.map((p) => `${p.where}  ${p.message}`)).toContain(
        'guide.md:8:1  cannot use the image ./_data/chart.png: ./_data/chart.png is a FIFO (named pipe), not a regular file',
      );
    },
  );

  it('refuses an image that is a link to /dev/zero, without reading it', { timeout: 20_000 }, async () => {
    const root = await site({ 'content/guide.md': page('Guide', '![Zero](./_data/zero.png)') });
    await mkdir(path.join(root, 'content/_data'));
    await symlink('/dev/zero', path.join(root, 'content/_data/zero.png'));
    const problems = await problemsOf(root);
    expect(problems.map((p) => `${p.where}  ${p.message}`)).toContain(
      'guide.md:6:1  cannot use the image ./_data/zero.png: ./_data/zero.png is a symbolic link (or inside one) to /dev/zero, outside the content folder',
    );
  });

  it('refuses a download over `limits.fileBytes`', async () => {
    const root = await site({
      'docs.config.ts': configFile({ limits: { fileBytes: 1024 } }),
      'content/files/export.csv': 'a,b\n'.repeat(1000),
    });
    expect(await problemsOf(root)).toEqual([
      {
        where: 'files/export.csv',
        message: 'files/export.csv is 4 KB, over the limit of 1 KB for a file the build reads',
        fix: 'make the file smaller, or raise `limits.fileBytes` in docs.config.ts',
      },
    ]);
  });
});

describe('versions, MDX imports and plugin outputs stay in the project', () => {
  it("refuses a version's folder that is a symbolic link out of the project", async () => {
    const outside = await site({ 'content/secret.md': page('Secret', 'Private words.') });
    const root = await site({
      'docs.config.ts': configFile({ versions: { current: { name: '2.0' }, older: ['1.0'] } }),
    });
    await mkdir(path.join(root, 'versions/1.0'), { recursive: true });
    await symlink(path.join(outside, 'content'), path.join(root, 'versions/1.0/content'));
    const problems = await problemsOf(root);
    expect(problems).toHaveLength(1);
    expect(problems[0].where).toBe('versions/1.0/content');
    expect(problems[0].message).toContain(
      `version "1.0": versions/1.0/content is a symbolic link (or inside one) to ${outside}`,
    );
    expect(problems[0].fix).toContain('docs version 1.0');
  });

  it("refuses an MDX page's import of a file outside the project", async () => {
    const outside = await site({ 'keys.json': '{"token":"s3cr3t-token"}' });
    const root = await site({
      'content/keys.mdx': page(
        'Keys',
        `import keys from '${path.join(outside, 'keys.json')}'\n\nThe token: {keys.token}\n`,
      ),
    });
    const problems = await problemsOf(root);
    expect(problems).toHaveLength(1);
    expect(problems[0].where).toBe('keys.mdx:6');
    expect(problems[0].message).toContain(`it takes in ${path.join(outside, 'keys.json')}, outside the project`);
  });

  it("refuses a plugin's output that climbs out of the output folder, naming the plugin, and writes nothing", async () => {
    const root = await site({});
    const outDir = path.join(root, 'dist');
    const config = resolveConfig(
      { plugins: [{ name: 'escaper', outputs: () => [{ path: '../../escaped.txt', contents: 'x' }] }] },
      root,
      { outDir },
    );
    const error = await buildSite(config, new MemoryWriter()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BuildFailure);
    expect((error as BuildFailure).format()).toContain(
      'plugin "escaper" failed in its "outputs" hook: item 0 of the list it returned has the path "../../escaped.txt"',
    );
    expect(existsSync(path.join(root, '..', 'escaped.txt'))).toBe(false);
  });
});

describe('the CLI: exit 1, the file and line, the previous output untouched', () => {
  it('fails a build that includes a file of the machine and leaves dist/ as it was', async () => {
    const root = await site({ 'content/guide.md': page('Guide', 'Fine.') });
    expect((await runCli(['build', root])).code).toBe(0);
    const before = await readFile(path.join(root, 'dist/guide/index.html'), 'utf8');
    await writeFile(path.join(root, 'content/guide.md'), page('Guide', `<!--@include: ${UP}etc/passwd-->`));
    const result = await runCli(['build', root]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/guide\.md\n\s+6:1\s+included file outside the content folder: .*etc\/passwd/);
    expect(result.stderr).toContain('fix: partials are read from inside the content folder only');
    expect(await readFile(path.join(root, 'dist/guide/index.html'), 'utf8')).toBe(before);
    expect(result.stdout + result.stderr).not.toContain('root:x:0:0');
  });
});
