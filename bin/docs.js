#!/usr/bin/env node
// The CLI entry: the sources compiled into one file on first run (bin/bundle.js), so there is no compile step to run.
import { fileURLToPath } from 'node:url';
import { loadCli } from './bundle.js';
import { rendersPages, withMainHeap } from './main-heap.js';

// `build` and `check` run in a child Node with a larger young generation (bin/main-heap.js).
if (rendersPages(process.argv.slice(2))) await withMainHeap(fileURLToPath(import.meta.url));

const cli = await loadCli();
await cli.run(process.argv);
