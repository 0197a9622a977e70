#!/usr/bin/env node
// The CLI entry: the sources compiled into one file on first run (bin/bundle.js), or run through tsx's
// loader when that cannot be made (DOCS_FROM_SOURCE=1 asks for it), so there is no compile step to run.
import { fileURLToPath, pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';
import { cliBundle } from './bundle.js';

// React renders pages several times faster in production mode; it is read when React loads.
process.env.NODE_ENV ??= 'production';
let cli;
if (!process.env.DOCS_FROM_SOURCE) {
  try {
    cli = await import(pathToFileURL(await cliBundle()).href);
  } catch {
    cli = undefined; // a source that does not compile: tsx below reports it where it is
  }
}
// After the bundle's imports, so only the project's own TypeScript (docs.config.ts, layout parts) and
// the sources in the fallback go through tsx. The repo's tsconfig, not the current directory's.
register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) });
cli ??= await import('../src/cli.ts');
await cli.run(process.argv);
