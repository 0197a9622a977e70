#!/usr/bin/env node
// The CLI entry: TypeScript sources run through tsx's loader, so there is no compile step.
import { register } from 'tsx/esm/api';

register();
const { run } = await import('../src/cli.ts');
await run(process.argv);
