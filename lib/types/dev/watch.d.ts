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
 * Watches files and coalesces bursts: an editor's atomic save (temp file, rename), a formatter
 * rewriting on save, or ten saves in a row. The first event starts a batch at once (the rebuild
 * overlaps the quiet time instead of following it); events that come during it make one follow-up
 * batch after `debounceMs` of quiet, and `settled` tells the first that it was not the last.
 */
export declare function watchFiles(options: WatchOptions): Watcher;
