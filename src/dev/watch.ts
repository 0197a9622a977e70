import { watch, type FSWatcher } from 'chokidar';

export interface WatchOptions {
  paths: string[];
  /** Called with every path that changed since the last call; never twice at once. */
  onBatch: (paths: string[]) => Promise<void>;
  /** Quiet time after the last event before a rebuild starts. @default 15 */
  debounceMs?: number;
  /** A steady stream of events still rebuilds this often. @default the larger of 250 and 4 debounces */
  maxWaitMs?: number;
}

export interface Watcher {
  /** Resolves once the initial scan is done: changes after it are seen. */
  ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * chokidar sends at most one change event per file per 50 ms and drops the rest, so a second save
 * soon after the first (a formatter rewriting on save) would go unseen: each event also schedules
 * a look at the file just after that window. The builder skips files whose content is unchanged.
 */
const TRAILING_MS = 60;

/**
 * Watches files and coalesces bursts: an editor's atomic save (temp file, rename), a formatter
 * rewriting on save, or ten saves in a row give one batch. A batch that arrives during a rebuild
 * waits for it and then runs as one.
 */
export function watchFiles(options: WatchOptions): Watcher {
  const debounce = options.debounceMs ?? 15;
  const maxWait = options.maxWaitMs ?? Math.max(250, debounce * 4);
  let pending = new Set<string>();
  let firstAt = 0;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  const trailing = new Map<string, NodeJS.Timeout>();

  const flush = async () => {
    while (running) await running;
    if (!pending.size) return;
    const batch = [...pending];
    pending = new Set();
    firstAt = 0;
    running = options.onBatch(batch).finally(() => {
      running = null;
    });
    await running;
  };

  const schedule = (file: string) => {
    pending.add(file);
    const now = Date.now();
    if (!firstAt) firstAt = now;
    clearTimeout(timer);
    timer = setTimeout(() => void flush(), Math.max(0, Math.min(debounce, firstAt + maxWait - now)));
  };

  const onEvent = (file: string) => {
    schedule(file);
    clearTimeout(trailing.get(file));
    trailing.set(
      file,
      setTimeout(() => {
        trailing.delete(file);
        schedule(file);
      }, TRAILING_MS),
    );
  };

  const watcher: FSWatcher = watch(options.paths, {
    ignoreInitial: true,
    ignored: (file: string) => /[\\/](node_modules|\.git)([\\/]|$)/.test(file),
  });
  for (const event of ['add', 'change', 'unlink', 'addDir', 'unlinkDir'] as const) watcher.on(event, onEvent);
  const ready = new Promise<void>((resolve) => watcher.once('ready', () => resolve()));

  return {
    ready,
    async close() {
      clearTimeout(timer);
      for (const t of trailing.values()) clearTimeout(t);
      await watcher.close();
      while (running) await running;
    },
  };
}
