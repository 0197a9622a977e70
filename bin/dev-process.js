// `docs dev` in a Node process of its own, started with a larger young generation.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';

/**
 * `dev` holds the whole site in memory: at 10,000 pages the heap is 2.5-3 GB. V8 then spends 17-25 ms on each
 * young-generation collection, whatever the generation's size, and with Node's default (16 MB a semi-space) a
 * save's garbage fills it: one collection in every save. With 64 MB, one collection comes every four saves or so.
 * Measured at 10,000 pages, 20 saves, in turn: median save to reload message 92-106 ms without, 84-86 ms with.
 * V8 reads the size only when the process starts, so the dev server runs in a child started with it.
 */
const YOUNG_GENERATION = '--max-semi-space-size=64';

/** How long the dev server has to stop after a signal before it is killed. */
const STOP_GRACE_MS = 3000;

/** Whether this process should start the dev server in a child: `docs dev`, and not already the child. */
export function wantsDevProcess(argv) {
  return argv[2] === 'dev' && !process.execArgv.some((flag) => flag.startsWith('--max-semi-space-size'));
}

/**
 * Runs this command again in a child with the young generation's flag, and ends as it ends. The child has a
 * process group of its own, so Ctrl-C in a terminal reaches it once (forwarded from here), not twice; it stops
 * when this process goes, even killed (the IPC channel closes: src/cli/index.ts's `dev` stops on that).
 */
export function runDevProcess(argv) {
  const child = spawn(process.execPath, [...process.execArgv, YOUNG_GENERATION, ...argv.slice(1)], {
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, DOCS_DEV_PROCESS: '1' },
    detached: true,
  });
  // The child stops on the signal once its event loop runs its handler. A child that cannot (a build stuck in
  // code the deadlines do not reach, a handler that never ends) is killed after a grace period: a stopped CLI
  // must never leave a server behind, holding its port.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'])
    process.on(signal, () => {
      child.kill(signal);
      setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS).unref();
    });
  child.on('exit', (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] ?? 1)));
  child.on('error', (error) => {
    process.stderr.write(`error: could not start the dev server: ${error.message}\n`);
    process.exit(1);
  });
}
