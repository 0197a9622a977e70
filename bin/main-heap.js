// The main thread's young generation. V8 sizes it when the process starts (16 MB semi-spaces), and a
// build's main thread renders pages beside its workers: their syntax trees, several MB a page that
// live for that page only, outgrow the semi-spaces and are copied and promoted, then collected again
// with the build's large old generation. Workers get a larger one through `resourceLimits`
// (src/pages.ts); the main thread can only get it from a flag on Node's command line, so the commands
// that render every page run once more in a child Node that has it: about 3.5 s less CPU (12%) for
// a cold build of 1,000 pages of the bench corpus, and a lower peak memory.
import { spawn } from 'node:child_process';

/** The same young generation as a page worker's (src/pages.ts `WORKER_YOUNG_GENERATION_MB`: 3 semi-spaces of 32 MB). */
export const MAIN_HEAP_FLAGS = ['--max-semi-space-size=32'];

/** Set in the child, so that it does not start another. */
const CHILD = 'DOCS_MAIN_HEAP';

/** Whether a command line of bin/docs.js renders every page (`build`, `check`): the others start faster without a second process. */
export function rendersPages(args) {
  return ['build', 'check'].includes(args.find((arg) => !arg.startsWith('-')));
}

/**
 * Unless this process has the flags, runs `script` with `args` again in a child Node that has them,
 * forwarding the signals sent to this process, and ends as the child ends (its exit code, or killed
 * by the same signal): it returns only where it has nothing to do, or the child could not start.
 */
export async function withMainHeap(script, args = process.argv.slice(2)) {
  const set = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].some((arg) => arg.includes('semi-space'));
  if (process.env[CHILD] || set) return;
  const child = spawn(process.execPath, [...process.execArgv, ...MAIN_HEAP_FLAGS, script, ...args], {
    stdio: 'inherit',
    env: { ...process.env, [CHILD]: '1' },
  });
  // A signal sent to this process alone (a terminal's goes to both): the child stops as it would have.
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  const forward = (signal) => child.kill(signal);
  for (const signal of signals) process.on(signal, forward);
  const end = await new Promise((resolve) => {
    child.once('error', () => resolve(null)); // not started: this process does the work
    child.once('exit', (...codeAndSignal) => resolve(codeAndSignal));
  });
  for (const s of signals) process.off(s, forward);
  if (!end) return;
  const [code, signal] = end;
  if (signal) process.kill(process.pid, signal);
  process.exit(code ?? 1);
}
