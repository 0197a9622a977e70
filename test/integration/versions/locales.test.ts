import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { build } from '../../../src/build/index.js';
import type { BuildFailure } from '../../../src/model/errors.js';
import { buildInMemory, fixture, fixtureCopyOptions } from '../../helpers/site.js';

/** test/fixtures/versions-i18n: 2.0 (content/) and 1.0 (versions/1.0/), each in English and Arabic. */
/** A copy of the fixture to edit, removed after the test. */
const copies: string[] = [];
function copyFixture(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'docs-versions-i18n-'));
  cpSync(fixture('versions-i18n'), root, fixtureCopyOptions('versions-i18n'));
  copies.push(root);
  return root;
}
afterEach(() => copies.splice(0).forEach((root) => rmSync(root, { recursive: true, force: true })));

describe('versions and locales combined', () => {
  // One build for the tests that only read its output.
  let built: ReturnType<typeof buildInMemory> | undefined;
  const buildFixture = () => (built ??= buildInMemory(fixture('versions-i18n')));

  it('serves each locale of each version at /docs/<version>/<locale>/, with the version constants and fallbacks per version', async () => {
    const { writer, missingTranslations } = await buildFixture();
    const html = (p: string) => writer.text(p);
    expect(html('1.0/ar/guide/setup/index.html')).toContain('ثبّت Node.js 18، ثم شغّل مثبّت zephyrine القديم.');
    expect(html('ar/guide/setup/index.html')).toContain('ثبّت Node.js 22، ثم شغّل مثبّت zephyrine الجديد.');
    expect(html('1.0/ar/index.html')).toMatch(/<html lang="ar" dir="rtl"/);
    // A partial of 1.0 is its own (content/ has one of the same name), its links resolved within 1.0.
    expect(html('1.0/guide/setup/index.html')).toContain('Support ends with the <a href="/docs/1.0/guide/jobs/">');
    expect(html('guide/setup/index.html')).toContain('A note of 2.0: see <a href="/docs/guide/workflows/">');
    // Untranslated pages fall back to the same version's original.
    expect(html('1.0/ar/guide/jobs/index.html')).toContain('cronjobbery');
    expect(html('1.0/ar/guide/jobs/index.html')).toContain('class="fallback-notice"');
    expect(html('1.0/ar/guide/workflows/index.html')).toBeUndefined();
    expect(missingTranslations).toEqual({ ar: ['guide/workflows.md', '1.0/guide/jobs.md'] });
    // The sidebar of 1.0 in Arabic: its snapshot's, moved under /1.0/ar/, its labels translated.
    const sidebar = html('1.0/ar/guide/setup/index.html')!.match(/<nav id="sidebar"[\s\S]*?<\/nav>/)![0];
    expect(sidebar).toContain('href="/docs/1.0/ar/guide/jobs/"');
    expect(sidebar).toContain('الدليل');
    expect(sidebar).not.toMatch(/href="\/docs\/(ar\/)?guide\//);
  });

  it('has a language menu within the version and a version menu within the language, hreflang within the version', async () => {
    const { writer } = await buildFixture();
    const page = writer.text('1.0/ar/guide/setup/index.html')!;
    const languages = page.match(/<nav class="language-menu"[\s\S]*?<\/nav>/)![0];
    expect(languages).toContain('<a href="/docs/1.0/guide/setup/" hrefLang="en" lang="en">English</a>');
    const versions = page.match(/<nav class="language-menu version-menu"[\s\S]*?<\/nav>/)![0];
    expect(versions).toContain('<a href="/docs/ar/guide/setup/" data-no-router="">v2.0 (latest)</a>');
    expect(page).toContain('<link rel="canonical" href="https://acme.example/docs/ar/guide/setup/">');
    expect(page).toContain('<link rel="alternate" hreflang="en" href="https://acme.example/docs/1.0/guide/setup/">');
    expect(page).not.toMatch(/hreflang="[a-z]+" href="https:\/\/acme\.example\/docs\/(ar\/)?guide/);
    expect(page).toContain('<meta name="docs:search" content="/docs/1.0/ar/search.json">');
    // The version strings in the page's language.
    expect(versions).toContain('aria-label="الإصدار"');
    expect(page).toContain(
      'هذه وثائق الإصدار 1.0. <a href="/docs/ar/guide/setup/" data-no-router="">اعرض هذه الصفحة في الإصدار الحالي</a>',
    );
    expect(page).toMatch(/<span class="last-updated">آخر تحديث <time dateTime=/);
    expect(writer.text('1.0/guide/setup/index.html')).toMatch(
      /<span class="last-updated">Last updated <time dateTime=/,
    );
    // Old versions stay out of the sitemap; the current one lists its languages.
    const sitemap = writer.text('sitemap.xml')!;
    expect(sitemap).not.toContain('/docs/1.0/');
    expect(sitemap).toContain('hreflang="ar" href="https://acme.example/docs/ar/guide/setup/"');
    const routes = JSON.parse(writer.text('routes.json')!);
    expect(Object.keys(routes.navs)).toEqual(['ar', '1.0', '1.0/ar']);
    // The runtime takes a page's sidebar groups by the first segment of its path: the Arabic pages
    // read a table in which "1.0" names the groups of 1.0 in Arabic.
    expect(page).toContain('<meta name="docs:routes" content="/docs/ar/routes.json">');
    expect(writer.text('1.0/guide/setup/index.html')).toContain(
      '<meta name="docs:routes" content="/docs/routes.json">',
    );
    expect(JSON.parse(writer.text('ar/routes.json')!)).toEqual({
      ...routes,
      navs: { ...routes.navs, '1.0': routes.navs['1.0/ar'] },
    });
  });

  it('applies each version its own redirects in every locale, and edit links name the version files', async () => {
    const { writer } = await buildFixture();
    expect(writer.text('ar/install/index.html')).toContain('url=/docs/ar/guide/setup/');
    expect(writer.text('1.0/ar/install/index.html')).toContain('url=/docs/1.0/ar/guide/jobs/'); // 1.0's pinned redirects.json
    expect(writer.text('1.0/ar/guide/setup/index.html')).toContain(
      'href="https://git.example/acme/docs/edit/main/versions/1.0/content/ar/guide/setup.md"',
    );
    expect(writer.text('guide/setup/index.html')).toContain(
      'href="https://git.example/acme/docs/edit/main/content/guide/setup.md"',
    );
  });

  it('names the files of an old version where they are in its problems', async () => {
    const root = copyFixture();
    writeFileSync(
      path.join(root, 'versions/1.0/content/ar/guide/setup.md'),
      '---\ntitle: x\n---\n\n[bad](missing.md)\n',
    );
    const failure = await build(root, { outDir: path.join(root, 'dist') }).catch((e: BuildFailure) => e);
    expect((failure as BuildFailure).problems.map((p) => p.where)).toContain(
      'versions/1.0/content/ar/guide/setup.md:5:1',
    );
  });

  it('renders again only the page edited in one locale of one version', async () => {
    const root = copyFixture();
    const outDir = path.join(root, 'dist');
    const first = await build(root, { outDir });
    expect(first.rendered).toBe(first.pages);
    expect((await build(root, { outDir })).rendered).toBe(0);
    const file = path.join(root, 'versions/1.0/content/ar/guide/setup.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace('القديم', 'القديم جدًا'));
    const edited = await build(root, { outDir });
    expect(edited.renderedRoutes).toEqual(['/1.0/ar/guide/setup/']);
    expect(readFileSync(path.join(outDir, '1.0/ar/guide/setup/index.html'), 'utf8')).toContain('القديم جدًا');
  });
});
