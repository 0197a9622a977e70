import type { LaunchedChrome } from 'chrome-launcher';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit, auditTargets, launchChrome, type AuditTarget, type Category } from '../../bench/lighthouse.js';
import { TEST_CHROMIUM } from '../helpers/browser.js';
import { buildGateSites, REAL_SITE, serveWithHeaders, type BuiltSite } from './site.js';

/**
 * Lighthouse's categories that do not depend on how fast the machine is. Performance is a timing:
 * it falls when the machine is busy, so it is measured by `npm run lighthouse`, and what makes it
 * good (bytes and requests before first paint, nothing render-blocking) is asserted by first-paint.test.ts.
 */
const CATEGORIES: Category[] = ['accessibility', 'best-practices', 'seo'];
const MIN_SCORE = 0.98;

/**
 * How long Lighthouse waits before it looks. Its defaults serve the performance category: a fixed second after the
 * first paint and after the load event, and network and CPU quiet for a second each, so that the trace holds the
 * whole load. These three categories read the page as loaded, and the console and the issues (CSP among them) it
 * logged until then: the fixed pauses go, and the page must still be quiet (no request, or no long task) for half
 * a second each, in turn, before the console stops being read. Work the page starts after its load event without a
 * gap that long (its prefetching when idle, a chunk it loads) is still watched. Checked by hand (2026-11-25) with
 * pages that, after their load, fetched a missing file when idle and then logged an error, logged one 300 ms later,
 * or ran an inline script their CSP forbids when idle: each failed errors-in-console (and the last inspector-issues),
 * best practices 0.96 or 0.93, with these settings as with the defaults. The first navigation to about:blank is
 * skipped: Lighthouse's tab is a new one.
 */
const SETTINGS = {
  pauseAfterFcpMs: 0,
  pauseAfterLoadMs: 0,
  networkQuietThresholdMs: 500,
  cpuQuietThresholdMs: 500,
  skipAboutBlank: true,
};

/** Five representative pages (overview, a long guide, the REST reference, errors, not-found), mobile preset, served with the site's own `_headers`. */
describe('quality/lighthouse', () => {
  let site: BuiltSite;
  let server: Awaited<ReturnType<typeof serveWithHeaders>>;
  let chrome: LaunchedChrome;
  let targets: AuditTarget[];
  beforeAll(async () => {
    [site] = await buildGateSites();
    server = await serveWithHeaders(site.outDir, site.base);
    chrome = await launchChrome(TEST_CHROMIUM);
    targets = await auditTargets(site.outDir, site.base);
  });
  afterAll(async () => {
    chrome?.kill();
    await server?.close();
  });

  const names = ['overview', 'long guide', 'REST reference', 'errors', 'not found'];
  for (const [i, name] of names.entries()) {
    it(`scores at least ${MIN_SCORE * 100} in accessibility, best practices and SEO on the ${name} page (mobile)`, async () => {
      const target = targets[i];
      expect(target.path, `no ${name} page in ${REAL_SITE ? 'the site' : 'the fixture'}`).toBeTruthy();
      const result = await audit(chrome, `${server.origin}${target.path}`, CATEGORIES, target.skipAudits, SETTINGS);
      expect(result.error).toBeUndefined();
      const low = Object.entries(result.scores).filter(([, score]) => score === null || score < MIN_SCORE);
      expect(low, `${target.path}: ${JSON.stringify(result.scores)}\n${result.failing.join('\n')}`).toEqual([]);
    });
  }
});
