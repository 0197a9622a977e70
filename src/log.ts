import { performance } from 'node:perf_hooks';

/** Where progress goes. A terminal gets a line a stage; CI (no TTY) gets only the summary. */
export interface Logger {
  stage(label: string, ms: number, ok: boolean): void;
  info(message: string): void;
  error(message: string): void;
}

export function createLogger(options: { verbose?: boolean; quiet?: boolean } = {}): Logger {
  const verbose = options.verbose ?? (Boolean(process.stderr.isTTY) && !process.env.CI);
  return {
    stage(label, ms, ok) {
      if (verbose && !options.quiet) process.stderr.write(`${ok ? '✓' : '✗'} ${label} ${ms.toFixed(0)} ms\n`);
    },
    info(message) {
      if (!options.quiet) process.stdout.write(`${message}\n`);
    },
    error(message) {
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
