import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { REPO } from '../helpers/site.js';
import { tempFolders } from '../helpers/tmp-site.js';

const temp = tempFolders();
const version = (JSON.parse(await readFile(path.join(REPO, 'package.json'), 'utf8')) as { version: string }).version;

describe('init', () => {
  it('scaffolds a neutral starter in a new folder: configuration, pages, a nested guide, .gitignore and CI', async () => {
    const parent = await temp('pagewright-init-');
    const r = await runCli(['init', 'team-handbook', '--yes'], parent);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(r.stdout).toContain('cd team-handbook\n  npm install\n  npm run dev');
    const dir = path.join(parent, 'team-handbook');
    const read = (file: string) => readFile(path.join(dir, file), 'utf8');
    for (const file of ['content/index.md', 'content/getting-started.md', 'content/guide/index.md', 'tsconfig.json'])
      expect(existsSync(path.join(dir, file)), file).toBe(true);
    const pkg = JSON.parse(await read('package.json'));
    expect(pkg).toMatchObject({
      name: 'team-handbook',
      private: true,
      scripts: {
        dev: 'pagewright dev',
        build: 'pagewright build',
        preview: 'pagewright serve',
        check: 'pagewright check',
      },
      dependencies: { pagewright: `^${version}` },
    });
    const config = await read('docs.config.ts');
    expect(config).toContain("import { defineConfig } from 'pagewright/config';");
    expect(config).toContain('title: "Team handbook",');
    expect(config).toContain("base: '/',");
    expect(await read('content/index.md')).toMatch(/^---\ntitle: "Team handbook"\n/);
    // dist is a link to the newest build: a pattern with a trailing slash would not ignore it.
    expect((await read('.gitignore')).split('\n')).toEqual(expect.arrayContaining(['dist', '.dist.builds/']));
    const workflow = await read('.github/workflows/docs.yml');
    expect(workflow).toContain('path: node_modules/.cache/docs');
    expect(workflow).toContain('${{ runner.os }}'); // GitHub's expressions are not the starter's placeholders
    expect(`${config}${await read('content/guide/deploying.md')}`).not.toMatch(/conduit/i);
  });

  it('takes the title given, and refuses a folder that holds files unless --force, then merges its package.json', async () => {
    const dir = await temp('pagewright-init-');
    await writeFile(
      path.join(dir, 'package.json'),
      JSON.stringify({
        name: 'existing',
        scripts: { lint: 'eslint .' },
        dependencies: { pagewright: 'file:../pw.tgz' },
      }),
    );
    const refused = await runCli(['init', dir, '--yes'], dir);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('is not empty (package.json)');
    expect(refused.stderr).toContain('--force');
    expect(existsSync(path.join(dir, 'docs.config.ts'))).toBe(false);

    const forced = await runCli(['init', '--force', '--title', "Ops' runbook"], dir);
    expect(forced).toMatchObject({ code: 0, stderr: '' });
    const pkg = JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8'));
    expect(pkg.name).toBe('existing');
    expect(pkg.scripts).toMatchObject({ lint: 'eslint .', dev: 'pagewright dev' });
    expect(pkg.dependencies.pagewright).toBe('file:../pw.tgz');
    expect(await readFile(path.join(dir, 'docs.config.ts'), 'utf8')).toContain(`title: "Ops' runbook",`);
  });

  it('may write into a new repository: a folder holding only .git is empty', async () => {
    const dir = await temp('pagewright-init-');
    await mkdir(path.join(dir, '.git'));
    expect((await runCli(['init', '.', '--yes'], dir)).code).toBe(0);
    expect(existsSync(path.join(dir, 'docs.config.ts'))).toBe(true);
  });
});

describe('init after `npm install pagewright` in the folder', () => {
  it('writes the starter beside what the install left, merging its package.json, without --force', async () => {
    const dir = await temp('pagewright-init-');
    // What npm leaves in an empty folder: a manifest with the dependency, the lock file, node_modules.
    await writeFile(path.join(dir, 'package.json'), JSON.stringify({ dependencies: { pagewright: '^0.1.0' } }));
    await writeFile(path.join(dir, 'package-lock.json'), '{}');
    await mkdir(path.join(dir, 'node_modules/pagewright'), { recursive: true });
    const r = await runCli(['init', '--yes'], dir);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    const pkg = JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8'));
    expect(pkg.dependencies.pagewright).toBe('^0.1.0');
    expect(pkg.scripts.dev).toBe('pagewright dev');
    expect(existsSync(path.join(dir, 'node_modules/pagewright'))).toBe(true);
  });

  it('still refuses a project of its own: a package.json with scripts, or any other file', async () => {
    const dir = await temp('pagewright-init-');
    await writeFile(path.join(dir, 'package.json'), JSON.stringify({ name: 'app', scripts: { dev: 'vite' } }));
    await mkdir(path.join(dir, 'node_modules'));
    const refused = await runCli(['init', '--yes'], dir);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('is not empty (package.json)');
  });
});
