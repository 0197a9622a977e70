// npm run test:loaded: the whole suite beside a CPU load that keeps every core busy, to prove that no
// test depends on the machine's speed. The load is bounded: it stops when the suite ends (or after an hour).
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const HOUR_MS = 3_600_000;
const burners = Array.from({ length: availableParallelism() }, () =>
  spawn(
    process.execPath,
    ['-e', `const end = Date.now() + ${HOUR_MS}; while (Date.now() < end) Math.sqrt(Math.random());`],
    { stdio: 'ignore' },
  ),
);
const stop = () => burners.forEach((b) => b.kill());
process.on('exit', stop);
console.log(`test:loaded: ${burners.length} processes keep the ${burners.length} cores busy while the suite runs`);
const suite = spawn('npm', ['test', ...process.argv.slice(2)], { stdio: 'inherit' });
suite.on('exit', (code) => {
  stop();
  process.exit(code ?? 1);
});
