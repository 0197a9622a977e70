import { rm } from 'node:fs/promises';
import { cliBundle } from '../../src/launch/compiled.js';

/**
 * The compiled CLI (src/launch/compiled.js), made once before any file runs: the tests that spawn `bin/docs.js`
 * then all start from it. A process that cannot write it (the dev tests run it as the user "nobody"
 * when run by root) would otherwise load every source through tsx, about 3 s of CPU a start.
 */
export async function setup(): Promise<void> {
  await cliBundle();
}

/** Removes the sites this run built and shared (test/helpers/shared-site.ts) once every file has finished. */
export async function teardown(): Promise<void> {
  if (process.env.DOCS_TEST_RUN) await rm(process.env.DOCS_TEST_RUN, { recursive: true, force: true });
}
