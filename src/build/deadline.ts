import vm from 'node:vm';
import { guard } from './watchdog.js';

/**
 * Deadlines for code the build does not control: MDX expressions and components, plugin hooks, the
 * configuration. Such code may loop forever or never settle, and the build must then stop with a
 * message naming what and which limit, not hang.
 *
 * Two mechanisms, because the code runs two ways:
 * - Synchronous code (an MDX page's evaluation and rendering, a plugin's `head` hook) runs on the
 *   thread that calls it, where no timer or promise can interrupt it: `while (true) {}` never yields
 *   to the event loop. V8 can, though: a script run by `vm` with a `timeout` is watched from another
 *   thread, which terminates the isolate's execution when the time is up, and that covers everything
 *   the script calls, functions of this realm included. So `withinSync` calls `fn` from such a script
 *   (one compiled script, one context, reused), and turns the termination into a DeadlineExceeded.
 *   It works the same in the page workers.
 * - Asynchronous work (a `pages` hook's promise, the configuration's import) is raced against a
 *   timer. The timer also keeps the event loop alive: without it, a promise that never settles with
 *   nothing else pending lets Node end the process at once (exit 13, no message).
 * What neither reaches alone: synchronous code that runs outside the script and never yields, such
 * as the top level of the configuration module or a loop after an `await` in an async hook (it runs
 * from the microtask queue, and keeps the timer from firing). For those, `settleWithin` also arms a
 * watchdog thread (src/build/watchdog.ts) that stops code stuck longer than the limit, so the timer can fire.
 * Neither bounds memory: MDX pages render in page workers, whose heap V8 bounds (`limits.heapMb`,
 * src/pages/index.ts `runPages`); code of this thread (hooks, the configuration) is bounded in time only.
 */
export class DeadlineExceeded extends Error {
  constructor(
    readonly what: string,
    readonly ms: number,
  ) {
    super(`${what} took longer than ${ms} ms`);
    this.name = 'DeadlineExceeded';
  }
}

const context = vm.createContext({ call: undefined as (() => unknown) | undefined });
const script = new vm.Script('call()', { filename: 'deadline.vm' });

/** Runs `fn` (synchronous) and returns what it returns; throws DeadlineExceeded once it runs longer than `ms`. */
export function withinSync<T>(ms: number, what: string, fn: () => T): T {
  context.call = fn;
  try {
    return script.runInContext(context, { timeout: ms, breakOnSigint: false }) as T;
  } catch (error) {
    if ((error as NodeJS.ErrnoException)?.code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') throw new DeadlineExceeded(what, ms);
    throw error;
  } finally {
    context.call = undefined;
  }
}

/** `promise`, or a DeadlineExceeded once it has not settled within `ms`. */
export function settleWithin<T>(ms: number, what: string, promise: PromiseLike<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const settled = Promise.resolve(promise);
  // Guarded until it settles, even past the deadline: code that starts late may still never yield.
  const guarded = guard(ms);
  settled.then(guarded.end, guarded.end);
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      guarded.late();
      reject(new DeadlineExceeded(what, ms));
    }, ms);
  });
  return Promise.race([settled, late]).finally(() => clearTimeout(timer));
}
