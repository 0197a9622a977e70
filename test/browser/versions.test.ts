import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, describeViolations } from '../helpers/axe.js';
import { startServedSite, type ServedSite } from '../helpers/served-site.js';
import { fixture } from '../helpers/site.js';

/** test/fixtures/versions in Chromium: 2.0 (current) at /docs/, 1.0 at /docs/1.0/. */
describe('browser: a site with two versions', () => {
  let site: ServedSite;
  beforeAll(async () => {
    site = await startServedSite(fixture('versions'));
  });
  afterEach(() => site.closePages());
  afterAll(() => site?.close());

  /** A page in the file's kept tab (ServedSite.visit), once the runtime is ready. */
  const ready = async (path: string) => (await site.visitReady(path)).page;

  it('keeps the reader on the same page when the version menu changes the version, else goes to its start', async () => {
    const page = await ready('/docs/guide/setup/');
    await page.locator('.version-menu summary').click();
    await page.locator('.version-menu a', { hasText: '1.0' }).click();
    await page.waitForFunction(`location.pathname === '/docs/1.0/guide/setup/'`);
    await page.locator('.content', { hasText: 'Node.js 18' }).waitFor();
    const jobs = await ready('/docs/1.0/guide/jobs/');
    await jobs.locator('.version-menu summary').click();
    await jobs.locator('.version-menu a', { hasText: 'v2.0 (latest)' }).click();
    await jobs.waitForFunction(`location.pathname === '/docs/'`);
  });

  it('shows a banner on an old version that leads to the current page, and passes axe', async () => {
    const page = await ready('/docs/1.0/guide/setup/');
    expect(describeViolations('/docs/1.0/guide/setup/:', await axeViolations(page), false)).toEqual([]);
    await page.locator('.version-banner a').click();
    await page.waitForFunction(`location.pathname === '/docs/guide/setup/'`);
    expect(await page.locator('.version-banner').count()).toBe(0);
  });

  it('searches the version being read', async () => {
    for (const [path, word, found, other] of [
      ['/docs/1.0/', 'cronjobbery', '/docs/1.0/guide/jobs/', 'orchestration'],
      ['/docs/', 'orchestration', '/docs/guide/workflows/', 'cronjobbery'],
    ]) {
      const page = await ready(path);
      await page.keyboard.press('/');
      const input = page.locator('dialog.search-dialog input[role="combobox"]');
      await input.fill(word);
      const first = page.locator('#docs-search-results a').first();
      await first.waitFor({ timeout: 20000 });
      expect(new URL((await first.getAttribute('href'))!, 'http://x').pathname).toBe(found);
      await input.fill(other); // a word of the other version only
      await page.locator('dialog.search-dialog', { hasText: `No results for “${other}”` }).waitFor({ timeout: 20000 });
    }
  });
});
