#!/usr/bin/env node
// The CLI entry: the sources compiled into one file on first run (src/launch/compiled.js), so there is no compile step to run.
import { runDevProcess, wantsDevProcess } from './dev-process.js';
import { loadCli } from '../src/launch/compiled.js';

if (wantsDevProcess(process.argv)) runDevProcess(process.argv);
else {
  const cli = await loadCli();
  await cli.run(process.argv);
}
