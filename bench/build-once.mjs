// Builds one root in this process and prints {ms, pages, rendered, maxRssMB, cpuMs, processMs, stages} as JSON: run in a child
// per measurement, so peak memory is this build's alone. `stages`: each stage's wall and CPU time (every thread's).
// Plain JavaScript, run by plain node: the build loads as bin/docs.js loads it, from the compiled CLI (src/launch/compiled.js),
// with tsx only for the project's TypeScript, so the figures include the start-up a user waits for.
import { loadCli } from '../src/launch/compiled.js';

const { build } = await loadCli();

const [root, out] = process.argv.slice(2);
const loadedCpuMs = cpuMs();
const loadedUs = Number(process.hrtime.bigint() / 1000n);
const stages = [];
let cpuBefore = loadedCpuMs;
const logger = {
  stage(label, ms) {
    const now = cpuMs();
    stages.push({
      label,
      ms: Math.round(ms),
      cpuMs: now - cpuBefore,
      // For bench/profile.ts: when the stage ended, in the monotonic clock's microseconds (the CPU profiles' clock).
      ...(process.env.BENCH_STAGE_ENDS ? { endUs: Number(process.hrtime.bigint() / 1000n) } : {}),
    });
    cpuBefore = now;
  },
  info() {},
  error() {},
};
const result = await build(root, { outDir: out, logger });
console.log(
  JSON.stringify({
    ms: Math.round(result.ms),
    pages: result.pages,
    rendered: result.rendered,
    maxRssMB: Math.round(process.resourceUsage().maxRSS / 1024),
    // Every thread's CPU time (workers' included), and the process's wall time from Node's start (module loading included).
    cpuMs: cpuMs(),
    processMs: Math.round(performance.now()),
    stages: [
      {
        label: 'module loading',
        ms: 0,
        cpuMs: loadedCpuMs,
        ...(process.env.BENCH_STAGE_ENDS ? { endUs: loadedUs } : {}),
      },
      ...stages,
    ],
  }),
);

function cpuMs() {
  const usage = process.resourceUsage();
  return Math.round((usage.userCPUTime + usage.systemCPUTime) / 1000);
}
