// The peers of `npm run bench -- --peers`: the same corpus (bench/gen-corpus.mjs) built by Eleventy (a bench-only
// install in bench/.peers/, made on first use, never a dependency of the generator) and by Hugo when the machine has
// it (Debian's `hugo`), each with a bare layout: the floor a Markdown-to-HTML build can reach on this machine.
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface PeerFigures {
  ms: number;
  maxRssMB: number;
  /** CPU time (user + system, every thread), less sensitive than wall time to what else the machine runs. */
  cpuMs: number;
}

export interface Peer {
  name: string;
  /** Prepares the peer's copy of the corpus (and its install); the build is timed apart. */
  prepare(corpusContent: string, workDir: string): Promise<void>;
  build(workDir: string): Promise<PeerFigures>;
}

const PEERS_DIR = path.join(import.meta.dirname, '.peers');
const ELEVENTY_VERSION = '3.1.8';

/**
 * Runs a command and returns its wall time, peak memory (VmHWM from /proc, polled: the high-water mark
 * only grows, so the last read before the exit is the peak within one poll) and CPU time (utime + stime
 * from /proc/<pid>/stat, polled the same way: short by at most one poll).
 */
export function timed(command: string, args: string[], cwd: string): Promise<PeerFigures> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    let peakKB = 0;
    let cpuTicks = 0;
    child.stderr.on('data', (d) => (stderr += d));
    const poll = setInterval(async () => {
      const [status, stat] = await Promise.all(
        ['status', 'stat'].map((f) => readFile(`/proc/${child.pid}/${f}`, 'utf8').catch(() => '')),
      );
      peakKB = Math.max(peakKB, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0));
      // After the command's name (in parentheses): utime and stime are fields 14 and 15, in ticks of 10 ms.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (fields.length > 13) cpuTicks = Math.max(cpuTicks, Number(fields[11]) + Number(fields[12]));
    }, 20);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearInterval(poll);
      const ms = performance.now() - started;
      if (code !== 0) reject(new Error(`${command} ${args.join(' ')} exited with ${code}: ${stderr.slice(-2000)}`));
      else resolve({ ms, maxRssMB: Math.round(peakKB / 1024), cpuMs: cpuTicks * 10 });
    });
  });
}

/** Eleventy 3 with Markdown pages in a layout that prints the title and the content, nothing else. */
export const eleventy: Peer = {
  name: `Eleventy ${ELEVENTY_VERSION}`,
  async prepare(corpusContent, workDir) {
    const install = path.join(PEERS_DIR, 'eleventy');
    if (!existsSync(path.join(install, 'node_modules/@11ty/eleventy/package.json'))) {
      await mkdir(install, { recursive: true });
      await writeFile(
        path.join(install, 'package.json'),
        JSON.stringify({ private: true, dependencies: { '@11ty/eleventy': ELEVENTY_VERSION } }),
      );
      await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: install });
    }
    await rm(workDir, { recursive: true, force: true });
    await cp(corpusContent, path.join(workDir, 'src'), { recursive: true });
    await mkdir(path.join(workDir, 'src/_includes'), { recursive: true });
    await writeFile(
      path.join(workDir, 'src/_includes/bare.liquid'),
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{{ title }}</title></head><body><main>{{ content }}</main></body></html>\n',
    );
    await writeFile(path.join(workDir, 'src/src.json'), JSON.stringify({ layout: 'bare.liquid' }));
  },
  build(workDir) {
    const cli = path.join(PEERS_DIR, 'eleventy/node_modules/@11ty/eleventy/cmd.cjs');
    return timed(process.execPath, [cli, '--input=src', '--output=_site', '--quiet'], workDir);
  },
};

/** Hugo with a bare layout; a folder's `index.md` is renamed `_index.md` (for Hugo, `index.md` would make a bundle of its folder). */
export const hugo: Peer = {
  name: 'Hugo',
  async prepare(corpusContent, workDir) {
    await rm(workDir, { recursive: true, force: true });
    await cp(corpusContent, path.join(workDir, 'content'), { recursive: true });
    if (existsSync(path.join(workDir, 'content/index.md')))
      await rename(path.join(workDir, 'content/index.md'), path.join(workDir, 'content/_index.md'));
    await mkdir(path.join(workDir, 'layouts/_default'), { recursive: true });
    const layout =
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{{ .Title }}</title></head><body><main>{{ .Content }}</main></body></html>\n';
    await writeFile(path.join(workDir, 'layouts/_default/single.html'), layout);
    await writeFile(path.join(workDir, 'layouts/_default/list.html'), layout);
    await writeFile(
      path.join(workDir, 'hugo.toml'),
      "baseURL = 'https://example.org/'\ndisableKinds = ['taxonomy', 'term', 'RSS', 'sitemap', 'robotsTXT']\n",
    );
  },
  build(workDir) {
    return timed('hugo', ['--quiet', '--destination', 'public'], workDir);
  },
};

/** The peers this machine can run: Eleventy always (installed on first use), Hugo when it is on the PATH. */
export async function availablePeers(): Promise<Peer[]> {
  const hasHugo = await run('hugo', ['version']).then(
    () => true,
    () => false,
  );
  return hasHugo ? [eleventy, hugo] : [eleventy];
}

/** Writes the corpus of `pages` pages into `<root>/content` with bench/gen-corpus.mjs (the same files for the same size). */
export async function writeGenCorpus(root: string, pages: number): Promise<string> {
  const content = path.join(root, 'content');
  if (!existsSync(path.join(content, 'index.md'))) {
    await rm(root, { recursive: true, force: true });
    await run(process.execPath, [path.join(import.meta.dirname, 'gen-corpus.mjs'), content, String(pages)], {
      maxBuffer: 1 << 24,
    });
  }
  return content;
}
