import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import { transformSync } from 'esbuild';
import { GENERATOR_ROOT } from '../generator-root.js';
import { loadConfig } from '../config/index.js';
import { BuildFailure } from '../model/errors.js';
import { createLogger, type Logger } from '../build/log.js';
import { createStaticServer, listen } from '../serve/index.js';
import { DevBuilder, laterResult, type RebuildResult } from './builder.js';
import { EventHub } from './events.js';
import { OutputDir } from './output-dir.js';
import { shownPath } from './problems.js';
import { isLocalHost, isLoopback } from './local-host.js';
import { fillDevTokens } from './tokens.js';
import { watchFiles, type Watcher } from './watch.js';

/** The live-reload client (client/dev-reload.ts), compiled once a process: it is never part of a build's runtime. */
let clientScript: string | undefined;
const devClientScript = () =>
  (clientScript ??= transformSync(readFileSync(path.join(GENERATOR_ROOT, 'client/dev-reload.ts'), 'utf8'), {
    loader: 'ts',
    format: 'esm',
    target: 'es2020',
  }).code);

/** Where the dev server's own endpoints live, under the base (content routes never start with "_"). */
const DEV_PATH = '__dev/';

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
export async function startDevServer(options: DevServerOptions): Promise<DevServer> {
  const logger = options.logger ?? createLogger();
  const root = path.resolve(options.root);
  // The base is needed to listen; a broken configuration is reported by the first build.
  const config = await loadConfig(root).catch(() => undefined);
  const base = config?.base ?? '/';
  const out = await OutputDir.create();
  const builder = new DevBuilder({ root, out, clientDir: options.clientDir });
  const hub = new EventHub();
  const listeners = new Set<(result: RebuildResult) => void>();
  // Requests that arrive before the first build wait for it.
  let firstBuilt!: () => void;
  const firstBuild = new Promise<void>((resolve) => (firstBuilt = resolve));

  const host = options.host ?? '127.0.0.1';
  // Listening on this machine only: a page elsewhere must not read the site through a name of its own.
  const localOnly = isLoopback(host);
  const server = createStaticServer({
    dir: out.dir,
    base,
    // The overlay styles itself with a <style> element, which the site's CSP refuses.
    siteHeaders: false,
    intercept: async (req, res, url) => {
      if (localOnly && !isLocalHost(req.headers.host)) {
        res
          .writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' })
          .end(
            `This dev server answers only requests addressed to this machine (localhost, 127.0.0.1, [::1]), not to "${req.headers.host}". To open it from another machine, start it with --host.\n`,
          );
        return true;
      }
      if (url.pathname === `${base}${DEV_PATH}events`) {
        if (req.method !== 'GET')
          res
            .writeHead(405, { Allow: 'GET', 'Content-Type': 'text/plain; charset=utf-8' })
            .end('The event stream answers GET only.\n');
        else hub.connect(req, res);
        return true;
      }
      if (url.pathname === `${base}${DEV_PATH}client.js`) {
        res
          .writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' })
          .end(devClientScript());
        return true;
      }
      await firstBuild;
      if (!builder.ready) {
        res
          .writeHead(503, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' })
          .end(waitingPage(base));
        return true;
      }
      await builder.ensure(url.pathname);
      return false;
    },
    transformHtml: (html) => injectClient(fillDevTokens(html, builder.currentAssets()), base),
    // A page's chunk carries the page's stylesheet links (diagrams, math, images) as the HTML does.
    transformScript: (js) => fillDevTokens(js, builder.currentAssets()),
  });

  let port: number;
  try {
    port = await listen(server, options.port ?? 4173, host);
  } catch (error) {
    await out.remove();
    hub.close();
    throw error;
  }

  const log = resultLogger(logger);
  const report = (result: RebuildResult, what: string) => {
    log(result, what);
    hub.send(result.event);
    for (const listener of listeners) listener(result);
  };
  /** A batch's result not shown yet: more events came while it was built. */
  let held: { result: RebuildResult; files: string[] } | undefined;
  // Watching starts with the first build: a save during a long first build is not missed.
  const watcher: Watcher = watchFiles({
    paths: builder.watched({ config, layout: options.watchLayout }),
    debounceMs: options.debounceMs,
    onError: watchErrorLogger(logger, root),
    onBatch: async (files, settled) => {
      try {
        const result = await builder.update(files);
        // A batch followed by more events is not shown: the follow-up's result is, with its routes.
        const shown = held ? (result ? laterResult(held.result, result) : held.result) : result;
        const named = held ? [...new Set([...held.files, ...files])] : files;
        held = undefined;
        if (!shown) return;
        if (await settled()) report(shown, describe(named, root));
        else held = { result: shown, files: named };
      } catch (error) {
        // A bug of ours, not the writer's input: say so, and keep serving.
        logger.error(`Internal error while rebuilding: ${(error as Error).stack ?? String(error)}`);
      }
    },
  });
  let first: RebuildResult;
  try {
    [first] = await Promise.all([builder.build(), watcher.ready]);
  } catch (error) {
    await watcher.close();
    hub.close();
    server.close();
    await builder.close();
    await out.remove();
    throw error;
  } finally {
    firstBuilt();
  }
  report(first, 'built the site');

  const shownHost = host === '0.0.0.0' || host === '::' || host === '127.0.0.1' ? 'localhost' : host;
  return {
    url: `http://${shownHost}:${port}${base}`,
    port,
    server,
    builder,
    events: hub,
    onRebuild(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      await watcher.close();
      hub.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await builder.close();
      await out.remove();
    },
  };
}

/** The reload client goes at the end of the head: it runs after the page's own scripts are queued. */
export function injectClient(html: string, base: string): string {
  const tag = `<script type="module" src="${base}${DEV_PATH}client.js"></script>`;
  return html.includes('</head>') ? html.replace('</head>', `${tag}\n</head>`) : `${tag}\n${html}`;
}

/** Served before the first build has succeeded: the overlay shows why, and the tab reloads once it works. */
function waitingPage(base: string): string {
  return injectClient(
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>The site did not build</title></head><body><p>The site did not build yet: the problems are listed over this page and in the terminal.</p></body></html>',
    base,
  );
}

function describe(files: string[], root: string): string {
  const names = files.map((f) => shownPath(f, root));
  return names.length > 3 ? `${names.slice(0, 3).join(', ')} and ${names.length - 3} more` : names.join(', ');
}

/**
 * A path the watcher cannot follow, said once: the rebuild it triggers reads the path and reports
 * what is wrong with it as a problem (the same as `build`'s).
 */
function watchErrorLogger(logger: Logger, root: string): (error: NodeJS.ErrnoException) => void {
  const said = new Set<string>();
  return (error) => {
    const what = `${error.path ? shownPath(error.path, root) : 'a watched path'} (${error.code ?? error.message})`;
    if (said.has(what)) return;
    said.add(what);
    logger.error(`! cannot watch ${what}: its changes are not seen until it is readable again`);
  };
}

/** One line per rebuild; the full list of problems only when it changed, so saves do not flood the terminal. */
function resultLogger(logger: Logger): (result: RebuildResult, what: string) => void {
  let lastProblems = '';
  return (result, what) => {
    const pages = result.rendered.length;
    const summary = `${what}: ${pages} page${pages === 1 ? '' : 's'} rendered in ${result.ms} ms`;
    if (!result.problems.length) {
      lastProblems = '';
      logger.info(`✓ ${summary}${result.event.type === 'style' ? ' (stylesheet swapped)' : ''}`);
      return;
    }
    const text = new BuildFailure(result.problems).format();
    logger.error(
      `✗ ${summary}, with problems${text === lastProblems ? ` (the same ${result.problems.length} as before)` : `:\n${text}`}`,
    );
    lastProblems = text;
  };
}
