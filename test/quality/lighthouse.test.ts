import type { LaunchedChrome } from 'chrome-launcher';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit, auditTargets, launchChrome, type AuditTarget, type Category } from '../../bench/lighthouse.js';
import { buildGateSites, REAL_SITE, serveWithHeaders, type BuiltSite } from './site.js';

/**
 * Lighthouse's categories that do not depend on how fast the machine is. Performance is a timing:
 * it falls when the machine is busy, so it is measured by `npm run lighthouse`, and what makes it
 * good (bytes and requests before first paint, nothing render-blocking) is asserted by first-paint.test.ts.
 */
const CATEGORIES: Category[] = ['accessibility', 'best-practices', 'seo'];
const MIN_SCORE = 0.98;

/** Five representative pages (overview, a long guide, the REST reference, errors, not-found), mobile preset, served with the site's own `_headers`. */
describe('quality/lighthouse', () => {
  let site: BuiltSite;
  let server: Awaited<ReturnType<typeof serveWithHeaders>>;
  let chrome: LaunchedChrome;
  let targets: AuditTarget[];
  beforeAll(async () => {
    [site] = await buildGateSites();
    server = await serveWithHeaders(site.outDir, site.base);
    chrome = await launchChrome();
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
      const result = await audit(chrome, `${server.origin}${target.path}`, CATEGORIES, target.skipAudits);
      expect(result.error).toBeUndefined();
      const low = Object.entries(result.scores).filter(([, score]) => score === null || score < MIN_SCORE);
      expect(low, `${target.path}: ${JSON.stringify(result.scores)}\n${result.failing.join('\n')}`).toEqual([]);
    });
  }
});
