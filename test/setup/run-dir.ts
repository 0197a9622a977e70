import { rm } from 'node:fs/promises';

/** Removes the sites this run built and shared (test/helpers/shared-site.ts) once every file has finished. */
export async function teardown(): Promise<void> {
  if (process.env.DOCS_TEST_RUN) await rm(process.env.DOCS_TEST_RUN, { recursive: true, force: true });
}
