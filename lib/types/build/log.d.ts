/** Where progress goes. A terminal gets a line a stage; CI (no TTY) gets only the summary. */
export interface Logger {
    stage(label: string, ms: number, ok: boolean): void;
    /** How far a long stage is (pages rendered of those to render). */
    progress?(label: string, done: number, total: number): void;
    info(message: string): void;
    error(message: string): void;
}
export declare function createLogger(options?: {
    verbose?: boolean;
    quiet?: boolean;
    stream?: NodeJS.WritableStream;
}): Logger;
export declare const silentLogger: Logger;
/** Runs one stage, reports its time and outcome, and rethrows what it threw. */
export declare function task<T>(logger: Logger, label: string, fn: () => T | Promise<T>): Promise<T>;
