import { spawn, type SpawnOptions } from 'node:child_process';
import { cp, mkdtemp, rm, symlink } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { buildSite } from '../../../src/build/index.js';
import { loadConfig } from '../../../src/config/index.js';
import { startDevServer, type DevServer, type DevServerOptions } from '../../../src/dev/index.js';
import { MemoryWriter } from '../../../src/write/index.js';
import type { Logger } from '../../../src/build/log.js';
import { fixture, fixtureCopyOptions, REPO } from '../../helpers/site.js';

/** A copy of a fixture site in a temp folder: the dev tests edit its files. */
export async function copySite(
  name = 'dev',
): Promise<{ root: string; file: (p: string) => string; cleanup: () => Promise<void> }> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'docs-dev-site-'));
  await cp(fixture(name), root, fixtureCopyOptions(name));
  return { root, file: (p) => path.join(root, p), cleanup: () => rm(root, { recursive: true, force: true }) };
}

/**
 * A copy of client/ to edit styles in, laid out like the repository (src/ and node_modules/
 * linked beside it) so its imports resolve the same way.
 */
export async function copyClient(): Promise<{ clientDir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'docs-dev-client-'));
  await cp(path.join(REPO, 'client'), path.join(dir, 'client'), { recursive: true });
  await symlink(path.join(REPO, 'src'), path.join(dir, 'src'), 'dir');
  await symlink(path.join(REPO, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return { clientDir: path.join(dir, 'client'), cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** A logger that keeps what the dev server prints, for assertions on the terminal output. */
export function memoryLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return { lines, stage() {}, info: (m) => void lines.push(m), error: (m) => void lines.push(m) };
}

/**
 * Runs `docs dev` as a writer does, in a child process; `stop` sends Ctrl-C.
 * `as` runs it as another user (a test run by root needs one that file permissions apply to).
 */
export function runDev(args: string[], as: Pick<SpawnOptions, 'uid' | 'gid' | 'env'> = {}) {
  const child = spawn(process.execPath, [path.join(REPO, 'bin/docs.js'), 'dev', ...args], {
    cwd: REPO,
    stdio: ['ignore', 'pipe', 'pipe'],
    ...as,
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d) => (stdout += d));
  child.stderr!.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const started = new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', () => {
      const url = /dev server at (http:\/\/[^;\s]+)/.exec(stdout)?.[1];
      if (url) resolve(url.replace('localhost', '127.0.0.1'));
    });
    void exited.then((code) => reject(new Error(`dev exited with ${code}: ${stderr}`)));
  });
  started.catch(() => undefined); // a test that expects the exit does not wait for the start
  return { pid: child.pid!, started, exited, output: () => ({ stdout, stderr }), stop: () => child.kill('SIGINT') };
}

export async function startDev(
  root: string,
  options: Partial<DevServerOptions> = {},
): Promise<DevServer & { origin: string; log: string[] }> {
  const logger = memoryLogger();
  const dev = await startDevServer({ root, port: 0, logger, ...options });
  return Object.assign(dev, { origin: `http://127.0.0.1:${dev.port}`, log: logger.lines });
}

/** What `devSiteEach` gives each test: the site's copy, its `dev` server, and an event stream open on it. */
export interface DevSite {
  site: Awaited<ReturnType<typeof copySite>>;
  dev: Awaited<ReturnType<typeof startDev>>;
  events: EventStream;
  /** The copy of client/ `dev` bundles (with `copyClient: true`). */
  client: Awaited<ReturnType<typeof copyClient>>;
  /** Starts `dev` again on the same copy with `options` more, and opens a new event stream. */
  restart: (options: Partial<DevServerOptions>) => Promise<void>;
}

/**
 * Each test of the describe block it is called in gets a fresh copy of fixture `name` served by an
 * in-process `dev` (watchLayout off unless `options` say otherwise) with its event stream open; all
 * of it is closed and removed after the test, and mocks restored. `prepare` changes the copy before
 * `dev` starts; `copyClient` has `dev` bundle a copy of client/ that the test may edit.
 */
export function devSiteEach(
  name: string,
  options: Partial<DevServerOptions> & {
    copyClient?: boolean;
    prepare?: (site: DevSite['site']) => Promise<void>;
  } = {},
): DevSite {
  const { copyClient: withClient, prepare, ...devOptions } = options;
  const state = {} as DevSite;
  const start = async (more: Partial<DevServerOptions> = {}) => {
    const clientDir = state.client?.clientDir;
    state.dev = await startDev(state.site.root, {
      watchLayout: false,
      ...(clientDir && { clientDir }),
      ...devOptions,
      ...more,
    });
    state.events = await EventStream.open(`${state.dev.origin}/docs/__dev/events`);
  };
  state.restart = async (more) => {
    state.events.close();
    await state.dev.close();
    await start(more);
  };
  beforeEach(async () => {
    state.site = await copySite(name);
    if (withClient) state.client = await copyClient();
    await prepare?.(state.site);
    await start();
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    state.events?.close();
    await state.dev?.close();
    await state.site?.cleanup();
    await state.client?.cleanup();
    for (const key of ['site', 'dev', 'events', 'client'] as const) delete state[key];
  });
  return state;
}

/**
 * `build` of the content `dev` serves, with the bundle `dev` serves (dev bundles its own, in dev
 * mode), and what `dev` serves at a URL without its reload client: the two must be the same.
 */
