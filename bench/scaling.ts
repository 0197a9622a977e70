// What more cores would give a cold build: the work per page and the serial part, measured on this machine, and the
// wall time they imply for 1, 2, 4 and 8 threads (the pages stage runs in this thread and DOCS_PAGE_WORKERS workers).
// A model of threads that all render: a default build on N cores runs N workers, its main thread only taking in
// their pages once one is ready (src/pages/index.ts pageThreads), which at 10,000 pages saves the main thread's costlier
// collections; the projection does not count that.
// Usage: node --import tsx bench/scaling.ts [pages=1000]   (the corpus of bench/gen-corpus.mjs, in bench/.corpus/)
import { execFile } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { writeGenCorpus } from './peers.js';

const run = promisify(execFile);
const REPO = path.resolve(import.meta.dirname, '..');

interface Stage {
  label: string;
  ms: number;
  cpuMs: number;
}

/** One cold build in a fresh process, with `workers` page workers beside the main thread. */
async function coldBuild(root: string, workers: number): Promise<{ cpuMs: number; ms: number; stages: Stage[] }> {
  const out = path.join(root, 'dist');
  await rm(out, { recursive: true, force: true });
  await rm(path.join(root, '.dist.builds'), { recursive: true, force: true });
  await rm(path.join(root, 'node_modules/.cache/docs'), { recursive: true, force: true });
  const { stdout } = await run(process.execPath, [path.join(REPO, 'bench/build-once.mjs'), root, out], {
    cwd: REPO,
    env: { ...process.env, DOCS_PAGE_WORKERS: String(workers) },
    maxBuffer: 1 << 24,
  });
  return JSON.parse(stdout.trim().split('\n').pop()!);
}

const pages = Number(process.argv[2] ?? 1000);
// A copy of its own: `npm run bench` may be building gen-<pages> at the same time.
const root = path.join(REPO, 'bench/.corpus', `scaling-${pages}`);
await writeGenCorpus(root, pages);

// One thread: the pages stage's CPU time is the work of every page, nothing overlapped.
const alone = await coldBuild(root, 0);
// One worker: what a worker adds (its start-up, loading its modules, sending records back).
const paired = await coldBuild(root, 1);
const stage = (b: typeof alone, label: string) => b.stages.find((s) => s.label === label)!;
const perPage = stage(alone, 'pages').cpuMs / pages;
const perWorker = Math.max(0, stage(paired, 'pages').cpuMs - stage(alone, 'pages').cpuMs);
// Every other stage runs in the main thread alone (module loading is before the build's own clock).
const serial = alone.stages.filter((s) => s.label !== 'pages' && s.label !== 'module loading');
const serialMs = serial.reduce((sum, s) => sum + s.cpuMs, 0);

console.log(`| Stage | one thread: wall | CPU | one worker beside: wall | CPU |`);
console.log(`| --- | --- | --- | --- | --- |`);
for (const s of alone.stages) {
  const p = stage(paired, s.label);
  console.log(`| ${s.label} | ${s.ms} ms | ${s.cpuMs} ms | ${p?.ms ?? ''} ms | ${p?.cpuMs ?? ''} ms |`);
}
console.log(
  `\n${pages} pages: ${perPage.toFixed(1)} ms of CPU a page (pages stage, one thread), ${perWorker} ms a worker adds, ${serialMs} ms serial (every other stage)`,
);
console.log(`\n| Threads | Projected cold build | Pages stage | Speed-up over one thread |`);
console.log(`| --- | --- | --- | --- |`);
const one = serialMs + perPage * pages;
for (const threads of [1, 2, 4, 8]) {
  // The pages are shared out in batches of 8 (src/pages/index.ts), so the threads finish together; each worker's start-up
  // is spread over all threads, as the main thread renders while the workers load.
  const pagesMs = (perPage * pages + (threads - 1) * perWorker) / threads;
  console.log(
    `| ${threads} | ${((serialMs + pagesMs) / 1000).toFixed(2)} s | ${(pagesMs / 1000).toFixed(2)} s | ${(one / (serialMs + pagesMs)).toFixed(2)} |`,
  );
}
console.log(`\nmeasured with one worker: ${(paired.ms / 1000).toFixed(2)} s (the machine's other load included)`);
