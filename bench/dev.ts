// The writer's loop, timed: how long from saving a Markdown file until open tabs are told to
// reload. Run directly with `node --import tsx bench/dev.ts [root] [edits] [page] [--profile file.cpuprofile]`
// (page: a path under the content folder), or import `measureDevLatency` (npm run bench does).
import { cp, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';

// As `docs dev` runs (bin/docs.js): React's production build, chosen when React loads, so before the generator's modules.
process.env.NODE_ENV ??= 'production';
const { CONFIG_FILES, loadConfig } = await import('../src/config/index.js');
const { startDevServer } = await import('../src/dev/index.js');
const { silentLogger } = await import('../src/build/log.js');

export interface DevLatencyOptions {
  /** Saves to time. @default 15 */
  edits?: number;
  /** The page to edit, under the content folder. @default a page in the middle of the site */
  page?: string;
  /** Quiet time between saves, as a writer leaves it (back-to-back saves measure queueing instead). @default 300 */
  pauseMs?: number;
  /** Writes a CPU profile of the saves (not of the first build) to this file, for Chrome's DevTools. */
  profile?: string;
}

export interface DevLatencyResult {
  pages: number;
  page: string;
  /** The first full build, before the server answers. */
  startupMs: number;
  samples: number[];
  /** The server's own figure per save (the event's `ms`: the rebuild, from the watcher's batch to the event). */
  rebuildMs: number[];
  medianMs: number;
  p95Ms: number;
  maxMs: number;
  /** CPU time of this process (server and watcher) per save, pauses included: what a save costs the machine. */
  cpuMsPerSave: number;
  /** Of that, the median spent between the save and the reload event (the rest comes after it: the watcher's second look, collection). */
  cpuMsToReload: number;
}

/**
 * Starts the dev server on a copy of `root` (its content and configuration; everything else is
 * linked), then saves one page `edits` times, each time waiting for the reload event on the
 * event stream over HTTP, as a tab would, then a pause. Each sample is save start -> event received.
 */
export async function measureDevLatency(root: string, options: DevLatencyOptions = {}): Promise<DevLatencyResult> {
  const copy = await copyRoot(path.resolve(root));
  const started = performance.now();
  const dev = await startDevServer({ root: copy, port: 0, watchLayout: false, logger: silentLogger });
  const startupMs = performance.now() - started;
  const stream = await openEvents(`http://127.0.0.1:${dev.port}${dev.url.replace(/^http:\/\/[^/]+/, '')}__dev/events`);
  try {
    const site = dev.builder.current().site!;
    const pages = site.pages.filter((p) => p.regularPath !== '/');
    const page = options.page ?? pages[Math.floor(pages.length / 2)].relativePath;
    const file = path.join(site.config.contentDir, page);
    const original = await readFile(file, 'utf8');
    const samples: number[] = [];
    const rebuildMs: number[] = [];
    const cpuToReload: number[] = [];
    const profiler = options.profile ? await startProfile() : undefined;
    const cpuBefore = process.cpuUsage();
    for (let i = 0; i < (options.edits ?? 15); i++) {
      const waiting = stream.next();
      const saved = performance.now();
      const cpuAtSave = process.cpuUsage();
      await writeFile(file, `${original}\nA sentence added by the benchmark, save ${i + 1}.\n`);
      rebuildMs.push(await waiting);
      samples.push(performance.now() - saved);
      const toReload = process.cpuUsage(cpuAtSave);
      cpuToReload.push((toReload.user + toReload.system) / 1000);
      await new Promise((resolve) => setTimeout(resolve, options.pauseMs ?? 300));
    }
    const cpu = process.cpuUsage(cpuBefore);
    if (profiler) await profiler.stop(options.profile!);
    const sorted = [...samples].sort((a, b) => a - b);
    const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]);
    return {
      pages: site.pages.length,
      page,
      startupMs: Math.round(startupMs),
      samples: samples.map(Math.round),
      rebuildMs,
      medianMs: at(0.5),
      p95Ms: at(0.95),
      maxMs: Math.round(sorted[sorted.length - 1]),
      cpuMsPerSave: Math.round((cpu.user + cpu.system) / 1000 / samples.length),
      cpuMsToReload: Math.round([...cpuToReload].sort((a, b) => a - b)[Math.floor(cpuToReload.length / 2)]),
    };
  } finally {
    stream.close();
    await dev.close();
    await rm(copy, { recursive: true, force: true });
  }
}

/** A temp copy of the content and the configuration; the rest of the root is linked (the config may import from it). */
async function copyRoot(root: string): Promise<string> {
  const config = await loadConfig(root);
  const copy = await mkdtemp(path.join(os.tmpdir(), 'docs-bench-dev-'));
  const contentName = path.relative(root, config.contentDir);
  for (const entry of await readdir(root)) {
    const from = path.join(root, entry);
    if (entry === contentName || CONFIG_FILES.includes(entry))
      await cp(from, path.join(copy, entry), { recursive: true });
    else if (entry !== '.git' && entry !== path.relative(root, config.outDir))
      await symlink(from, path.join(copy, entry));
  }
  return copy;
}

/** The inspector's CPU profiler on this process; `stop` writes the profile as a .cpuprofile file. */
async function startProfile(): Promise<{ stop: (file: string) => Promise<void> }> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return {
    async stop(file) {
      const { profile } = await session.post('Profiler.stop');
      await writeFile(file, JSON.stringify(profile));
      session.disconnect();
    },
  };
}

/** The dev server's event stream; `next()` resolves on the next reload or problems event, with its `ms`. */
async function openEvents(url: string): Promise<{ next: () => Promise<number>; close: () => void }> {
  let wake: ((ms: number) => void) | null = null;
  const request = http.get(url);
  await new Promise<void>((resolve, reject) => {
    request.on('response', (res) => {
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        if (/^event: (reload|problems)$/m.test(chunk)) wake?.(Number(/"ms":(\d+)/.exec(chunk)?.[1] ?? NaN));
      });
      resolve();
    });
    request.on('error', reject);
  });
  return {
    next: () => new Promise<number>((resolve) => (wake = resolve)),
    close: () => request.destroy(),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--profile');
  const profile = at >= 0 ? args.splice(at, 2)[1] : undefined;
  const [root = '.', edits, page] = args;
  console.log(
    JSON.stringify(await measureDevLatency(root, { edits: edits ? Number(edits) : undefined, page, profile })),
  );
}
