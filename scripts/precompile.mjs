// `npm pack`'s prepack step: the sources compiled into lib/ (src/launch/compiled.js, precompile), what the package runs.
import { precompile } from '../src/launch/compiled.js';

const started = performance.now();
await precompile();
// On stderr: `npm pack --json` prints its JSON on stdout, after this step.
process.stderr.write(`compiled src/ into lib/ in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
