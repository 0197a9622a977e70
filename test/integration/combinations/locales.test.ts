import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildInMemory } from '../../helpers/site.js';
import { configFile, page, tmpSite } from '../../helpers/tmp-site.js';

/**
 * A site in two languages whose second language lacks pages (a changelog with a feed among them):
 * what the untranslated pages and the site-wide outputs give in each language.
 */
describe('a locale with untranslated pages beside feeds, edit links, llms.txt and the 404 page', () => {
  let cleanup: () => Promise<void>;
  let built: Awaited<ReturnType<typeof buildInMemory>>;
  beforeAll(async () => {
    const made = await tmpSite({
      'docs.config.ts': configFile({
        title: 'Acme Docs',
        base: '/docs/',
        product: { name: 'Acme', slug: 'acme', siteUrl: 'https://acme.example' },
        editLink: { pattern: 'https://git.example/acme/edit/main/content/:path' },
        locales: { root: { label: 'English', lang: 'en' }, fr: { label: 'Français', lang: 'fr' } },
      }),
      'content/index.md': page('Home', 'Welcome to the docs.'),
      'content/guide.md': page('Guide', 'How to start.'),
      'content/changelog.md': page('Changelog', '## 2026-11-20\n\nSchedules accept seconds.\n', {
        frontmatter: 'feed: true\n',
      }),
      'content/fr/index.md': page('Accueil', 'Bienvenue.'),
    });
    cleanup = made.cleanup;
    built = await buildInMemory(made.root);
  });
  afterAll(() => cleanup());

  it('builds the feed of a page the locale lacks from the original page', () => {
    const xml = built.writer.text('fr/changelog/feed.xml')!;
    expect(xml).toContain('<id>https://acme.example/docs/fr/changelog/#2026-11-20</id>');
    expect(xml).toContain('Schedules accept seconds.');
  });

  it("points an untranslated page's edit link at the file that exists", () => {
    const edit = (file: string) => built.writer.text(file)!.match(/<a[^>]*href="([^"]*\/edit\/[^"]*)"/)![1];
    expect(edit('fr/guide/index.html')).toBe('https://git.example/acme/edit/main/content/guide.md');
    expect(edit('fr/index.html')).toBe('https://git.example/acme/edit/main/content/fr/index.md');
  });
});
