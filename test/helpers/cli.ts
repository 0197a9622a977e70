import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { run } from '../../src/cli/index.js';
import { REPO } from './site.js';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

const BIN = path.join(REPO, 'bin/docs.js');
const execFileAsync = promisify(execFile);

/**
 * Runs the CLI in this process, as CI would (CI=true, no terminal), from `cwd`: the same program
 * `bin/docs.js` runs, without a Node start-up per call. Its output and exit code are captured.
 */
export async function runCli(args: string[], cwd = REPO): Promise<CliResult> {
  const out = { stdout: '', stderr: '' };
  const writes = { stdout: process.stdout.write, stderr: process.stderr.write };
  const capture = (stream: 'stdout' | 'stderr') =>
    ((chunk: string | Uint8Array) => ((out[stream] += String(chunk)), true)) as typeof process.stdout.write;
  const before = { cwd: process.cwd(), ci: process.env.CI, exitCode: process.exitCode };
  process.stdout.write = capture('stdout');
  process.stderr.write = capture('stderr');
  process.env.CI = 'true';
  process.exitCode = undefined;
  process.chdir(cwd);
  try {
    await run([process.execPath, BIN, ...args]);
    return { code: Number(process.exitCode ?? 0), ...out };
  } finally {
    process.stdout.write = writes.stdout;
    process.stderr.write = writes.stderr;
    process.chdir(before.cwd);
    if (before.ci === undefined) delete process.env.CI;
    else process.env.CI = before.ci;
    process.exitCode = before.exitCode;
  }
}

/** Runs the real `bin/docs.js` in a child process: for what is about the process itself (its start, its exit code). */
export async function spawnCli(args: string[], cwd = REPO): Promise<CliResult> {
  try {
    const { stdout, stderr } = await execFileAsync(process.execPath, [BIN, ...args], {
      cwd,
      env: { ...process.env, CI: 'true' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}
