// npm test: the typecheck beside the test run instead of before it. The two tsc projects are 6 s of CPU
// but took 25 s of the fresh-clone CI run ahead of vitest (both processes load and parse 1,200 files
// from a cold disk, one after the other); started with vitest, they use the cores while its workers
// wait on Chromium and on builds. Their output comes after vitest's; the run fails if either fails.
import { spawn } from 'node:child_process';

const run = (command, args, options = {}) =>
  new Promise((resolve) => {
    const child = spawn(command, args, { stdio: options.quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    child.on('exit', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });

const tsc = (project) => run(process.execPath, ['node_modules/typescript/bin/tsc', '-p', project], { quiet: true });
const typecheck = Promise.all([tsc('tsconfig.json'), tsc('client/tsconfig.json')]);
const tests = await run(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...process.argv.slice(2)]);
const types = await typecheck;
const typeErrors = types.filter((t) => t.code !== 0);
for (const t of typeErrors) process.stderr.write(t.output);
console.log(typeErrors.length ? '\ntypecheck: failed (above)' : '\ntypecheck: passed (tsc, both projects)');
process.exit(tests.code || (typeErrors.length ? 1 : 0));
