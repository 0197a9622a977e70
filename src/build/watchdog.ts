import { isMainThread, Worker } from 'node:worker_threads';

/**
 * The guard behind a deadline of this thread's own timers, for synchronous code that never yields:
 * a `while (true) {}` at the top level of the configuration, or after an `await` (in the
 * configuration, in an async plugin hook), runs where no `vm` timeout reaches it (src/build/deadline.ts)
 * and keeps this thread from ever running the timer that would report it.
 *
 * While such code may run (from `guard` until its promise settles, which may be after its deadline
 * was reported: a module whose import was late is evaluated when it arrives), this thread beats a
 * shared counter from its event loop, and a watchdog thread reads it. When the beat has stopped for
 * longer than the guard's limit and GRACE_MS, this thread is stuck in code that does not yield, and
 * the watchdog asks V8, through the inspector (`Runtime.terminateExecution`), to stop the JavaScript
 * it runs. V8 cancels the termination once the stopped code has unwound, so the thread goes back to
 * its event loop, where the deadline's timer reports which hook or file and which limit. Only the
 * process's main thread can be guarded (the inspector reaches only that one); the CLI runs the build there.
 */

/** How long past its limit a stalled thread is given before the watchdog steps in (a long GC pause is not a loop). */
const GRACE_MS = 1_000;
/**
 * The stall allowed, once its deadline has been reported, to code whose promise has not settled: it
 * may still start a loop (a module whose import was late is evaluated when it arrives), but other
 * code of the process runs by then too, and only a stall this long is surely not one of its stages.
 */
const LATE_STALL_MS = 10_000;
/** How often this thread beats, and the watchdog looks, while a guard is armed. */
const BEAT_MS = 100;

const WATCHDOG_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const inspector = require('node:inspector');
const beat = new Int32Array(workerData);
const limits = new Map();
let last = Atomics.load(beat, 0);
let since = Date.now();
let timer;
parentPort.on('message', ({ token, ms }) => {
  if (ms === undefined) limits.delete(token);
  else limits.set(token, ms);
  if (limits.size && !timer) {
    last = Atomics.load(beat, 0);
    since = Date.now();
    timer = setInterval(look, ${BEAT_MS});
  } else if (!limits.size && timer) timer = clearInterval(timer);
});
function look() {
  const now = Date.now();
  const count = Atomics.load(beat, 0);
  if (count !== last) {
    last = count;
    since = now;
    return;
  }
  if (now - since <= Math.min(...limits.values()) + ${GRACE_MS}) return;
  since = now;
  const session = new inspector.Session();
  session.connectToMainThread();
  session.post('Runtime.terminateExecution', () => session.disconnect());
}
`;

let watchdog: { worker: Worker; beat: Int32Array } | null | undefined;
let lastToken = 0;
let armed = 0;
let beating: NodeJS.Timeout | undefined;

function start(): typeof watchdog {
  if (!isMainThread) return null;
  try {
    const shared = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
    const worker = new Worker(WATCHDOG_CODE, { eval: true, workerData: shared });
    worker.on('error', () => (watchdog = null)); // no inspector in this Node: the timers alone, as before
    worker.unref(); // after the listener: adding one would keep the process alive again
    return { worker, beat: new Int32Array(shared) };
  } catch {
    return null;
  }
}

export interface Guard {
  /** Its deadline has been reported: from now on only a long stall is stopped (LATE_STALL_MS). */
  late(): void;
  /** Its code's promise has settled. */
  end(): void;
}

/** Guards code that may run synchronously for up to `ms` at a time, until `end`. */
export function guard(ms: number): Guard {
  watchdog ??= start();
  const dog = watchdog;
  if (!dog) return { late() {}, end() {} };
  const token = ++lastToken;
  dog.worker.postMessage({ token, ms });
  if (armed++ === 0) beating = setInterval(() => Atomics.add(dog.beat, 0, 1), BEAT_MS).unref();
  let ended = false;
  return {
    late() {
      if (!ended) dog.worker.postMessage({ token, ms: Math.max(ms, LATE_STALL_MS) });
    },
    end() {
      if (ended) return;
      ended = true;
      dog.worker.postMessage({ token });
      if (--armed === 0) clearInterval(beating);
    },
  };
}
