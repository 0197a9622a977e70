// npm run bench: build times, memory and page weights, on the real site and on the neutral corpus of
// bench/gen-corpus.mjs (written for comparing tools, not by us).
// Usage: node --import tsx bench/run.ts [--sizes 1000,10000] [--skip-real] [--peers] [--rounds 3] [--only a,b]
//          [--no-full] [--edits 20] [--profile] [--differential [--diff-steps 300] [--diff-seed N]] [--no-builds]
//   --peers: the same corpora built by the unified floor, Rspress, Eleventy, Hugo and (up to 1,000 pages, once a run,
//     unless --no-full) Docusaurus, VitePress and Starlight (bench/peers.ts), interleaved with ours, cold each time;
//     --only narrows the peers by name.
//   --edits N: N one-page edits in a row at each size (each a fresh process), their median and slowest, and the
//     system calls of one more. With --no-builds, the series alone on the output the last run left:
//     `npm run bench -- --sizes 10000 --no-builds --edits 20` (the series of issue 40).
//   --profile: a cold build of each size under --cpu-prof, its CPU by stage and by module (bench/profile.ts).
//   --differential: test/integration/build/differential.test.ts with DIFF_STEPS=300 (--diff-steps) and a seed.
//   --no-builds: only what the flags above ask for (no real site, no cold/unchanged/edited rows).
// Every run writes what it measured into bench/RESULTS.md (bench/results.ts), with the date, machine and commit.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { performance } from 'node:perf_hooks';
import { availablePeers, writeGenCorpus, type PeerFigures } from './peers.js';
import { describe, loadNow, machine, writeSections } from './results.js';

const run = promisify(execFile);
const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CORPORA = path.join(REPO, 'bench/.corpus');

