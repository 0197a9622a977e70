// The peers of `npm run bench -- --peers`: the same corpus (bench/gen-corpus.mjs) built by the unified floor
// (bench/floor.mjs: the parser we share with remark-based generators, doing nothing else), Rspress 2 (the same parser
// through MDX, a Rust bundler), Eleventy (markdown-it) and Hugo (Go, Debian's `hugo`, when the machine has it), each
// with a bare layout or its default theme; with `--full`, Docusaurus 3, VitePress 1 and Starlight 0.37 (Astro 5) too,
// once a run. Every Node peer is a bench-only install in bench/.peers/<name>/, made on first use, never a dependency
// of the generator.
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
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
  /** Built once a run, in the first round, and only up to 1,000 pages (a slow full generator). */
  once?: boolean;
  /** Prepares the peer's copy of the corpus (and its install); the build is timed apart. */
  prepare(corpusContent: string, workDir: string): Promise<void>;
  build(workDir: string): Promise<PeerFigures>;
}

const PEERS_DIR = path.join(import.meta.dirname, '.peers');
const ELEVENTY_VERSION = '3.1.8';

/** The process and its descendants (a peer may build in child processes): pids from /proc/<pid>/task/<tid>/children. */
async function processTree(pid: number): Promise<number[]> {
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) {
    const tasks = await readdir(`/proc/${tree[i]}/task`).catch(() => [] as string[]);
    for (const task of tasks) {
      const children = await readFile(`/proc/${tree[i]}/task/${task}/children`, 'utf8').catch(() => '');
      for (const child of children.split(' ')) if (child.trim()) tree.push(Number(child));
    }
  }
  return tree;
}

/**
 * Runs a command and returns its wall time, peak memory and CPU time, its descendants' included, polled from /proc
 * every 20 ms: peak memory is the largest sum of the tree's resident sets (and at least the command's own VmHWM, its
 * high-water mark); CPU time is the largest sum of the tree's utime + stime + cutime + cstime (fields 14-17 of
 * /proc/<pid>/stat, in ticks of 10 ms: a reaped child's time moves into its parent's cutime). Short by at most one poll.
 */
export function timed(command: string, args: string[], cwd: string, env?: NodeJS.ProcessEnv): Promise<PeerFigures> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, ...env } });
    let stderr = '';
    let peakKB = 0;
    let cpuTicks = 0;
    let polling = false;
    child.stderr.on('data', (d) => (stderr = (stderr + d).slice(-20000)));
    const poll = setInterval(async () => {
      if (polling) return;
      polling = true;
      let rssKB = 0;
      let ticks = 0;
      for (const pid of await processTree(child.pid!)) {
        const [status, stat] = await Promise.all(
          ['status', 'stat'].map((f) => readFile(`/proc/${pid}/${f}`, 'utf8').catch(() => '')),
        );
        rssKB += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
        if (pid === child.pid) peakKB = Math.max(peakKB, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0));
        // After the command's name (in parentheses): utime, stime, cutime, cstime are fields 14-17.
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        if (fields.length > 15) ticks += fields.slice(11, 15).reduce((sum, f) => sum + Number(f), 0);
      }
      peakKB = Math.max(peakKB, rssKB);
      cpuTicks = Math.max(cpuTicks, ticks);
      polling = false;
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

/** An npm install for the bench alone, in bench/.peers/<dir>, made on first use (never a dependency of ours). */
async function peerInstall(dir: string, dependencies: Record<string, string>, module = true): Promise<string> {
  const install = path.join(PEERS_DIR, dir);
  const manifest = JSON.stringify({ private: true, ...(module ? { type: 'module' } : {}), dependencies });
  const stamp = path.join(install, 'node_modules/.bench-installed');
  if (!existsSync(stamp) || (await readFile(stamp, 'utf8')) !== manifest) {
    await mkdir(install, { recursive: true });
    await writeFile(path.join(install, 'package.json'), manifest);
    await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: install, maxBuffer: 1 << 26 });
    await writeFile(stamp, manifest);
  }
  return install;
}

/**
 * A peer's work folder: the corpus in `contentDir` of a folder inside the peer's install (bench/.peers/<name>/sites/),
 * so its packages resolve as in a project of its own (Astro's compiler keys its files by real path and fails through a
 * linked node_modules); `workDir` is a link to it, and a process started there sees the real path.
 */
async function peerWorkDir(corpusContent: string, workDir: string, contentDir: string, install: string) {
  const real = path.join(install, 'sites', path.basename(workDir));
  await rm(real, { recursive: true, force: true });
  await rm(workDir, { recursive: true, force: true });
  await cp(corpusContent, path.join(real, contentDir), { recursive: true });
  await mkdir(path.dirname(workDir), { recursive: true });
  await symlink(real, workDir, 'dir');
  await writeFile(path.join(real, 'package.json'), JSON.stringify({ private: true, type: 'module' }));
}

/** The unified floor (bench/floor.mjs): remark-parse + GFM tables, remark-rehype, rehype-stringify, nothing else. */
export const floor: Peer = {
  name: 'unified floor',
  async prepare(corpusContent, workDir) {
    await rm(workDir, { recursive: true, force: true });
    await cp(corpusContent, path.join(workDir, 'content'), { recursive: true });
  },
  build(workDir) {
    return timed(process.execPath, [path.join(import.meta.dirname, 'floor.mjs'), 'content', 'out'], workDir);
  },
};

