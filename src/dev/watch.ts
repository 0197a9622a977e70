import { lstatSync } from 'node:fs';
import path from 'node:path';
import { watch, type FSWatcher } from 'chokidar';

export interface WatchOptions {
  paths: string[];
  /**
   * Called with every path that changed since the last call; never twice at once. A batch starts at
   * the first event; `settled` resolves true once `debounceMs` pass with no other event (what the
   * batch built may be shown), false as soon as one comes (a follow-up batch will have it).
   */
  onBatch: (paths: string[], settled: () => Promise<boolean>) => Promise<void>;
  /** Quiet time after the last event before a burst is over. @default 15 */
  debounceMs?: number;
  /** A steady stream of events still rebuilds this often. @default the larger of 250 and 4 debounces */
  maxWaitMs?: number;
  /** A path that cannot be watched (unreadable, a symlink loop); its path is also passed to `onBatch`. */
  onError?: (error: NodeJS.ErrnoException) => void;
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

const IGNORED = /[\\/](node_modules|\.git)([\\/]|$)/;

/**
 * Watches files and coalesces bursts: an editor's atomic save (temp file, rename), a formatter
 * rewriting on save, or ten saves in a row. The first event starts a batch at once (the rebuild
 * overlaps the quiet time instead of following it); events that come during it make one follow-up
 * batch after `debounceMs` of quiet, and `settled` tells the first that it was not the last.
 */
export function watchFiles(options: WatchOptions): Watcher {
  const debounce = options.debounceMs ?? 15;
  const maxWait = options.maxWaitMs ?? Math.max(250, debounce * 4);
  let pending = new Set<string>();
  let firstAt = 0;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let leading = false;
  const trailing = new Map<string, NodeJS.Timeout>();
  /** Events seen, and when the last came; the burst under way started at `burstAt` (0: none). */
  let events = 0;
  let lastAt = 0;
  let burstAt = 0;
  const waiters = new Set<() => void>();

  /** For a batch taken after `seen` events: true once the burst is over (or has run `maxWait`), false on another event. */
  const settledAfter = (seen: number) => (): Promise<boolean> =>
    new Promise<boolean>((resolve) => {
      let wait: NodeJS.Timeout | undefined;
      const check = () => {
        clearTimeout(wait);
        waiters.delete(check);
        const now = Date.now();
        if (now - burstAt >= maxWait) return resolve(true);
        if (events !== seen) return resolve(false);
        if (now - lastAt >= debounce) return resolve(true);
        waiters.add(check);
        wait = setTimeout(check, lastAt + debounce - now);
      };
      check();
    });

  const flush = async () => {
    while (running) await running;
    if (!pending.size) return;
    const batch = [...pending];
    pending = new Set();
    firstAt = 0;
    const seen = events;
    running = options.onBatch(batch, settledAfter(seen)).finally(() => {
      running = null;
      if (events === seen) burstAt = 0; // the burst ended with this batch
    });
    await running;
  };

  /** `look`: the second look after chokidar's window, not an event (the file most often reads the same). */
  const schedule = (file: string, look = false) => {
    pending.add(file);
    const now = Date.now();
    if (!look) {
      events++;
      lastAt = now;
      if (!burstAt) burstAt = now;
      for (const wake of [...waiters]) wake();
    }
    if (!firstAt) firstAt = now;
    clearTimeout(timer);
    timer = setTimeout(() => void flush(), Math.max(0, Math.min(debounce, firstAt + maxWait - now)));
    // Nothing under way: start now, once this turn's events (one read of the folder's notifications) are
    // in; while a file is empty, as it is between an editor's truncating and writing it, look again each
    // millisecond (the timer still starts the batch after the quiet time: a page emptied on purpose).
    if (!running && !leading) {
      leading = true;
      const lead = () => {
        if (running || !pending.size) leading = false;
        else if ([...pending].some(emptyFile)) setTimeout(lead, 1);
        else {
          leading = false;
          void flush();
        }
      };
      setImmediate(lead);
    }
  };

  const onEvent = (file: string) => {
    schedule(file);
    clearTimeout(trailing.get(file));
    trailing.set(
      file,
      setTimeout(() => {
        trailing.delete(file);
        schedule(file, true);
      }, TRAILING_MS),
    );
  };

  // Each path is watched from its parent folder, so a folder deleted or moved away and then put
  // back is seen again; nothing else in the parent is.
  const roots = options.paths.map((p) => path.resolve(p));
  const parents = new Set(roots.map((p) => path.dirname(p)));
  const watched = (file: string) =>
    roots.some((root) => file === root || file.startsWith(root + path.sep)) && !IGNORED.test(file);
  /** Paths seen only in the folders' notifications, not (yet) in chokidar's events. */
  const unknown = new Set<string>();
  const watcher: FSWatcher = watch([...parents], {
    ignoreInitial: true,
    // Symlinks are not walked into: `ln -s . content/here` is no endless tree of folders.
    followSymlinks: false,
    ignored: (file: string) => !parents.has(file) && !watched(file),
  });
  for (const event of ['add', 'change', 'unlink', 'addDir', 'unlinkDir'] as const) {
    watcher.on(event, (file) => {
      unknown.delete(file);
      if (watched(file)) onEvent(file);
    });
  }
  // A path that cannot be watched is read again by the build, which says what is wrong with it,
  // and watched again once its folder's notification says it changed (made readable).
  const failed = new Set<string>();
  watcher.on('error', (error: unknown) => {
    const file = (error as NodeJS.ErrnoException).path;
    options.onError?.(error as NodeJS.ErrnoException);
    if (file && watched(file)) {
      failed.add(file);
      onEvent(file);
    }
  });
  // chokidar says nothing of what it cannot stat or watch (a symlink loop, an unreadable file): the
  // folder's own notifications still name it, so the build reads it and reports why it fails. A
  // path that is gone is left to chokidar, which reports a removal once the whole removal is done
  // (`rm -rf content` is one batch, not a site losing its pages one by one), unless chokidar never
  // knew it.
  watcher.on('raw', (_event, name, details) => {
    const dir = (details as { watchedPath?: string } | undefined)?.watchedPath;
    if (typeof name !== 'string' || !name || !dir) return;
    const file = path.basename(dir) === name ? dir : path.join(dir, name);
    if (!watched(file)) return;
    const exists = pathExists(file);
    if (exists) unknown.add(file);
    else if (!unknown.delete(file)) return;
    onEvent(file);
    if (failed.delete(file)) watcher.add(file);
  });
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

/** A file of no bytes: a save half done, most often (a page emptied on purpose waits the quiet time). */
function emptyFile(file: string): boolean {
  try {
    const stats = lstatSync(file, { throwIfNoEntry: false });
    return stats?.isFile() === true && stats.size === 0;
  } catch {
    return false;
  }
}

/**
 * Whether a path is there. A folder on the way that was just made unreadable (`chmod 000`) makes
 * lstat fail with EACCES: the path is there, and the build says why it cannot be read. Throwing
 * here would end the dev server from inside a watcher callback.
 */
function pathExists(file: string): boolean {
  try {
    return lstatSync(file, { throwIfNoEntry: false }) !== undefined;
  } catch {
    return true;
  }
}
