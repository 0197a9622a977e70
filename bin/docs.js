#!/usr/bin/env node
// The CLI entry: the sources compiled into one file on first run (bin/bundle.js), so there is no compile step to run.
import { runDevProcess, wantsDevProcess } from './dev-process.js';
import { loadCli } from './bundle.js';

if (wantsDevProcess(process.argv)) runDevProcess(process.argv);
else {
  const cli = await loadCli();
  await cli.run(process.argv);
}
