// npm run bench: build times, memory and page weights, on the real site and on the neutral corpus of
// bench/gen-corpus.mjs (written for comparing tools, not by us).
// Usage: node --import tsx bench/run.ts [--sizes 1000,10000] [--skip-real] [--peers] [--rounds 3]
//   --peers: the same corpora built by Eleventy and Hugo (bench/peers.ts), interleaved with ours, cold each time.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { performance } from 'node:perf_hooks';
import { availablePeers, writeGenCorpus, type PeerFigures } from './peers.js';

const run = promisify(execFile);
const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CORPORA = path.join(REPO, 'bench/.corpus');

interface BuildFigures {
  ms: number;
  pages: number;
  maxRssMB: number;
  /** CPU time of the build's process, every thread's (user + system, start-up included). */
  cpuMs: number;
  /** Wall time of the whole process, Node's start and module loading included (the peers' figure is the same). */
  processMs: number;
  /** Each stage's wall and CPU time (bench/build-once.mjs). */
  stages?: { label: string; ms: number; cpuMs: number }[];
}

/** One build in a fresh Node process: wall time inside the build, and that process's peak memory. */
async function buildOnce(root: string, out: string): Promise<BuildFigures> {
  const { stdout } = await run(process.execPath, [path.join(REPO, 'bench/build-once.mjs'), root, out], {
    cwd: REPO,
    maxBuffer: 1 << 24,
  });
  return JSON.parse(stdout.trim().split('\n').pop()!);
}

/** An output and its versions (src/write/output-link.ts): a cold build starts from none. */
async function removeOutput(out: string): Promise<void> {
  await rm(out, { recursive: true, force: true });
  await rm(path.join(path.dirname(out), `.${path.basename(out)}.builds`), { recursive: true, force: true });
}

/** The highlighter's share of a cold build: its first pass over the root's code blocks, in a fresh process. */
async function highlighterShare(root: string, buildMs: number): Promise<string> {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', path.join(REPO, 'bench/highlighters.ts'), '--json', path.join(root, 'content')],
    { cwd: REPO },
  );
  const t = JSON.parse(stdout.trim().split('\n').pop()!);
  const pct = (ms: number) => `${Math.round((ms / buildMs) * 100)}%`;
  const ms = (n: number) => `${Math.round(n)} ms`;
  return `${t.blocks} code blocks: highlight.js ${ms(t.lowlightFirstMs)} (${pct(t.lowlightFirstMs)} of the cold build), Shiki ${ms(t.shikiFirstMs)} (${pct(t.shikiFirstMs)}); once grammars are loaded ${ms(t.lowlightMs)} and ${ms(t.shikiMs)}`;
}

/** A rebuild's stages, wall and CPU time each (an unchanged build has only config and inputs). */
const stageTimes = (f: BuildFigures) =>
  (f.stages ?? [])
    .map((s) => `${s.label} ${(s.ms / 1000).toFixed(2)} s (CPU ${(s.cpuMs / 1000).toFixed(2)} s)`)
    .join(', ');

const seconds = (ms: number | undefined) => (ms === undefined ? '' : `${(ms / 1000).toFixed(2)} s`);

function row(label: string, f: BuildFigures): string {
  return `| ${label} | ${f.pages.toLocaleString('en-US')} | ${seconds(f.ms)} | ${seconds(f.processMs)} | ${seconds(f.cpuMs)} | ${Math.round((f.pages / f.ms) * 1000).toLocaleString('en-US')} | ${f.maxRssMB} MB |`;
}

const args = process.argv.slice(2);
const sizes = (
  args[args.indexOf('--sizes') + 1] && args.includes('--sizes') ? args[args.indexOf('--sizes') + 1] : '1000,10000'
)
  .split(',')
  .map(Number);
const lines = [
  '| Build | Pages | Wall time | With start-up | CPU time | Pages/s | Peak memory |',
  '| --- | --- | --- | --- | --- | --- | --- |',
];
const print = () => console.log(`\n${lines.join('\n')}\n`);

