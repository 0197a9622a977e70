import { describe, expect, it } from 'vitest';
import type { SearchManifest } from '../../../src/shared/search-format.js';
import type { RoutesIndexData } from '../../../src/shared/contract.js';
import { build } from '../../../src/build/index.js';
import { BuildFailure } from '../../../src/model/errors.js';
import { buildInMemory, fixture } from '../../helpers/site.js';
import { configFile, page, tmpSite } from '../../helpers/tmp-site.js';

/** Hashes of assets and index files vary with the generator's code: masked, the rest must stay byte for byte. */
const normalize = (text: string) =>
  text
    .replace(/\.[A-Za-z0-9_-]{8}\.(js|css|json)/g, '.HASH.$1')
    .replace(/search\/[A-Za-z0-9]{8}\//g, 'search/HASH/')
    .replace(/,"[A-Za-z0-9]{8}"\]/g, ',"HASH"]') // shard and vocabulary file names in search.json
    .replace(/p\/(\d+)\.[A-Za-z0-9]{8}\//g, 'p/$1.HASH/')
    .replace(/<lastmod>[^<]*<\/lastmod>/g, '')
    // The theme's "Last updated" (a date from git, which changes with each commit) came after that output.
    .replace(/<span class="last-updated">.*?<\/time><\/span>/g, '');

describe('i18n: a site in several languages (test/fixtures/i18n)', () => {
  it('builds each locale under its prefix, with its lang and dir, and fallbacks for what it lacks', async () => {
    const { writer, missingTranslations } = await buildInMemory(fixture('i18n'));
    const html = (path: string) => writer.text(path)!;
    expect(html('index.html')).toContain('<html lang="en" dir="ltr">');
    expect(html('ar/index.html')).toContain('<html lang="ar" dir="rtl">');
    expect(html('zh-cn/guide/index.html')).toContain('<html lang="zh-CN" dir="ltr">');
    expect(html('ar/index.html')).toContain('يشغّل سير العمل حتى 25 خطوة'); // constants in every locale
    expect(html('ar/guide/setup/index.html')).toContain('class="fallback-notice"');
    expect(html('ar/guide/index.html')).not.toContain('fallback-notice');
    expect(html('ar/guide/setup/index.html')).toContain('<img src="/docs/guide/pic.svg"'); // the original's image
    expect(html('zh-cn/guide/index.html')).toContain('<p class="toc-title">本页目录</p>'); // the project's own string
    // The build's report: information, not a failure.
    expect(missingTranslations).toEqual({ ar: ['guide/setup.md'], 'zh-cn': ['guide/setup.md'] });
  });

  it('links each page to itself in the other languages, and the title to its language home', async () => {
    const { writer } = await buildInMemory(fixture('i18n'));
    const page = writer.text('zh-cn/guide/index.html')!;
    expect(page).toMatch(/<a href="\/docs\/ar\/guide\/" hreflang="ar" lang="ar">العربية<\/a>/i); // React writes the attribute hrefLang (HTML names ignore case)
    expect(page).toContain('<a class="site-title" href="/docs/zh-cn/">');
    expect(page).toMatch(/<link rel="alternate" hreflang="ar" href="https:\/\/acme.example\/docs\/ar\/guide\/">/);
    const sitemap = writer.text('sitemap.xml')!;
    expect(sitemap).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    expect(sitemap).toMatch(
      /<url><loc>https:\/\/acme.example\/docs\/ar\/guide\/<\/loc>(<lastmod>[^<]*<\/lastmod>)?<xhtml:link rel="alternate" hreflang="en" href="https:\/\/acme.example\/docs\/guide\/"\/>/,
    );
  });

  it('applies the redirects in every locale and gives each locale its sidebar groups and search index', async () => {
    const { writer } = await buildInMemory(fixture('i18n'));
    expect(writer.text('ar/old-setup/index.html')).toContain('/docs/ar/guide/setup/');
    const routes: RoutesIndexData = JSON.parse(writer.text('routes.json')!);
    expect(Object.keys(routes.navs ?? {})).toEqual(['ar', 'zh-cn']);
    expect(JSON.parse(writer.text(routes.navs!.ar.slice('/docs/'.length))!)[0]).toContain('البداية');
    const manifest = (path: string): SearchManifest => JSON.parse(writer.text(path)!);
    expect(manifest('search.json').stem).toBeUndefined();
    expect(manifest('zh-cn/search.json').stem).toBe(false);
    expect(manifest('zh-cn/search.json').counts).toHaveLength(3);
    expect(writer.text('zh-cn/index.html')).toContain('<meta name="docs:search" content="/docs/zh-cn/search.json">');
  });

  it('leaves a site in one language exactly as it was: no locale markup, and its output as before', async () => {
    const { writer } = await buildInMemory(fixture('basic'));
    const files = [
      'index.html',
      'guide/index.html',
      'guide/code/index.html',
      '404.html',
      'sitemap.xml',
      'search.json',
      'routes.json',
    ];
    const output = files.map((f) => `== ${f}\n${normalize(writer.text(f)!)}`).join('\n');
    for (const mark of [
      'dir=',
      'hreflang',
      'docs:strings',
      'docs:search',
      'language-menu',
      'xmlns:xhtml',
      '"stem"',
      '"navs"',
    ])
      expect(output).not.toContain(mark);
    // Recorded from the output of the generator before languages existed (commit 17ce4ce).
    await expect(output).toMatchFileSnapshot('./__snapshots__/basic-output.txt');
  });

  it('reports a problem of an untranslated page once, under its original file', async () => {
    const site = await tmpSite({
      'docs.config.ts': configFile({
        locales: { root: { label: 'English' }, de: { label: 'Deutsch' }, fr: { label: 'Français' } },
      }),
      'content/index.md': page('Home', 'See [a missing page](missing.md).'),
      'content/de/index.md': page('Start', 'Willkommen.'),
    });
    try {
      const failure = await build(site.root).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(BuildFailure);
      expect((failure as BuildFailure).problems.map((p) => `${p.place.file}: ${p.message}`)).toEqual([
        'index.md: link to a missing page: missing.md',
      ]);
    } finally {
      await site.cleanup();
    }
  });
});
