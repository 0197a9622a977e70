/**
 * The generator's user guide (docs/) is built by the generator: `docs build docs` and `docs check docs`
 * report no problem, its generated configuration reference lists every top-level key of the
 * configuration schema, its CLI reference every command, and its examples type-check against the
 * generator's real types (docs/tsconfig.json).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProgram } from '../../src/cli/index.js';
import { spawnCli } from '../helpers/cli.js';
import { REPO } from '../helpers/site.js';
import { topLevelKeys } from '../../docs/plugins/schema.js';

const GUIDE = path.join(REPO, 'docs');
let out: string;
let build: Awaited<ReturnType<typeof spawnCli>>;

beforeAll(async () => {
  out = await mkdtemp(path.join(os.tmpdir(), 'guide-'));
  build = await spawnCli(['build', GUIDE, '--out', path.join(out, 'site')]);
});
afterAll(async () => {
  await rm(out, { recursive: true, force: true });
});

/** The `##` headings of a built page's Markdown (`<page>/index.md`), without their `{#id}`. */
async function headings(route: string): Promise<string[]> {
  const markdown = await readFile(path.join(out, 'site', route, 'index.md'), 'utf8');
  return [...markdown.matchAll(/^## (.+?)(?: \{#[^}]+\})?$/gm)].map((m) => m[1].trim());
}

describe('the guide', () => {
  it('builds with no problem', () => {
    expect(build.stderr).not.toMatch(/problem/);
    expect(build.code).toBe(0);
    expect(build.stdout).toMatch(/built \d+ pages/);
  });

  it('passes `check` with no problem', async () => {
    const r = await spawnCli(['check', GUIDE]);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/no problems/);
    expect(r.code).toBe(0);
  });

  it('lists every top-level key of the configuration schema in its configuration reference', async () => {
    const keys = topLevelKeys();
    // The schema was read, not an empty object: keys every version of the generator has.
    expect(keys).toEqual(expect.arrayContaining(['title', 'base', 'sidebar', 'plugins']));
    const listed = await headings('reference/configuration');
    expect(listed).toEqual(keys);
  });

  it('lists every command of the CLI in its CLI reference', async () => {
    const commands = createProgram().commands.map((c) => c.name());
    expect(commands.length).toBeGreaterThan(3);
    const listed = await headings('reference/cli');
    for (const command of commands) expect(listed).toContain(command);
  });

  it('type-checks its configuration, its plugin and every example its pages include', async () => {
    const tsc = path.join(REPO, 'node_modules/typescript/bin/tsc');
    const run = await promisify(execFile)(process.execPath, [tsc, '-p', path.join(GUIDE, 'tsconfig.json')], { cwd: REPO }).then(
      () => ({ code: 0, stdout: '' }),
      (e: { code: number; stdout: string }) => ({ code: e.code, stdout: e.stdout }),
    );
    expect(run.stdout).toBe('');
    expect(run.code).toBe(0);
  });
});