interface BuildFigures {
  ms: number;
  pages: number;
  /** Pages rendered by the build (the others kept their files). */
  rendered: number;
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
const startedOn = machine();
const sections: { id: string; text: string }[] = [];
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const builds = !args.includes('--no-builds');
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

if (builds && !args.includes('--skip-real') && existsSync(path.join(REPO, 'content/index.md'))) {
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

const editCount = Number(option('--edits') ?? 0);
/**
 * `count` one-page edits in a row, each a fresh process on the last one's output (as a writer runs `docs build`
 * after each save): `edited` gets a new last sentence each time, and its text back at the end. Then one more edit
 * under `strace -f -c` (every thread's system calls, when strace is installed; not timed): what the edit reads,
 * stats and writes.
 */
async function editSeries(
  pages: number,
  dir: string,
  content: string,
  out: string,
  edited: string,
  count: number,
): Promise<{ id: string; text: string }> {
  const original = await readFile(edited, 'utf8');
  const series: BuildFigures[] = [];
  const loadBefore = loadNow();
  const loads: string[] = [];
  for (let i = 0; i < count; i++) {
    await writeFile(edited, `${original}\nEdit number ${i + 1} from the writer.\n`);
    series.push(await buildOnce(dir, out));
    loads.push(loadNow().split(',')[0]);
    console.log(
      `  edit ${i + 1}: ${seconds(series.at(-1)!.ms)} (whole process ${seconds(series.at(-1)!.processMs)}), CPU ${seconds(series.at(-1)!.cpuMs)}, ${series.at(-1)!.rendered} rendered, load ${loads.at(-1)}`,
    );
  }
  await writeFile(edited, `${original}\nEdit number ${count + 1} from the writer.\n`);
  const calls = await systemCalls(dir, out);
  await writeFile(edited, original);
  await buildOnce(dir, out);
  const inBuild = series.map((f) => f.ms);
  const whole = series.map((f) => f.processMs);
  const cpu = series.map((f) => f.cpuMs);
  const slowStages = (f: BuildFigures) =>
    [...(f.stages ?? [])]
      .sort((a, b) => b.cpuMs - a.cpuMs)
      .slice(0, 6)
      .map((st) => `${st.label} ${seconds(st.cpuMs)}`)
      .join(', ');
  const typical = series.find((f) => f.cpuMs === median(cpu)) ?? series[Math.floor(series.length / 2)];
  return {
    id: `edits-${pages}`,
    text: [
      `## One page's text edited ${count} times in a row, ${pages.toLocaleString('en-US')} pages`,
      '',
      `\`npm run bench -- ${args.join(' ')}\`: ${describe(startedOn)}; load average before the edits ${loadBefore}, after ${loadNow()} (1-minute load after each edit: ${loads.join(', ')}). \`${path.relative(content, edited)}\` gets a new last sentence each time; each build a fresh process. On a loaded machine the wall times wait for a core: the CPU times are the figures to compare.`,
      '',
      `- in the build: median ${seconds(median(inBuild))}, slowest ${seconds(Math.max(...inBuild))}, fastest ${seconds(Math.min(...inBuild))}`,
      `- whole process (as a user waits, Node's start included): median ${seconds(median(whole))}, slowest ${seconds(Math.max(...whole))}`,
      `- CPU a build (every thread): median ${seconds(median(cpu))}, most ${seconds(Math.max(...cpu))}; peak memory at most ${Math.max(...series.map((f) => f.maxRssMB))} MB`,
      `- pages rendered a build: ${[...new Set(series.map((f) => f.rendered))].join(', ')}`,
      `- the median edit's CPU by stage, largest first: ${slowStages(typical)}`,
      `- every edit, in the build: ${inBuild.map((ms) => (ms / 1000).toFixed(2)).join(', ')}`,
      `- every edit, CPU: ${cpu.map((ms) => (ms / 1000).toFixed(2)).join(', ')}`,
      ...(calls ? [`- one more edit under \`strace -f -c\` (every thread): ${calls}`] : []),
    ].join('\n'),
  };
}

/** The file system calls of one build (every thread), counted by `strace -f -c`; undefined without strace. */
async function systemCalls(dir: string, out: string): Promise<string | undefined> {
  const counts = path.join(dir, 'strace-counts.txt');
  try {
    await run(
      'strace',
      ['-f', '-c', '-o', counts, process.execPath, path.join(REPO, 'bench/build-once.mjs'), dir, out],
      {
        cwd: REPO,
        maxBuffer: 1 << 24,
      },
    );
  } catch {
    return undefined;
  }
  const byCall = new Map<string, number>();
  for (const line of (await readFile(counts, 'utf8')).split('\n')) {
    const fields = line.trim().split(/\s+/);
    // % time, seconds, usecs/call, calls, [errors], syscall
    if (fields.length >= 5 && /^\d+$/.test(fields[3])) byCall.set(fields.at(-1)!, Number(fields[3]));
  }
  await rm(counts, { force: true });
  const kinds: [string, string[]][] = [
    ['stats', ['statx', 'newfstatat', 'stat', 'lstat', 'fstat']],
    ['files opened', ['openat', 'open']],
    ['reads', ['read', 'pread64']],
    ['writes', ['write', 'pwrite64']],
    ['folder reads', ['getdents64']],
    ['links', ['link', 'linkat']],
    ['renames', ['rename', 'renameat', 'renameat2']],
    ['removals', ['unlink', 'unlinkat', 'rmdir']],
    ['folders made', ['mkdir', 'mkdirat']],
  ];
  return kinds
    .map(
      ([label, names]) => `${names.reduce((sum, n) => sum + (byCall.get(n) ?? 0), 0).toLocaleString('en-US')} ${label}`,
    )
    .join(', ');
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
    const peers = await availablePeers({
      full: pages <= 1000 && !args.includes('--no-full'),
      only: option('--only')?.split(','),
    });
    const runsDir = path.join(dir, `runs-${process.pid}`); // two runs at once do not share one
    const runDir = (tool: string, round: number) => path.join(runsDir, `${tool.split(' ')[0].toLowerCase()}-${round}`);
    await rm(runsDir, { recursive: true, force: true });
    const runs = new Map<string, PeerFigures[]>([
      ['ours', []],
      ...peers.map((p): [string, PeerFigures[]] => [p.name, []]),
    ]);
    const failures: string[] = [];
    const loads: string[] = [];
    const roundCount = pages >= 10000 ? 1 : rounds;
    for (let round = 0; round < roundCount; round++) {
      loads.push(loadNow());
      console.log(`peers, ${pages} pages, round ${round + 1} of ${roundCount}, load average ${loads.at(-1)}`);
      runs.get('ours')!.push(await coldBuildIn(content, runDir('ours', round)));
      await rm(runDir('ours', round), { recursive: true, force: true });
      for (const peer of peers) {
        if (peer.once && round > 0) continue;
        try {
          await peer.prepare(content, runDir(peer.name, round));
          runs.get(peer.name)!.push(await peer.build(runDir(peer.name, round)));
          const f = runs.get(peer.name)!.at(-1)!;
          console.log(
            `  ${peer.name}: ${(f.ms / 1000).toFixed(2)} s, CPU ${(f.cpuMs / 1000).toFixed(1)} s, ${f.maxRssMB} MB`,
          );
        } catch (error) {
          failures.push(`${peer.name} (round ${round + 1}): ${String((error as Error).message).slice(0, 600)}`);
          console.log(`  ${peer.name} failed: ${failures.at(-1)}`);
        }
        // A peer's folder may be a link to one inside its install (bench/peers.ts): both go.
        const real = await realpath(runDir(peer.name, round)).catch(() => undefined);
        if (real) await rm(real, { recursive: true, force: true });
        await rm(runDir(peer.name, round), { recursive: true, force: true });
      }
    }
    await rm(runsDir, { recursive: true, force: true });
    // Ours on the peers' footing: the whole process (Node's start and module loading included), as theirs is timed.
    const oursRuns = runs.get('ours')! as BuildFigures[];
    const ours = median(oursRuns.map((r) => r.processMs));
    const oursCpu = median(oursRuns.map((r) => r.cpuMs));
    const oursPeak = Math.max(...oursRuns.map((r) => r.maxRssMB));
    const tableLines = [
      '| Pages | Tool | Cold build, whole process (median) | Runs | CPU time (median) | Peak memory | Ours / tool: wall, CPU, memory |',
      '| --- | --- | --- | --- | --- | --- | --- |',
    ];
    for (const [name, figures] of runs) {
      if (!figures.length) continue;
      const wall = (r: PeerFigures) => (name === 'ours' ? (r as BuildFigures).processMs : r.ms);
      const ms = median(figures.map(wall));
      const cpu = median(figures.map((r) => r.cpuMs));
      const peak = Math.max(...figures.map((r) => r.maxRssMB));
      tableLines.push(
        `| ${pages.toLocaleString('en-US')} | ${name} | ${(ms / 1000).toFixed(2)} s | ${figures.map((r) => (wall(r) / 1000).toFixed(1)).join(', ')} | ${(cpu / 1000).toFixed(1)} s | ${peak.toLocaleString('en-US')} MB | ${name === 'ours' ? `(in the build: ${(median(oursRuns.map((r) => r.ms)) / 1000).toFixed(2)} s)` : `${(ours / ms).toFixed(2)}, ${(oursCpu / cpu).toFixed(2)}, ${(oursPeak / peak).toFixed(2)}`} |`,
      );
    }
    peerLines.push(...tableLines.slice(2));
    console.log(`\n${tableLines.join('\n')}\n`);
    sections.push({
      id: `peers-${pages}${option('--only') ? `-${option('--only')!.replaceAll(',', '-')}` : ''}`,
      text: [
        `## Cold builds against the peers, ${pages.toLocaleString('en-US')} pages`,
        '',
        `\`npm run bench -- ${args.join(' ')}\`: ${describe(startedOn)}. Load average at each round's start: ${loads.join('; ')}.` +
          ` ${roundCount} round${roundCount > 1 ? 's' : ''}, interleaved; Docusaurus, VitePress and Starlight (when present) in the first only.`,
        '',
        ...tableLines,
        ...(failures.length ? ['', 'Failed:', '', ...failures.map((f) => `- ${f.replaceAll('\n', ' ')}`)] : []),
      ].join('\n'),
    });
  }
  if (args.includes('--profile')) {
    const { profileColdBuild } = await import('./profile.js');
    sections.push({
      id: `profile-${pages}`,
      text: await profileColdBuild(content, path.join(dir, 'profiled'), describe(startedOn)),
    });
  }
  if (!builds) {
    // The series alone: one build first brings the output and caches up to date (a cold one if there are none).
    if (editCount > 0) {
      await buildOnce(dir, out);
      sections.push(await editSeries(pages, dir, content, out, await somePage(content), editCount));
    }
    continue;
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
  const stageRows = (f: BuildFigures) =>
    (f.stages ?? []).map(
      (st) => `| ${st.label} | ${(st.ms / 1000).toFixed(2)} s | ${(st.cpuMs / 1000).toFixed(2)} s |`,
    );
  sections.push({
    id: `builds-${pages}`,
    text: [
      `## Our builds, ${pages.toLocaleString('en-US')} pages`,
      '',
      `${describe(startedOn)}; load average after these builds ${loadNow()}. Each build in a fresh process (\`bench/build-once.mjs\`), in place: cold (no output, no cache), unchanged, then one page's text edited.`,
      '',
      lines[0],
      lines[1],
      row('cold', cold),
      row('unchanged', unchanged),
      row('one page edited', oneEdit),
      '',
      'The cold build by stage (wall time; CPU time of every thread while the stage ran):',
      '',
      '| Stage | Wall | CPU |',
      '| --- | --- | --- |',
      ...stageRows(cold),
      '',
      'The edit by stage:',
      '',
      '| Stage | Wall | CPU |',
      '| --- | --- | --- |',
      ...stageRows(oneEdit),
    ].join('\n'),
  });
  if (editCount > 0) sections.push(await editSeries(pages, dir, content, out, edited, editCount));
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
if (builds) print();
if (args.includes('--peers')) console.log(`\n${peerLines.join('\n')}\n`);

if (args.includes('--differential')) {
  const { differentialRun } = await import('./differential.js');
  const text = await differentialRun({
    steps: Number(option('--diff-steps') ?? 300),
    seed: option('--diff-seed') === undefined ? undefined : Number(option('--diff-seed')),
    machine: describe(machine()),
  });
  console.log(text);
  sections.push({ id: 'differential', text });
}
await writeSections(sections);
console.log(`bench/RESULTS.md: ${sections.map((s) => s.id).join(', ') || 'nothing measured'}`);
