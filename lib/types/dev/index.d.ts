import type { Server } from 'node:http';
import { type Logger } from '../build/log.js';
import { DevBuilder, type RebuildResult } from './builder.js';
import { EventHub } from './events.js';
export interface DevServerOptions {
    root: string;
    /** @default 4173 */
    port?: number;
    /** @default "127.0.0.1" (this machine only) */
    host?: string;
    /** The browser code to bundle and watch. @default the repository's client/ */
    clientDir?: string;
    /** Quiet time after a change before rebuilding. @default 15 */
    debounceMs?: number;
    /** Watch templates/ and src/render/ (tests turn it off: others edit the repository meanwhile). @default true */
    watchLayout?: boolean;
    logger?: Logger;
}
export interface DevServer {
    /** The site's address, e.g. http://localhost:4173/docs/ */
    url: string;
    port: number;
    server: Server;
    builder: DevBuilder;
    events: EventHub;
    /** Every rebuild's outcome, in order (the last one first in line for tests and benchmarks). */
    onRebuild(listener: (result: RebuildResult) => void): () => void;
    close(): Promise<void>;
}
/**
 * `docs dev`: builds the site, serves it the way `serve` does, watches the content, the
 * configuration, the templates and the components, and rebuilds what a change touches. Open tabs
 * reload themselves (or swap the stylesheet), and show the problems of a broken build over the page.
 */
export declare function startDevServer(options: DevServerOptions): Promise<DevServer>;
/** The reload client goes at the end of the head: it runs after the page's own scripts are queued. */
export declare function injectClient(html: string, base: string): string;
