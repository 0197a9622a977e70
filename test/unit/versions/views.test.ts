import { describe, expect, it } from 'vitest';
import { fallbackSources, localizedRedirects, resolveLocales, splitLocale } from '../../../src/i18n/locales.js';
import { stringsFor } from '../../../src/i18n/strings.js';
import type { ResolvedVersion } from '../../../src/versions/config.js';
import { siteViews, versionLabel } from '../../../src/versions/views.js';
import { pageSource as source } from '../../helpers/markdown.js';

const version = (key: string, kind: ResolvedVersion['kind']): ResolvedVersion => ({
  name: key || '2.0',
  label: key || '2.0',
  key,
  kind,
  contentDir: `/v/${key}`,
});
const versions = [version('', 'current'), version('1.0', 'older')];
const locales = resolveLocales({ root: { label: 'English' }, ar: { label: 'العربية', dir: 'rtl' } }, 'en')!;
const views = siteViews({ locales, versions, lang: 'en' })!;

describe('versions/views: each locale of each version', () => {
  it('makes a view per version and locale, the version outside, the current version and root locale first', () => {
    expect(views.map((v) => [v.key, v.lang, v.dir, v.version!.key, v.localeKey])).toEqual([
      ['', 'en', 'ltr', '', ''],
      ['ar', 'ar', 'rtl', '', 'ar'],
      ['1.0', 'en', 'ltr', '1.0', ''],
      ['1.0/ar', 'ar', 'rtl', '1.0', 'ar'],
    ]);
  });

  it('finds the view of a route by its longest prefix', () => {
    expect(splitLocale(views, '/1.0/ar/guide/')).toMatchObject({ locale: { key: '1.0/ar' }, path: '/guide/' });
    expect(splitLocale(views, '/1.0/guide/')).toMatchObject({ locale: { key: '1.0' }, path: '/guide/' });
    expect(splitLocale(views, '/ar/')).toMatchObject({ locale: { key: 'ar' }, path: '/' });
    expect(splitLocale(views, '/1.0a/')).toMatchObject({ locale: { key: '' }, path: '/1.0a/' });
  });

  it("falls back to the same version's original, and applies the redirects in every view", () => {
    const sources = [source('index.md', '/'), source('ar/index.md', '/ar/'), source('1.0/jobs.md', '/1.0/jobs/')];
    expect(fallbackSources(sources, views).map((s) => [s.route, s.relativePath])).toEqual([
      ['/1.0/ar/jobs/', '1.0/ar/jobs.md'],
    ]);
    const redirects = localizedRedirects([{ from: '/old', to: '/new/' }], views);
    expect(redirects.map((r) => `${r.from} ${r.to}`)).toEqual([
      '/old /new/',
      '/ar/old /ar/new/',
      '/1.0/old /1.0/new/',
      '/1.0/ar/old /1.0/ar/new/',
    ]);
  });

  it('names an unreleased version in each language unless the project labelled it', () => {
    const next: ResolvedVersion = { ...version('next', 'next'), label: 'Next', defaultLabel: true };
    expect(versionLabel(next, stringsFor('de'))).toBe('Nächste Version');
    expect(versionLabel({ ...next, defaultLabel: undefined, label: 'Preview' }, stringsFor('de'))).toBe('Preview');
  });
});
