#!/usr/bin/env node
// The CLI entry: TypeScript sources run through tsx's loader, so there is no compile step.
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

// React renders pages several times faster in production mode; it is read when React loads.
process.env.NODE_ENV ??= 'production';
// The repo's tsconfig (JSX runtime and all), not whatever tsconfig the current directory has.
register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) });
const { run } = await import('../src/cli.ts');
await run(process.argv);
