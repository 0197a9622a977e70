import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../../src/config/index.js';
import {
  fallbackSources,
  FALLBACK_OF,
  localizedRedirects,
  missingTranslations,
  pageRoute,
  resolveLocales,
  splitLocale,
} from '../../../src/i18n/locales.js';
import { stringsFor } from '../../../src/i18n/strings.js';
import { pageSource as source } from '../../helpers/markdown.js';

const locales = resolveLocales(
  { root: { label: 'English' }, de: { label: 'Deutsch' }, ar: { label: 'العربية', dir: 'rtl' } },
  'en-US',
)!;

describe('i18n/locales', () => {
  it('makes every route from one function: version, then locale, then the path, each left out when default', () => {
    expect(pageRoute({}, '/guide/')).toBe('/guide/');
    expect(pageRoute({ locale: 'de' }, '/guide/')).toBe('/de/guide/');
    expect(pageRoute({ locale: 'de', version: '1.0' }, '/')).toBe('/1.0/de/');
    expect(pageRoute({ version: '1.0' }, '/a/')).toBe('/1.0/a/');
  });

  it('resolves the root first, with its lang from the site, and each other locale lang from its key', () => {
    expect(locales.map((l) => [l.key, l.lang, l.dir])).toEqual([
      ['', 'en-US', 'ltr'],
      ['de', 'de', 'ltr'],
      ['ar', 'ar', 'rtl'],
    ]);
    expect(locales[1].strings['toc.title']).toBe('Auf dieser Seite');
  });

  it('reads the locale of a route and the path within it', () => {
    expect(splitLocale(locales, '/de/guide/')).toMatchObject({ locale: { key: 'de' }, path: '/guide/' });
    expect(splitLocale(locales, '/de/')).toMatchObject({ locale: { key: 'de' }, path: '/' });
    expect(splitLocale(locales, '/design/')).toMatchObject({ locale: { key: '' }, path: '/design/' });
  });

  it('gives each locale a fallback of every root page it lacks, marked with its original, and reports them', () => {
    const sources = [source('index.md', '/'), source('guide.md', '/guide/'), source('de/index.md', '/de/')];
    const fallbacks = fallbackSources(sources, locales);
    expect(fallbacks.map((s) => [s.route, s.relativePath, s.frontmatter[FALLBACK_OF]])).toEqual([
      ['/de/guide/', 'de/guide.md', 'guide.md'],
      ['/ar/', 'ar/index.md', 'index.md'],
      ['/ar/guide/', 'ar/guide.md', 'guide.md'],
    ]);
    expect(missingTranslations([...sources, ...fallbacks], locales)).toEqual({
      de: ['guide.md'],
      ar: ['index.md', 'guide.md'],
    });
  });

  it('applies the redirect table in every locale (external targets stay as they are)', () => {
    const table = localizedRedirects(
      [
        { from: '/old', to: '/new/' },
        { from: '/apps', to: 'https://x.example/apps', exact: true },
      ],
      locales,
    );
    expect(table.map((r) => `${r.from} ${r.to}`)).toEqual([
      '/old /new/',
      '/apps https://x.example/apps',
      '/de/old /de/new/',
      '/de/apps https://x.example/apps',
      '/ar/old /ar/new/',
      '/ar/apps https://x.example/apps',
    ]);
  });

  it('refuses locales without a root, bad keys, and unknown interface strings, naming each', () => {
    const problems = (locales: unknown) => {
      try {
        resolveConfig({ locales }, '/site');
        return '';
      } catch (error) {
        return String((error as Error & { problems?: unknown[] }).problems?.map(String));
      }
    };
    expect(problems({ de: { label: 'Deutsch' } })).toContain('"root"');
    expect(problems({ root: { label: 'English' }, De_DE: { label: 'Deutsch' } })).toContain('locale key');
    expect(problems({ root: { label: 'English', strings: { 'toc.titel': 'x' } } })).toContain('toc.titel');
  });

  it('takes the built-in table of a language by its tag, the project strings over it, English for the rest', () => {
    expect(stringsFor('de-AT')['page.next']).toBe('Weiter');
    expect(stringsFor('zh-Hans-CN')['page.next']).toBe('下一页');
    expect(stringsFor('fr', { 'page.next': 'Suite' })['page.next']).toBe('Suite');
    expect(stringsFor('sw')['page.next']).toBe('Next');
  });
});
