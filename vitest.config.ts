import { chmodSync, mkdirSync, statfsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import LongestFirst from './test/setup/sequencer.js';

/**
 * The tests' temp folders (their sites, outputs, caches, Chromium's profiles) on a file system in memory where
 * the machine has one with room (Linux's /dev/shm; a container's 64 MB is too small): builds make thousands of
 * small files, links, renames and deletions, which on the disk's ext4 cost as much CPU in the kernel as the test
 * itself. Measured alone (CPU, user+sys, load 15): write-faults 58 s on /tmp, 35 s here. A TMPDIR of one's own stays.
 */
function memoryTmpDir(): string | undefined {
  try {
    const { bavail, bsize } = statfsSync('/dev/shm');
    if (bavail * bsize < 4 * 2 ** 30) return undefined;
    const dir = path.join('/dev/shm', `docs-tests-${os.userInfo().uid}`);
    mkdirSync(dir, { recursive: true });
    // As /tmp is: run as root, the dev server's tests run it as "nobody", and a web server's workers
    // (test/quality/nginx.test.ts) read the sites as another user.
    chmodSync(dir, 0o1777);
    return dir;
  } catch {
    return undefined;
  }
}
if (!process.env.TMPDIR) {
  const dir = memoryTmpDir();
  if (dir) process.env.TMPDIR = dir;
}

/**
 * One folder for the sites this run builds once and shares between test files (test/helpers/shared-site.ts);
 * set here, in the main process, so that every worker inherits it.
 */
process.env.DOCS_TEST_RUN ??= path.join(os.tmpdir(), `docs-test-run-${process.pid}`);

/**
 * The generator runs in tests as bin/docs.js runs it (src/launch/compiled.js): in production mode, with React's and
 * micromark's production builds. Vitest's default, `test`, makes vite resolve the packages' `development`
 * exports (micromark's, with a `debug` call on each token and its assertions) and React's development build
 * (an Error made for each element): measured alone (CPU, user+sys), block-parse went from 31 to 21 s and
 * pages-parallel from 25 to 20. Read by vite and by the workers, which inherit it; a NODE_ENV of one's own stays.
 */
if (process.env.NODE_ENV === 'test' || process.env.NODE_ENV === undefined) process.env.NODE_ENV = 'production';

/**
 * A configuration file that is plain data and reads the same as at its last load is not imported again
 * (src/config/index.ts, reusedConfigs): every import registers tsx's hooks once more for the life of the
 * worker, and every later import passes through them all; a worker loads hundreds of test sites'
 * configurations. Read by the workers, which inherit it.
 */
process.env.DOCS_REUSE_PLAIN_CONFIGS ??= '1';

/**
 * micromark's development build asserts what a syntax extension must do (src/markdown/math-syntax.ts is
 * ours): the unit tests, which give it every Markdown fixture, keep it (Node picks `development` first).
 */
const micromarkAssertions = { execArgv: ['--conditions', 'development'] };

/** What builds a site or drives Chromium gets the time a loaded two-core machine needs; nothing asserts a duration. */
const slow = { testTimeout: 180_000, hookTimeout: 300_000 };

/**
 * A worker keeps the modules it has loaded (the generator, React, Playwright) for its next file instead of
 * loading them again for each: measured alone, the unit project went from 69 to 18 s of CPU, docs from 29 to 20,
 * integration from 299 to 212 s (its files' imports from 145 to 16 s, summed). Safe where no file leaves state
 * behind in a module it shares: no module mocks, stubbed globals or environment, or changed working directory in
 * any of these files, and every spy is restored after its test (the dev tests' devSiteEach does it for them).
 */
const shared = { isolate: false };

export default defineConfig({
  test: {
    // The five projects import the same sources, and each project's vite transformed each of them again: with
    // the file-system module cache the first project's transform serves the others (keyed by the file's text
    // and the transform's settings, so an edit or another setting makes a new one; kept in
    // node_modules/.experimental-vitest-cache for the next run). Measured with an empty cache, 5 files of 3
    // projects, in turn with the cache off: 15.6 and 15.8 s of CPU against 17.2 and 17.3 (load 25).
    experimental: { fsModuleCache: true },
    // Two test files at a time at most: the machine has two cores and the browser suites share them.
    maxWorkers: 2,
    // One queue for every project, the longest files first (test/setup/sequencer.ts).
    sequence: { sequencer: LongestFirst },
    // expect.poll waits for a condition: a busy machine may take long to reach it, and a met condition returns at once.
    expect: { poll: { timeout: 120_000, interval: 50 } },
    globalSetup: ['test/setup/run-dir.ts'],
    projects: [
      // No build and no browser: what to run while working (`npm run test:unit`).
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          testTimeout: 30_000,
          ...shared,
          ...micromarkAssertions,
        },
      },
      // Builds of fixture sites, the CLI, the dev server without a browser.
      { extends: true, test: { name: 'integration', include: ['test/integration/**/*.test.ts'], ...slow, ...shared } },
      // The documentation itself: its model, its pages, its search relevance.
      { extends: true, test: { name: 'docs', include: ['test/docs/**/*.test.ts'], ...slow, ...shared } },
      // Real Chromium against built fixture sites; one browser for the project (test/setup/browser.ts).
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          globalSetup: ['test/setup/browser.ts'],
          ...slow,
          ...shared,
        },
      },
      // The quality gates over the real site (or the fixtures before it exists).
      {
        extends: true,
        test: {
          name: 'quality',
          include: ['test/quality/**/*.test.ts'],
          globalSetup: ['test/setup/browser.ts'],
          ...slow,
          ...shared,
        },
      },
    ],
  },
});
