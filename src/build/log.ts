import { performance } from 'node:perf_hooks';

/** Where progress goes. A terminal gets a line a stage; CI (no TTY) gets only the summary. */
export interface Logger {
  stage(label: string, ms: number, ok: boolean): void;
  /** How far a long stage is (pages rendered of those to render). */
  progress?(label: string, done: number, total: number): void;
  info(message: string): void;
  error(message: string): void;
}

export function createLogger(
  options: { verbose?: boolean; quiet?: boolean; stream?: NodeJS.WritableStream } = {},
): Logger {
  const stream = options.stream ?? process.stderr;
  const verbose = (options.verbose ?? (Boolean(process.stderr.isTTY) && !process.env.CI)) && !options.quiet;
  // A progress line is rewritten in place (\r), once a percent, and cleared when its stage ends.
  let shown = '';
  const clear = () => {
    if (shown) stream.write('\r\x1b[K');
    shown = '';
  };
  return {
    stage(label, ms, ok) {
      if (!verbose) return;
      clear();
      stream.write(`${ok ? '✓' : '✗'} ${label} ${ms.toFixed(0)} ms\n`);
    },
    progress(label, done, total) {
      if (!verbose || total <= 0) return;
      const line = `… ${label} ${Math.floor((done / total) * 100)}% (${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')})`;
      if (line.split(' (')[0] === shown.split(' (')[0]) return;
      stream.write(`\r\x1b[K${line}`);
      shown = line;
    },
    info(message) {
      if (!options.quiet) process.stdout.write(`${message}\n`);
    },
    error(message) {
      clear();
      process.stderr.write(`${message}\n`);
    },
  };
}

export const silentLogger: Logger = { stage() {}, info() {}, error() {} };

/** Runs one stage, reports its time and outcome, and rethrows what it threw. */
export async function task<T>(logger: Logger, label: string, fn: () => T | Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    const result = await fn();
    logger.stage(label, performance.now() - started, true);
    return result;
  } catch (error) {
    logger.stage(label, performance.now() - started, false);
    throw error;
  }
}
