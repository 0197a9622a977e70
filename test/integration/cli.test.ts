import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli, spawnCli } from '../helpers/cli.js';
import { fixture, REPO } from '../helpers/site.js';
import { page, tmpSite } from '../helpers/tmp-site.js';

const BIN = path.join(REPO, 'bin/docs.js');

/** The CLI in this process; the tests about the process itself spawn `bin/docs.js` (spawnCli, serve). */
const cli = (args: string[], cwd = REPO) => runCli(args, cwd);

/** Starts `docs serve`, waits for its "serving" line, and returns the URL it printed (or its error). */
function serve(args: string[]): Promise<{ url?: string; code?: number | null; stderr: string; stop: () => void }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, 'serve', ...args], { cwd: REPO, env: { ...process.env, CI: 'true' } });
    let stdout = '';
    let stderr = '';
    const stop = () => child.kill();
    child.stdout.on('data', (d) => {
      stdout += d;
      const url = /at (http:\/\/\S+)/.exec(stdout)?.[1];
      if (url) resolve({ url, stderr, stop });
    });
    child.stderr.on('data', (d) => (stderr += d));
    child.on('exit', (code) => resolve({ code, stderr, stop }));
  });
}

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

describe('cli', () => {
  it('checks a site in a process of its own and exits 0 when nothing is wrong', async () => {
    const r = await spawnCli(['check', fixture('basic')]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });

  it('builds when run from a folder other than the repository (the site folder itself)', async () => {
    const site = await tmpSite({ 'content/index.md': page('Home', '## Start\n\nHello.') });
    cleanup = site.cleanup;
    // A process of its own: the smoke test of `bin/docs.js build` (its loader, its tsconfig, its exit code).
    const r = await spawnCli(['build'], site.root);
    expect(r.stderr).not.toContain('React is not defined');
    expect(r.code).toBe(0);
    expect(await readFile(path.join(site.root, 'dist/index.html'), 'utf8')).toContain('<h1 id="page-title"');
  });

  it('refuses an output folder that is the root or the content folder, and deletes nothing', async () => {
    // The site sits one level down, so that a regression of `--out ..` can only remove this test's folder.
    const site = await tmpSite({ 'site/content/index.md': page('Home'), 'site/notes.txt': 'keep me' });
    cleanup = site.cleanup;
    const root = path.join(site.root, 'site');
    for (const out of ['.', 'content', '..', 'content/dist']) {
      const r = await cli(['build', root, '--out', out]);
      expect(r.code, out).toBe(2);
      expect(r.stderr, out).toContain('--out');
    }
    expect(await readFile(path.join(root, 'notes.txt'), 'utf8')).toBe('keep me');
    expect(existsSync(path.join(root, 'content/index.md'))).toBe(true);
  });

  it('treats a malformed --base as a usage error (exit 2)', async () => {
    const site = await tmpSite({ 'content/index.md': page('Home') });
    cleanup = site.cleanup;
    const r = await cli(['build', site.root, '--base', 'docs']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--base');
  });

  it('says so when the root folder does not exist (exit 2)', async () => {
    const r = await cli(['build', path.join(REPO, 'test/fixtures/no-such-site')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no-such-site');
  });

  it('refuses to serve a site that was never built, instead of answering 500 to every request', async () => {
    const site = await tmpSite({ 'content/index.md': page('Home') });
    cleanup = site.cleanup;
    // In this process: it stops before it listens (the next test spawns the smoke test of `serve`).
    const r = await cli(['serve', site.root, '--port', '0']);
    expect(r.stdout).not.toMatch(/at http:\/\//);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('docs build');
  });

  it('serves a site built with --base under that base', async () => {
    const site = await tmpSite({ 'content/index.md': page('Home', 'Hello from the home page.') });
    cleanup = site.cleanup;
    expect((await cli(['build', site.root, '--base', '/handbook/'])).code).toBe(0);
    const s = await serve([site.root, '--port', '0']);
    try {
      expect(s.url).toMatch(/\/handbook\/$/);
      const r = await fetch(s.url!);
      expect(r.status).toBe(200);
      expect(await r.text()).toContain('Hello from the home page.');
    } finally {
      s.stop();
    }
  });
});