if (!args.includes('--skip-real') && existsSync(path.join(REPO, 'content/index.md'))) {
  const out = path.join(CORPORA, 'real-dist');
  await removeOutput(out);
  // Cold: no Markdown cache from an earlier build.
  await rm(path.join(REPO, 'node_modules/.cache/docs'), { recursive: true, force: true });
  const cold = await buildOnce(REPO, out);
  lines.push(row('real site, cold', cold));
  console.log(`highlighting, real site: ${await highlighterShare(REPO, cold.ms)}`);
  lines.push(row('real site, unchanged', await buildOnce(REPO, out)));
  const { initialScriptWeight } = await import('./weight.js');
  const js = await initialScriptWeight(out);
  console.log(`initial JavaScript of the home page: ${JSON.stringify(js)}`);
  const { measureSite, formatReport } = await import('./weight-report.js');
  console.log(
    formatReport(await measureSite(out))
      .split('\n')
      .slice(-6)
      .join('\n'),
  );
  const { benchSearch } = await import('./search.js');
  const search = await benchSearch({ root: REPO, dir: out, buildMs: cold.ms });
  console.log(`search, real site: ${JSON.stringify(search)}`);
  if (existsSync(path.join(REPO, 'bench/dev.ts'))) {
    const { measureDevLatency } = await import('./dev.js');
    console.log(`dev, real site, save to reload message: ${JSON.stringify(await measureDevLatency(REPO))}`);
  }
  const started = performance.now();
  await run(process.execPath, [path.join(REPO, 'bin/docs.js'), 'check', REPO], { cwd: REPO });
  console.log(`check, real site: ${((performance.now() - started) / 1000).toFixed(2)} s (including Node start-up)`);
}

/** The median of numbers (the middle one, or the mean of the two middle ones). */
const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Our cold build: no cache and no output. */
async function coldBuild(dir: string, out: string): Promise<BuildFigures> {
  await removeOutput(out);
  await rm(path.join(dir, 'node_modules/.cache/docs'), { recursive: true, force: true });
  return buildOnce(dir, out);
}

/** Our cold build in a folder of its own, made here: a copy of the corpus, no output, no cache. */
async function coldBuildIn(content: string, runDir: string): Promise<BuildFigures> {
  await rm(runDir, { recursive: true, force: true });
  await cp(content, path.join(runDir, 'content'), { recursive: true });
  return buildOnce(runDir, path.join(runDir, 'dist'));
}

/** The first page of the corpus in file order below the home page: the one a writer edits. */
async function somePage(content: string): Promise<string> {
  const { readdir } = await import('node:fs/promises');
  const files = (await readdir(content, { recursive: true }))
    .map(String)
    .filter((f) => f.endsWith('.md') && f !== 'index.md')
    .sort();
  return path.join(content, files[0]);
}

const rounds = args.includes('--rounds') ? Number(args[args.indexOf('--rounds') + 1]) : 3;
const peerLines = [
  '| Pages | Tool | Cold build (median) | Runs | CPU time (median) | Peak memory | Ours / tool |',
  '| --- | --- | --- | --- | --- | --- | --- |',
];