export async function buildBeside(
  dev: DevServer & { origin: string },
  root: string,
): Promise<{ built: MemoryWriter; served: (url: string) => Promise<string> }> {
  const built = new MemoryWriter();
  await buildSite(await loadConfig(root), built, undefined, { assets: dev.builder.current().assets });
  const served = async (url: string) =>
    (await get(`${dev.origin}${url}`)).text.replace(
      '<script type="module" src="/docs/__dev/client.js"></script>\n',
      '',
    );
  return { built, served };
}

/** How long a mismatch may wait for a later reload before it fails: a bound for a stuck server, not a pace. */
const LATER_RELOAD_MS = 60_000;

/**
 * `expectServedAsBuilt` after the reload of a save. A save made while `dev` was still rebuilding for
 * an earlier one (a busy machine) reaches tabs as one more reload, so the reload taken may come
 * before the save's: a mismatch is compared again at each later reload, and fails when none comes.
 */
export async function expectServedAsBuiltAfterReload(
  dev: DevServer & { origin: string },
  events: EventStream,
  root: string,
  gone: string[] = [],
): Promise<string[]> {
  let mismatch: unknown;
  for (;;) {
    try {
      await events.next('reload', undefined, mismatch === undefined ? undefined : LATER_RELOAD_MS);
    } catch (noLaterReload) {
      throw mismatch ?? noLaterReload;
    }
    try {
      return await expectServedAsBuilt(dev, root, gone);
    } catch (error) {
      mismatch = error;
    }
  }
}

/**
 * Asserts that `dev` serves what a build of the same content writes: every page, the 404 page (also
 * at each of `gone`, routes that must be gone), the route table and each page's chunk as the router
 * fetches them. Returns the build's page files.
 */
export async function expectServedAsBuilt(
  dev: DevServer & { origin: string },
  root: string,
  gone: string[] = [],
): Promise<string[]> {
  const { built, served } = await buildBeside(dev, root);
  const pages = [...built.files.keys()].filter((file) => file.endsWith('/index.html') || file === 'index.html');
  for (const file of pages)
    expect(await served(`/docs/${file.replace(/index\.html$/, '')}`), file).toBe(built.text(file));
  for (const route of ['/no-such-page/', ...gone])
    expect(await served(`/docs${route}`), route).toBe(built.text('404.html'));
  expect(await served('/docs/routes.json')).toBe(built.text('routes.json'));
  const index = JSON.parse(built.text('routes.json')!) as { shards: Record<string, string>; nav: string };
  for (const url of [index.nav, ...Object.values(index.shards)]) {
    expect(await served(url), url).toBe(built.text(url.slice('/docs/'.length)));
    if (url === index.nav) continue;
    for (const chunk of Object.values(JSON.parse(built.text(url.slice('/docs/'.length))!) as Record<string, string>))
      expect(await served(chunk), chunk).toBe(built.text(chunk.slice('/docs/'.length)));
  }
  return pages;
}

export interface DevEventMessage {
  type: string;
  data: Record<string, unknown>;
}

/** Reads the dev server's Server-Sent Events over real HTTP, the way a tab's EventSource does. */
export class EventStream {
  private readonly events: DevEventMessage[] = [];
  private cursor = 0;
  private waiters: (() => void)[] = [];
  private request?: http.ClientRequest;

  static async open(url: string): Promise<EventStream> {
    const stream = new EventStream();
    await new Promise<void>((resolve, reject) => {
      stream.request = http.get(url, (res) => {
        res.setEncoding('utf8');
        let buffer = '';
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            stream.receive(buffer.slice(0, end));
            buffer = buffer.slice(end + 2);
          }
        });
        resolve();
      });
      stream.request.on('error', reject);
    });
    await stream.next('hello');
    return stream;
  }

  private receive(block: string): void {
    const type = /^event: (.*)$/m.exec(block)?.[1];
    const data = /^data: (.*)$/m.exec(block)?.[1];
    if (!type) return; // a comment (heartbeat) or the retry line
    this.events.push({ type, data: data ? JSON.parse(data) : {} });
    for (const wake of this.waiters.splice(0)) wake();
  }

  /** The next event of a type (or of one of the types) not yet taken (skipping others), waiting for it if needed. */
  async next(
    type: string | string[],
    accept: (data: Record<string, unknown>) => boolean = () => true,
    timeoutMs = 120_000,
  ): Promise<DevEventMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const types = typeof type === 'string' ? [type] : type;
      const index = this.events.findIndex((e, i) => i >= this.cursor && types.includes(e.type) && accept(e.data));
      if (index >= 0) {
        this.cursor = index + 1;
        return this.events[index];
      }
      if (Date.now() > deadline)
        throw new Error(
          `no "${types.join('" or "')}" event; received: ${
            this.events
              .slice(this.cursor)
              .map((e) => e.type)
              .join(', ') || 'nothing'
          }`,
        );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 250);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Events received and not yet taken. */
  pending(): DevEventMessage[] {
    return this.events.slice(this.cursor);
  }

  close(): void {
    this.request?.destroy();
  }
}

export async function get(url: string): Promise<{ status: number; text: string; type: string }> {
  const res = await fetch(url, { redirect: 'manual' });
  return { status: res.status, text: await res.text(), type: res.headers.get('content-type') ?? '' };
}
