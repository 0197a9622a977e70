import { execFile } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { REPO } from '../../helpers/site.js';
import { page, tmpSite } from '../../helpers/tmp-site.js';

/**
 * Issue 37: a synchronous endless loop cannot be interrupted by a timer of the thread it runs on.
 * Where the build runs the code itself in a script it bounds (a plugin's synchronous hook, an MDX
 * page) that is covered by src/build/deadline.ts; these are the places it was not: the configuration
 * (at its top level, or after an `await`) and an async plugin hook after its `await`. Each build runs
 * as a writer runs it, in a process of its own (a build that hung would otherwise hang the tests;
 * the kill after two minutes is only a safety net), and must end with exit 1 and the message.
 */

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

async function build(files: Record<string, string>, env: Record<string, string> = {}) {
  const site = await tmpSite({ 'content/index.md': page('Home', 'Hello.'), ...files });
  cleanup = site.cleanup;
  return new Promise<{ code: number | null; signal: string | null; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [path.join(REPO, 'bin/docs.js'), 'build', site.root],
      { env: { ...process.env, CI: 'true', ...env }, timeout: 120_000 },
      (error, _stdout, stderr) =>
        resolve({
          code: error ? ((error as { code?: number }).code ?? null) : 0,
          signal: error?.signal ?? null,
          stderr,
        }),
    );
  });
}

const ESM = { 'package.json': '{ "type": "module" }' };

describe('a synchronous loop in the configuration stops the build', () => {
  it.each([
    ['at its top level', 'while (true) {}\nexport default {};\n'],
    ['after an await', 'await null;\nwhile (true) {}\nexport default {};\n'],
  ])('%s', async (_, config) => {
    const r = await build({ ...ESM, 'docs.config.ts': config }, { DOCS_CONFIG_LOAD_MS: '300' });
    expect(r.signal).toBeNull();
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/docs\.config\.ts\n\s+-\s+the configuration did not finish loading within 300 ms/);
    expect(r.stderr).toContain('set DOCS_CONFIG_LOAD_MS');
    expect(r.stderr).not.toMatch(/Internal error|    at /);
  });
});

describe('a synchronous loop after an await in a plugin hook stops the build', () => {
  it.each([
    ['pages', 'pages: async () => { await null; for (;;) {} }'],
    ['buildEnd', 'buildEnd: async () => { await new Promise((r) => setTimeout(r, 10)); while (true) {} }'],
  ])('in its "%s" hook', async (hook, code) => {
    const r = await build({
      'docs.config.ts': `import { defineConfig } from '__SRC__/config/define.ts';\nexport default defineConfig({ limits: { hookMs: 300 }, plugins: [{ name: 'stuck', ${code} }] });\n`,
    });
    expect(r.signal).toBeNull();
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`plugin "stuck": its "${hook}" hook ran longer than 300 ms`);
    expect(r.stderr).toContain('raise `limits.hookMs` in docs.config.ts');
    expect(r.stderr).not.toMatch(/Internal error|    at /);
  });
});
