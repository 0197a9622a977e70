// `npm run bench -- --differential`: the differential test (test/integration/build/differential.test.ts: seeded
// random edits of every kind of input, each incremental build compared with a cold one, byte for byte) run long,
// DIFF_STEPS=300 by default, with a seed chosen here and recorded, so a failure can be replayed.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadNow } from './results.js';

const REPO = path.dirname(import.meta.dirname);

export async function differentialRun(options: { steps: number; seed?: number; machine: string }): Promise<string> {
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
  const loadBefore = loadNow();
  const started = performance.now();
  let output = '';
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [path.join(REPO, 'node_modules/vitest/vitest.mjs'), 'run', 'test/integration/build/differential.test.ts'],
      {
        cwd: REPO,
        env: { ...process.env, DIFF_SEED: String(seed), DIFF_STEPS: String(options.steps), FORCE_COLOR: '0' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child.stdout.on('data', (d) => (output = (output + d).slice(-40000)));
    child.stderr.on('data', (d) => (output = (output + d).slice(-40000)));
    child.on('error', reject);
    child.on('exit', resolve);
  });
  const minutes = ((performance.now() - started) / 60000).toFixed(1);
  const passed = code === 0;
  // A loaded machine can outlast the test's own limit (60 s and 15 s a step): that is no difference found.
  const timedOut = !passed && /Test timed out/.test(output) && !/expected|toEqual|toBe\(/i.test(output);
  const failure = passed
    ? []
    : ['', 'The end of its output:', '', '```', output.split('\n').slice(-40).join('\n').trim(), '```'];
  return [
    '## The long differential run',
    '',
    `\`DIFF_SEED=${seed} DIFF_STEPS=${options.steps} npx vitest run test/integration/build/differential.test.ts\`` +
      ` (\`npm run bench -- --differential\`): ${options.machine}.`,
    '',
    `- seed ${seed}, ${options.steps} steps: **${passed ? 'passed' : timedOut ? `did not finish within the test's time limit (exit ${code}): no difference found in the steps it ran` : `failed (exit ${code})`}** in ${minutes} min; load average before ${loadBefore}, after ${loadNow()}`,
    ...failure,
  ].join('\n');
}