for (const pages of sizes) {
  const dir = path.join(CORPORA, `gen-${pages}`);
  const content = await writeGenCorpus(dir, pages);
  const out = path.join(dir, 'dist');
  if (args.includes('--peers')) {
    // Interleaved: each round builds with every tool in turn, so a noisy minute hurts all of them alike. Every
    // build starts in a folder of its own, a fresh copy of the corpus with no output: on this machine's ext4 (no
    // journal), a file created soon after many were deleted costs the kernel a look at each recently deleted inode,
    // so a build that first deletes the last one's output pays for the deletion (ours, 7,000 files at 1,000 pages:
    // 1.2 s of system CPU in the first round, 4.7 s in the fourth), and a peer that writes over its last output
    // creates no file at all.
    const peers = await availablePeers();
    const runsDir = path.join(dir, 'runs');
    const runDir = (tool: string, round: number) => path.join(runsDir, `${tool.split(' ')[0].toLowerCase()}-${round}`);
    await rm(runsDir, { recursive: true, force: true });
    const runs = new Map<string, PeerFigures[]>([
      ['ours', []],
      ...peers.map((p): [string, PeerFigures[]] => [p.name, []]),
    ]);
    for (let round = 0; round < (pages >= 10000 ? 1 : rounds); round++) {
      runs.get('ours')!.push(await coldBuildIn(content, runDir('ours', round)));
      for (const peer of peers) {
        await peer.prepare(content, runDir(peer.name, round));
        runs.get(peer.name)!.push(await peer.build(runDir(peer.name, round)));
      }
    }
    await rm(runsDir, { recursive: true, force: true });
    const ours = median(runs.get('ours')!.map((r) => r.ms));
    const oursCpu = median(runs.get('ours')!.map((r) => r.cpuMs));
    const oursProcess = median(runs.get('ours')!.map((r) => (r as BuildFigures).processMs));
    for (const [name, figures] of runs) {
      const ms = median(figures.map((r) => r.ms));
      const label = name === 'ours' ? 'ours' : name;
      const cpu = median(figures.map((r) => r.cpuMs));
      peerLines.push(
        `| ${pages.toLocaleString('en-US')} | ${label} | ${(ms / 1000).toFixed(2)} s | ${figures.map((r) => (r.ms / 1000).toFixed(1)).join(', ')} | ${(cpu / 1000).toFixed(1)} s | ${Math.max(...figures.map((r) => r.maxRssMB))} MB | ${name === 'ours' ? '' : `${(ours / ms).toFixed(2)} (CPU ${(oursCpu / cpu).toFixed(2)})`} |`,
      );
    }
    console.log(`\n${peerLines.join('\n')}\n`);
    // Ours above is the build inside the process; the peers' is their whole process. Ours whole, for the same footing:
    console.log(
      `ours, whole process (Node start and module loading included): median ${(oursProcess / 1000).toFixed(2)} s`,
    );
  }
  const cold = await coldBuild(dir, out);
  lines.push(row(`corpus ${pages.toLocaleString('en-US')}, cold`, cold));
  console.log(`highlighting, corpus ${pages}: ${await highlighterShare(dir, cold.ms)}`);
  const unchanged = await buildOnce(dir, out);
  lines.push(row(`corpus ${pages.toLocaleString('en-US')}, unchanged`, unchanged));
  console.log(`corpus ${pages}, unchanged: ${stageTimes(unchanged)}`);
  // A writer's edit: one page's text changes, every other page keeps its files.
  const edited = await somePage(content);
  const original = await readFile(edited, 'utf8');
  await writeFile(edited, `${original}\nOne more sentence from the writer.\n`);
  const oneEdit = await buildOnce(dir, out);
  lines.push(row(`corpus ${pages.toLocaleString('en-US')}, one page edited`, oneEdit));
  console.log(`corpus ${pages}, one page edited: ${stageTimes(oneEdit)}`);
  await writeFile(edited, original);
  const { gzipSync } = await import('node:zlib');
  const typicalPath = path.join(out, path.relative(content, edited).replace(/\.md$/, ''), 'index.html');
  const typical = await readFile(typicalPath);
  console.log(`corpus ${pages}: HTML of a typical page ${typical.length} bytes, ${gzipSync(typical).length} gzip`);
  if (pages >= 10000) {
    const { benchSearch } = await import('./search.js');
    console.log(
      `search, corpus ${pages}: ${JSON.stringify(await benchSearch({ root: dir, dir: out, buildMs: cold.ms }))}`,
    );
    const { measureDevLatency } = await import('./dev.js');
    console.log(
      `dev, corpus ${pages}, save to reload message: ${JSON.stringify(await measureDevLatency(dir, { edits: 10, page: path.relative(content, edited) }))}`,
    );
  }
  print();
}
print();
if (args.includes('--peers')) console.log(`\n${peerLines.join('\n')}\n`);
