// Builds one root in this process and prints {ms, pages, maxRssMB, cpuMs, processMs} as JSON: run in a child per
// measurement, so peak memory is this build's alone.
process.env.NODE_ENV ??= 'production'; // as bin/docs.js: React's production build
const { build } = await import('../src/build.js');

const [root, out] = process.argv.slice(2);
const result = await build(root, { outDir: out });
console.log(
  JSON.stringify({
    ms: Math.round(result.ms),
    pages: result.pages,
    maxRssMB: Math.round(process.resourceUsage().maxRSS / 1024),
    // Every thread's CPU time (workers' included), and the process's wall time from Node's start (module loading included).
    cpuMs: Math.round((process.resourceUsage().userCPUTime + process.resourceUsage().systemCPUTime) / 1000),
    processMs: Math.round(performance.now()),
  }),
);
