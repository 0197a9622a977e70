import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * What a file of each project takes on a fresh clone, before vitest has timed it (seconds, idle
 * two-core machine, the fresh-clone CI run of 020d0ed); the files far from their project's figure are
 * named, so that no long file starts late and leaves one worker running alone at the end.
 */
const EXPECTED: Record<string, number> = {
  // 138 and 133 s in the run of 2b5295b; a twentieth less CPU since (no view leaves links to axe, few leave text);
  // session 9: 128 s times their CPU after/before (280.8/311.8 s for the two, alone, old and new in turn); session 10:
  // times 0.9 (the fast contrast check's reads kept: 246.7/274.7 s for the two, alone, old and new in turn).
  'test/quality/axe-1.test.ts': 104,
  'test/quality/axe-2.test.ts': 104,
  // Integration rows: the run of 2b5295b scaled by each file's CPU before and after session 8 (production mode, tmpfs).
  // write-faults: and a fifth more for its spare-version scenario (edit10k2); spare-version: by incremental's scale.
  // write-faults since session 9: 50 s times its CPU after/before (29.7/52.4 s, alone, old and new in turn).
  'test/integration/write-faults.test.ts': 28,
  // spare-version and build/incremental (below) since session 10: times their CPU after/before (8.6/11.3 s and 15.6/19.1 s, alone,
  // old and new in turn: configurations imported once a text, no git process outside a checkout).
  'test/integration/build/spare-version.test.ts': 15,
  // lighthouse, csp, html and keyboard (session 9): their figures times the share of test time their change left them,
  // measured old and new in turn on the loaded machine.
  // lighthouse since session 10: 37 s times its CPU after/before (37.9/46.6 s, two runs each, alone, old and new in turn).
  'test/quality/lighthouse.test.ts': 30,
  // Its load of every page is the accessibility gate's now (2b5295b: 46 s); its tag-manager builds are the analytics tests'.
  'test/quality/csp.test.ts': 16,
  'test/integration/build/incremental.test.ts': 17,
  // 16 builds of 150 pages, half of them full builds to compare with (36 s at load 20, 2026-11-25).
  'test/integration/search/incremental.test.ts': 10,
  // These four visit their pages in one kept tab since 2026-11-24 (ServedSite.visit): their earlier figures times
  // the share of test time that change left them, measured old and new in turn on the loaded machine.
  'test/browser/runtime/navigation.test.ts': 20,
  'test/browser/components.test.ts': 16,
  'test/browser/nav.test.ts': 11,
  'test/browser/search/search.test.ts': 18,
  'test/quality/html.test.ts': 21,
  // keyboard since session 10: 12 s times its CPU after/before (28.6/30.4 s, two runs each, alone, old and new in turn).
  'test/quality/keyboard.test.ts': 11,
  'test/integration/build/pages-parallel.test.ts': 11,
  'test/integration/dev/dev-server.test.ts': 11,
  // Six CLI processes (three fixtures, from the bundle and from the sources): 83 s loaded (load 15) beside incremental's 73 s.
  'test/integration/cli-bundle.test.ts': 14,
  // Parses the real site, the fixtures and a corpus whole and by blocks, and edits of a third of the site's pages;
  // 16 s times its CPU after/before session 9 (18.6/23.3 s, alone, old and new in turn).
  'test/integration/markdown/block-parse.test.ts': 13,
  // Quality files that take a second or less, below their project's figure.
  'test/quality/cdn.test.ts': 1,
  'test/quality/first-paint.test.ts': 1,
  'test/quality/nginx.test.ts': 1,
  'test/quality/weight.test.ts': 1,
  'test/quality/print.test.ts': 3,
};
const EXPECTED_OF_PROJECT: Record<string, number> = { quality: 20, browser: 15, integration: 8, docs: 5, unit: 1 };

/**
 * The files in one queue, failed ones first, then project by project, each project's longest first, the
 * project of the longest file first: vitest's own order takes the projects one after another by name, so
 * the quality gates, the longest files, started last and ran on after every other file had finished.
 * Longest first, the two workers end together (the unit files, the shortest, come last). Project by
 * project, because a worker keeps its loaded modules for its next file (vitest.config.ts, `isolate:
 * false`) only when the next file in the queue is of its project: else it stops, and the next one starts
 * and loads them again (the generator, React, Playwright). Simulated with the fresh-clone run's file
 * durations, the queue ordered by length alone started 23 workers and ends the two at 388 and 387 s;
 * project by project it starts 9, and ends them at the same times. Durations come from vitest's record
 * of the last run, else from EXPECTED.
 */
export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const cache = this.ctx.cache;
    const known = (spec: TestSpecification) =>
      cache.getFileTestResults(`${spec.project.name}:${path.relative(this.ctx.config.root, spec.moduleId)}`);
    const expected = (spec: TestSpecification) => {
      const file = path.relative(this.ctx.config.root, spec.moduleId).split(path.sep).join('/');
      return known(spec)?.duration ?? (EXPECTED[file] ?? EXPECTED_OF_PROJECT[spec.project.name] ?? 10) * 1000;
    };
    const failed = (spec: TestSpecification) => (known(spec)?.failed ? 1 : 0);
    const longestOf = new Map<string, number>();
    for (const spec of files)
      longestOf.set(spec.project.name, Math.max(longestOf.get(spec.project.name) ?? 0, expected(spec)));
    const project = (a: TestSpecification, b: TestSpecification) =>
      longestOf.get(b.project.name)! - longestOf.get(a.project.name)! || a.project.name.localeCompare(b.project.name);
    return [...files].sort((a, b) => failed(b) - failed(a) || project(a, b) || expected(b) - expected(a));
  }
}
