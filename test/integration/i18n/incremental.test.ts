import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { build } from '../../../src/build/index.js';
import { configFile, page, tmpSite } from '../../helpers/tmp-site.js';

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

describe('i18n: the incremental build, per locale', () => {
  it('renders again only the page edited in one locale, and an original with the fallbacks made of it', async () => {
    const site = await tmpSite({
      'docs.config.ts': configFile({ locales: { root: { label: 'English' }, fr: { label: 'Français' } } }),
      'content/index.md': page('Home', 'Read [one](guide/one.md).'),
      'content/guide/one.md': page('One', 'First.'),
      'content/guide/two.md': page('Two', 'Second.'),
      'content/fr/index.md': page('Accueil', 'Lire [un](guide/one.md).'),
      'content/fr/guide/one.md': page('Un', 'Premier.'),
    });
    cleanup = site.cleanup;
    const outDir = path.join(site.root, 'dist');
    const run = () => build(site.root, { outDir });
    const first = await run();
    expect(first.rendered).toBe(6); // five files and the French fallback of guide/two.md
    expect(first.missingTranslations).toEqual({ fr: ['guide/two.md'] });

    await writeFile(path.join(site.root, 'content/fr/guide/one.md'), page('Un', 'Premier, corrigé.'));
    expect((await run()).rendered).toBe(1);
    expect(await readFile(path.join(outDir, 'fr/guide/one/index.html'), 'utf8')).toContain('Premier, corrigé.');

    await writeFile(path.join(site.root, 'content/guide/two.md'), page('Two', 'Second, edited.'));
    expect((await run()).rendered).toBe(2);
    expect(await readFile(path.join(outDir, 'fr/guide/two/index.html'), 'utf8')).toContain('Second, edited.');

    // A translation added: the fallback goes, the page is rendered from its own file.
    await writeFile(path.join(site.root, 'content/fr/guide/two.md'), page('Deux', 'Deuxième.'));
    const added = await run();
    expect(added.missingTranslations).toEqual({});
    expect(await readFile(path.join(outDir, 'fr/guide/two/index.html'), 'utf8')).not.toContain('fallback-notice');
  });
});
