// Builds one root in this process and prints {ms, pages, maxRssMB} as JSON: run in a child per
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
    // CPU time of the whole process, Node's start-up included (the machine may be shared: wall time alone misleads).
    cpuMs: Math.round((process.cpuUsage().user + process.cpuUsage().system) / 1000),
  }),
);
