import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServedSite, type ServedSite } from '../helpers/served-site.js';
import { page as pageFile, tmpSite } from '../helpers/tmp-site.js';
import { documentKept, markDocument } from './runtime/site.js';

/** The router shows pages named with "#", "?" and "%" without a reload, at their encoded URLs. */
describe('browser: pages whose file names hold URL syntax', () => {
  let site: ServedSite;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    const made = await tmpSite({
      'content/index.md': pageFile(
        'Home',
        'Go to [sharp](c%23-and-f%23.md), [question](why%3F.md) or [percent](100%25.md).',
      ),
      'content/c#-and-f#.md': pageFile('Sharp', 'Back [home](index.md).'),
      'content/why?.md': pageFile('Question'),
      'content/100%.md': pageFile('Percent'),
    });
    cleanup = made.cleanup;
    site = await startServedSite(made.root, { base: '/docs/' }); // the paths below are under /docs/
  }, 180_000);
  afterAll(async () => {
    await site?.close();
    await cleanup?.();
  });

  it.each([
    ['sharp', 'Sharp', '/docs/c%23-and-f%23/'],
    ['question', 'Question', '/docs/why%3F/'],
    ['percent', 'Percent', '/docs/100%25/'],
  ])('follows the link "%s" with the router to %s at its encoded URL', async (link, title, url) => {
    const { page, errors } = await site.visit('/docs/');
    await markDocument(page);
    await page.locator('main a', { hasText: new RegExp(`^${link}$`) }).click();
    await page.locator('h1#page-title', { hasText: title }).waitFor();
    expect(new URL(page.url()).pathname).toBe(url);
    expect(new URL(page.url()).hash).toBe('');
    expect(await documentKept(page)).toBe(true);
    expect(errors).toEqual([]);
  });

  it('keeps the encoded URL of a page loaded directly, and navigates from it', async () => {
    const { page, errors } = await site.visit('/docs/c%23-and-f%23/');
    // The router has taken the page over once it has written its key into the history entry.
    await page.waitForFunction('typeof history.state?.key === "string"');
    expect(new URL(page.url()).pathname).toBe('/docs/c%23-and-f%23/');
    await markDocument(page);
    await page.locator('main a', { hasText: /^home$/ }).click();
    await page.locator('h1#page-title', { hasText: 'Home' }).waitFor();
    expect(await documentKept(page)).toBe(true);
    expect(errors).toEqual([]);
  });
});
