#!/usr/bin/env node
// The CLI entry: the sources compiled into one file on first run (bin/bundle.js), so there is no compile step to run.
import { loadCli } from './bundle.js';

const cli = await loadCli();
await cli.run(process.argv);
