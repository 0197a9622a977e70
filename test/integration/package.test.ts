/**
 * The package as a new user gets it: `npm pack`, the tarball installed into an empty folder outside the
 * repository, `pagewright init`, then the starter's scripts, `tsc`, and the built site and the dev server over
 * HTTP. Slow (two installs, a pack that compiles the sources): its limits are generous, its waits are for events.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO } from '../helpers/site.js';

/** One step may install packages from the registry: minutes on a loaded machine, never forever. */
const STEP = 15 * 60_000;

/** The environment of a user's shell: none of the test run's settings (NODE_ENV, DOCS_*) leak into the project. */
function userEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of Object.keys(env))
    if (key === 'NODE_ENV' || key.startsWith('DOCS_') || key.startsWith('VITEST') || key === 'TEST') delete env[key];
  return { ...env, CI: 'true', NO_COLOR: '1' };
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end. */
function run(command: string, args: string[], cwd: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: userEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d));
    child.stderr.on('data', (d: Buffer) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Starts a long-running command and resolves with the first URL it prints, once it prints one. */
function startServer(command: string, args: string[], cwd: string): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: userEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const seen = (d: Buffer) => {
      out += d;
      const url = /http:\/\/[^\s;]+/.exec(out)?.[0];
      if (url) resolve({ child, url: url.endsWith('/') ? url : `${url}/` });
    };
    child.stdout!.on('data', seen);
    child.stderr!.on('data', (d: Buffer) => (out += d));
    child.on('error', reject);
    child.on('exit', (code) =>
      reject(new Error(`${command} ${args.join(' ')} ended (${code}) before serving:\n${out}`)),
    );
  });
}

/** Stops a server this test started, and waits until it is gone. */
async function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await gone;
}

/** npm's lines of warning, without the one advisory npm prints for any dependency with an install script (below). */
function warnings(stderr: string): string[] {
  return stderr.split('\n').filter((line) => /\bwarn/i.test(line) && !line.includes('install-scripts'));
}

/**
 * The files `npm pack` needs, copied aside with the repository's node_modules linked in: the pack (its prepack
 * compiles src/ into lib/) then never writes into the repository that other tests are reading.
 */
async function packageCopy(into: string): Promise<string> {
  const pkg = JSON.parse(await readFile(path.join(REPO, 'package.json'), 'utf8')) as { files: string[] };
  const dir = path.join(into, 'source');
  const needed = ['package.json', 'tsconfig.json', 'tsconfig.lib.json', 'src', 'bin', 'scripts', ...pkg.files];
  for (const entry of new Set(needed.map((f) => f.replace(/\/$/, '')))) {
    if (entry === 'lib') continue; // made by the pack
    await cp(path.join(REPO, entry), path.join(dir, entry), { recursive: true });
  }
  await symlink(path.join(REPO, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return dir;
}

let temp: string;
/** The installed package's command, as the starter's scripts run it. */
let BIN: string;
let project: string;
let tarball: string;
let installed: Run;
let server: ChildProcess | undefined;
let dev: ChildProcess | undefined;
/** From the empty folder to the served starter: install, init, install the starter's dependencies, build, serve. */
const timings: Record<string, number> = {};

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    timings[label] = (performance.now() - started) / 1000;
  }
}

beforeAll(async () => {
  temp = await mkdtemp(path.join(os.tmpdir(), 'pagewright-package-'));
  const source = await packageCopy(temp);
  const packed = await run('npm', ['pack', '--pack-destination', temp], source);
  expect(packed.code, packed.stderr).toBe(0);
  tarball = path.join(
    temp,
    (await readdir(temp)).find((f) => f.endsWith('.tgz'))!,
  );
  project = path.join(temp, 'my-docs');
  BIN = path.join(project, 'node_modules/.bin/pagewright');
  await mkdir(project);
}, STEP);

