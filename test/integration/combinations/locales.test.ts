import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildInMemory, buildToTemp, serveDir } from '../../helpers/site.js';
import { configFile, page, tmpSite } from '../../helpers/tmp-site.js';

/**
 * A site in two languages whose second language lacks pages (a changelog with a feed among them):
 * what the untranslated pages and the site-wide outputs give in each language.
 */
describe('a locale with untranslated pages beside feeds, edit links, llms.txt and the 404 page', () => {
  let cleanup: () => Promise<void>;
  let root: string;
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
    root = made.root;
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

  it('has a 404 page in each language, which the server gives for unknown addresses in that language', async () => {
    const fr = built.writer.text('fr/404.html')!;
    expect(fr).toContain('<html lang="fr"');
    expect(fr).toContain('<title>Page introuvable | Acme Docs</title>');
    expect(fr).toMatch(/<a href="\/docs\/fr\/">[^<]+<\/a>/); // home of the language
    expect(built.writer.text('404.html')).toContain('<title>Page not found | Acme Docs</title>');
    expect(JSON.parse(built.writer.text('routes.json')!).notFound).toEqual({ '/fr/': '/docs/fr/404.html' });
    const out = await buildToTemp(root);
    const server = await serveDir(out.outDir);
    try {
      const frMissing = await fetch(`${server.origin}/docs/fr/nulle-part/`);
      expect(frMissing.status).toBe(404);
      expect(await frMissing.text()).toContain('<title>Page introuvable | Acme Docs</title>');
      const missing = await fetch(`${server.origin}/docs/nowhere/`);
      expect(await missing.text()).toContain('<title>Page not found | Acme Docs</title>');
    } finally {
      await server.close();
      await out.cleanup();
    }
  });
});