const RSPRESS = { '@rspress/core': '^2.0.22' };
/** Rspress 2: default theme, the sidebar made from the folders (no _meta.json), its built-in search. */
export const rspress: Peer = {
  name: 'Rspress 2',
  async prepare(corpusContent, workDir) {
    const install = await peerInstall('rspress', RSPRESS);
    await peerWorkDir(corpusContent, workDir, 'docs', install);
    await writeFile(
      path.join(workDir, 'rspress.config.mjs'),
      "import { defineConfig } from '@rspress/core';\nexport default defineConfig({ root: 'docs', title: 'Bench' });\n",
    );
  },
  build(workDir) {
    return timed(
      process.execPath,
      [path.join(PEERS_DIR, 'rspress/node_modules/@rspress/core/bin/rspress.js'), 'build'],
      workDir,
    );
  },
};

const DOCUSAURUS = {
  '@docusaurus/core': '^3.10.2',
  '@docusaurus/preset-classic': '^3.10.2',
  '@mdx-js/react': '^3.1.0',
  clsx: '^2.1.1',
  'prism-react-renderer': '^2.4.1',
  react: '^19.0.0',
  'react-dom': '^19.0.0',
};
/** Docusaurus 3: the classic preset, docs at the site's root with an autogenerated sidebar, no blog. */
export const docusaurus: Peer = {
  name: 'Docusaurus 3',
  once: true,
  async prepare(corpusContent, workDir) {
    const install = await peerInstall('docusaurus', DOCUSAURUS, false);
    await peerWorkDir(corpusContent, workDir, 'docs', install);
    await writeFile(path.join(workDir, 'package.json'), JSON.stringify({ private: true })); // CommonJS config files
    await writeFile(
      path.join(workDir, 'sidebars.js'),
      "module.exports = { docs: [{ type: 'autogenerated', dirName: '.' }] };\n",
    );
    await writeFile(
      path.join(workDir, 'docusaurus.config.js'),
      `module.exports = {
  title: 'Bench', url: 'https://example.org', baseUrl: '/', onBrokenLinks: 'warn', onBrokenMarkdownLinks: 'warn',
  presets: [['classic', { docs: { routeBasePath: '/', sidebarPath: require.resolve('./sidebars.js') }, blog: false, pages: false, theme: {} }]],
};
`,
    );
  },
  build(workDir) {
    return timed(
      process.execPath,
      [path.join(PEERS_DIR, 'docusaurus/node_modules/@docusaurus/core/bin/docusaurus.mjs'), 'build'],
      workDir,
    );
  },
};

const VITEPRESS = { vitepress: '^1.6.4' };
/** VitePress 1: the default theme, its local search on (it has no autogenerated sidebar). */
export const vitepress: Peer = {
  name: 'VitePress 1',
  once: true,
  async prepare(corpusContent, workDir) {
    const install = await peerInstall('vitepress', VITEPRESS);
    await peerWorkDir(corpusContent, workDir, 'docs', install);
    await mkdir(path.join(workDir, 'docs/.vitepress'), { recursive: true });
    await writeFile(
      path.join(workDir, 'docs/.vitepress/config.mjs'),
      "export default { title: 'Bench', ignoreDeadLinks: true, themeConfig: { search: { provider: 'local' } } };\n",
    );
  },
  build(workDir) {
    return timed(
      process.execPath,
      [path.join(PEERS_DIR, 'vitepress/node_modules/vitepress/bin/vitepress.js'), 'build', 'docs'],
      workDir,
    );
  },
};

const STARLIGHT = { astro: '^5.16.0', '@astrojs/starlight': '~0.37.7', sharp: '^0.34.0' };
/** Starlight 0.37 on Astro 5: its default sidebar (every page, autogenerated) and search (Pagefind). */
export const starlight: Peer = {
  name: 'Starlight 0.37',
  once: true,
  async prepare(corpusContent, workDir) {
    const install = await peerInstall('starlight', STARLIGHT);
    await peerWorkDir(corpusContent, workDir, 'src/content/docs', install);
    await writeFile(
      path.join(workDir, 'src/content.config.ts'),
      "import { defineCollection } from 'astro:content';\nimport { docsLoader } from '@astrojs/starlight/loaders';\nimport { docsSchema } from '@astrojs/starlight/schema';\nexport const collections = { docs: defineCollection({ loader: docsLoader(), schema: docsSchema() }) };\n",
    );
    await writeFile(
      path.join(workDir, 'astro.config.mjs'),
      "import { defineConfig } from 'astro/config';\nimport starlight from '@astrojs/starlight';\nexport default defineConfig({ integrations: [starlight({ title: 'Bench' })] });\n",
    );
  },
  build(workDir) {
    return timed(process.execPath, [path.join(PEERS_DIR, 'starlight/node_modules/astro/astro.js'), 'build'], workDir, {
      ASTRO_TELEMETRY_DISABLED: '1',
    });
  },
};

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

/**
 * The peers of a run: the unified floor, Rspress, Eleventy, Hugo when it is on the PATH (Debian's `hugo`), and, with
 * `full`, Docusaurus, VitePress and Starlight (built once a run). `only` narrows them by name (a part of it, any case).
 */
export async function availablePeers(options: { full?: boolean; only?: string[] } = {}): Promise<Peer[]> {
  const hasHugo = await run('hugo', ['version']).then(
    () => true,
    () => false,
  );
  const peers = [
    floor,
    rspress,
    eleventy,
    ...(hasHugo ? [hugo] : []),
    ...(options.full ? [docusaurus, vitepress, starlight] : []),
  ];
  const only = options.only?.map((o) => o.toLowerCase());
  return only ? peers.filter((p) => only.some((o) => p.name.toLowerCase().includes(o))) : peers;
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
