import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIN_HEAP_FLAGS, rendersPages } from '../../bin/main-heap.js';
import { fixture, REPO } from '../helpers/site.js';

const run = promisify(execFile);
const BIN = path.join(REPO, 'bin/docs.js');

/**
 * bin/main-heap.js: `build` and `check` run in a child Node whose main thread has a larger young
 * generation. A module preloaded into every Node process of the command (NODE_OPTIONS) writes down
 * each process's flags, so the test sees which processes ran and with what.
 */
describe('bin/docs.js runs the commands that render pages in a child Node with a larger young generation', () => {
  let dir: string;
  let log: string;
  let env: NodeJS.ProcessEnv;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'docs-main-heap-'));
    log = path.join(dir, 'processes.log');
    const preload = path.join(dir, 'preload.mjs');
    await writeFile(
      preload,
      `import { appendFileSync } from 'node:fs';\nappendFileSync(${JSON.stringify(log)}, JSON.stringify(process.execArgv) + '\\n');\n`,
    );
    env = { ...process.env, CI: 'true', NODE_OPTIONS: `--import ${preload}` };
    delete env.DOCS_MAIN_HEAP;
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const processes = async () =>
    (await readFile(log, 'utf8').catch(() => ''))
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as string[]);

  it('builds in one child with the flags, and exits as it exits', async () => {
    await rm(log, { force: true });
    const { stdout } = await run(process.execPath, [BIN, 'build', fixture('basic'), '--out', path.join(dir, 'out')], {
      env,
    });
    expect(stdout).toMatch(/built \d+ pages/);
    const argvs = await processes();
    expect(argvs).toHaveLength(2);
    expect(argvs.filter((argv) => MAIN_HEAP_FLAGS.every((flag) => argv.includes(flag)))).toHaveLength(1);
  });

  it("passes on the child's exit code and its message: a usage error is still exit code 2", async () => {
    const failed = run(process.execPath, [BIN, 'build', path.join(dir, 'no-such-folder')], { env });
    await expect(failed).rejects.toMatchObject({ code: 2, stderr: expect.stringMatching(/error/i) });
  });

  it('starts no child for the commands that render no pages', async () => {
    await rm(log, { force: true });
    await run(process.execPath, [BIN, '--version'], { env });
    expect(await processes()).toHaveLength(1);
    expect(rendersPages(['build', 'site'])).toBe(true);
    expect(rendersPages(['check'])).toBe(true);
    expect(rendersPages(['dev', 'build'])).toBe(false); // a root folder named "build"
    expect(rendersPages(['serve', '--port', '0'])).toBe(false);
  });
});
