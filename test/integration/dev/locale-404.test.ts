import { afterEach, describe, expect, it } from 'vitest';
import { configFile, page, tmpSite } from '../../helpers/tmp-site.js';
import { get, startDev } from './harness.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => Promise.all(cleanups.splice(0).map((c) => c())));

/** issue 39: the 404 page was in one language only. */
describe("dev: the not-found page of the address's language", () => {
  it('answers a missing page under /fr/ (and /1.0/fr/) with the French 404 page, and one at the root with the English one', async () => {
    const site = await tmpSite({
      'docs.config.ts': configFile({
        base: '/docs/',
        locales: { root: { label: 'English', lang: 'en' }, fr: { label: 'Français', lang: 'fr' } },
        versions: { current: { name: '2.0' } },
      }),
      'versions.json': '["1.0"]',
      'content/index.md': page('Home'),
      'content/fr/index.md': page('Accueil'),
      'versions/1.0/content/index.md': page('Home'),
      'versions/1.0/content/fr/index.md': page('Accueil'),
    });
    cleanups.push(site.cleanup);
    const dev = await startDev(site.root, { watchLayout: false });
    cleanups.push(() => dev.close());
    const french = await get(`${dev.origin}/docs/fr/nowhere/`);
    expect(french.status).toBe(404);
    expect(french.text).toContain('<html lang="fr"');
    const oldFrench = await get(`${dev.origin}/docs/1.0/fr/nowhere/`);
    expect(oldFrench.status).toBe(404);
    expect(oldFrench.text).toContain('<html lang="fr"');
    const english = await get(`${dev.origin}/docs/nowhere/`);
    expect(english.status).toBe(404);
    expect(english.text).toContain('<html lang="en"');
  });
});