afterAll(async () => {
  await stop(server);
  await stop(dev);
  if (temp) await rm(temp, { recursive: true, force: true });
  if (Object.keys(timings).length)
    process.stdout.write(
      `package: ${Object.entries(timings)
        .map(([k, v]) => `${k} ${v.toFixed(1)} s`)
        .join(', ')}\n`,
    );
});

describe('the package, installed from its tarball into an empty folder', () => {
  it('holds what a user runs, and no tests, content or benchmarks', async () => {
    const listed = await run('tar', ['tzf', tarball], temp);
    const files = listed.stdout.split('\n').filter(Boolean);
    expect(files).toContain('package/lib/cli.mjs');
    expect(files).toContain('package/lib/types/config/define.d.ts');
    expect(files).toContain('package/templates/starter/docs.config.ts');
    expect(files.filter((f) => /^package\/(test|content|bench|docs|deploy|brand)\//.test(f))).toEqual([]);
    // The sources the browser's code imports, compiled at each build with it, and the plain JavaScript that
    // bin/docs.js starts from (it finds lib/); the rest runs from lib/.
    const shipped = /^package\/src\/(shared\/|launch\/compiled\.js$)/;
    expect(files.filter((f) => f.startsWith('package/src/') && !shipped.test(f))).toEqual([]);
    expect(files).toContain('package/src/launch/compiled.js');
  });

  it(
    'installs without an engine or peer warning, and scaffolds a project with init --yes',
    async () => {
      installed = await timed('install', () => run('npm', ['install', '--no-audit', '--no-fund', tarball], project));
      expect(installed.code, installed.stderr).toBe(0);
      expect(warnings(installed.stderr)).toEqual([]);
      // The folder holds what the install left (package.json, its lock, node_modules): init merges into the
      // manifest and keeps the rest, with no --force.
      const init = await timed('init', () => run('npx', ['pagewright', 'init', '--yes'], project));
      expect(init.code, init.stderr).toBe(0);
      expect(init.stdout).toContain('npm run dev');
      const pkg = JSON.parse(await readFile(path.join(project, 'package.json'), 'utf8'));
      expect(Object.keys(pkg.scripts)).toEqual(['dev', 'build', 'preview', 'check']);
      expect(pkg.dependencies.pagewright).toMatch(/^file:/); // the tarball it was installed from stays
      expect(await readFile(path.join(project, '.gitignore'), 'utf8')).toMatch(/^dist$/m);
      expect(await readFile(path.join(project, '.github/workflows/docs.yml'), 'utf8')).toContain(
        'node_modules/.cache/docs',
      );
      // The project's own install, as `npm install` after init: silent, esbuild's install script included.
      const again = await timed('install again', () => run('npm', ['install', '--no-audit', '--no-fund'], project));
      expect(again.code, again.stderr).toBe(0);
      expect(again.stderr).not.toMatch(/warn/i);
    },
    STEP,
  );

  it(
    'builds, checks and type-checks the starter, and serves it over HTTP',
    async () => {
      expect(installed?.code).toBe(0);
      const build = await timed('build', () => run('npm', ['run', 'build'], project));
      expect(build.code, build.stderr).toBe(0);
      expect(build.stdout).toMatch(/built 5 pages/);
      // The one warning a starter has until it is told where it will be published.
      expect(build.stderr).toContain('siteUrl');
      const check = await run('npm', ['run', 'check'], project);
      expect(check.code, check.stdout + check.stderr).toBe(0);
      expect(check.stdout).toContain('no problems');
      // The project's TypeScript (docs.config.ts) against the installed declarations, with nothing else installed.
      const tsc = await run(
        process.execPath,
        [path.join(REPO, 'node_modules/typescript/bin/tsc'), '-p', project],
        project,
      );
      expect(tsc.stdout + tsc.stderr).toBe('');
      expect(tsc.code).toBe(0);
      const served = await timed('serve', () => startServer(BIN, ['serve', '--port', '0'], project));
      server = served.child;
      const home = await fetch(served.url);
      expect(home.status).toBe(200);
      expect(await home.text()).toContain('<a href="/getting-started/">Getting started</a>');
      const guide = await fetch(new URL('guide/writing-pages/', served.url));
      expect(guide.status).toBe(200);
      const html = await guide.text();
      expect(html).toContain('<title>Writing pages | My docs</title>');
      expect(html).toContain('Node.js 20.19'); // a constant of the starter's configuration
    },
    STEP,
  );

  it(
    'runs the dev server, which reloads a page when its file is saved',
    async () => {
      expect(installed?.code).toBe(0);
      // The command `npm run dev` runs, started here directly: a signal to npm may not reach the server it starts.
      const started = await startServer(BIN, ['dev', '--port', '0'], project);
      dev = started.child;
      const page = new URL('getting-started/', started.url);
      const first = await (await fetch(page)).text();
      expect(first).toContain('__dev/client.js'); // the live-reload client
      const file = path.join(project, 'content/getting-started.md');
      await writeFile(file, (await readFile(file, 'utf8')).replace('## Add a page', '## Add your first page'));
      // The next build serves the edit: polled, as a browser tab waits for the reload message.
      for (;;) {
        const text = await (await fetch(page)).text();
        if (text.includes('Add your first page')) break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    },
    STEP,
  );

  it(
    "grows as the guide says: the blog from pagewright/blog, a plugin of the project's own with a check",
    async () => {
      expect(installed?.code).toBe(0);
      await mkdir(path.join(project, 'plugins'));
      await mkdir(path.join(project, 'content/blog'));
      await writeFile(path.join(project, 'terms.txt'), 'Dead letter\n');
      // A plugin as the guide writes one: Node's modules, and BuildError from pagewright/config for its place.
      await writeFile(
        path.join(project, 'plugins/terms.ts'),
        [
          "import { readFileSync } from 'node:fs';",
          "import { BuildError } from 'pagewright/config';",
          "import type { Plugin } from 'pagewright/plugin';",
          '',
          'export function terms(file: string): Plugin {',
          '  return {',
          "    name: 'terms',",
          '    checks: () => [',
          '      {',
          "        name: 'terms-used',",
          "        severity: 'warning',",
          '        run: () =>',
          "          readFileSync(file, 'utf8').split('\\n').filter(Boolean)",
          "            .map((t, i) => new BuildError(`${t} appears in no page`, { file, line: i + 1 }, 'write about it')),",
          '      },',
          '    ],',
          '  };',
          '}',
          '',
        ].join('\n'),
      );
      const config = path.join(project, 'docs.config.ts');
      await writeFile(
        config,
        (await readFile(config, 'utf8'))
          .replace(
            "import { defineConfig } from 'pagewright/config';",
            "import { defineConfig } from 'pagewright/config';\nimport { blog } from 'pagewright/blog';\nimport { terms } from './plugins/terms.js';",
          )
          .replace('  base:', "  plugins: [blog(), terms('terms.txt')],\n  base:"),
      );
      await writeFile(
        path.join(project, 'content/blog/2026-11-20-hello.md'),
        '---\ntitle: Hello\ndescription: The first post.\n---\n\nThe blog is open.\n',
      );
      const check = await run(BIN, ['check'], project);
      expect(check.code, check.stdout + check.stderr).toBe(0);
      // The plugin's own place, from its copy of BuildError, not the configuration's name.
      expect(check.stdout + check.stderr).toMatch(
        /^terms\.txt\n\s+1:1\s+Dead letter appears in no page\n\s+fix: write about it/m,
      );
      const build = await run(BIN, ['build'], project);
      expect(build.code, build.stdout + build.stderr).toBe(0);
      expect(await readFile(path.join(project, 'dist/blog/index.html'), 'utf8')).toContain('The blog is open.');
      const tsc = await run(
        process.execPath,
        [path.join(REPO, 'node_modules/typescript/bin/tsc'), '-p', project],
        project,
      );
      expect(tsc.stdout + tsc.stderr).toBe('');
    },
    STEP,
  );
});
