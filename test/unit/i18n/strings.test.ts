import { describe, expect, it } from 'vitest';
import { BUILT_IN_LANGUAGES, ENGLISH, stringsFor } from '../../../src/i18n/strings.js';

describe('i18n/strings', () => {
  it('translates the version menu, banner, unreleased label and "Last updated" in every built-in language', () => {
    const keys = ['version.menu', 'version.banner', 'version.current', 'version.next', 'page.updated'] as const;
    for (const lang of BUILT_IN_LANGUAGES.filter((l) => l !== 'en')) {
      const strings = stringsFor(lang);
      // "Version" is the word in German and French too; the sentences differ from English everywhere.
      for (const key of keys.filter((k) => k !== 'version.menu'))
        expect(strings[key], `${lang} ${key}`).not.toBe(ENGLISH[key]);
      expect(strings['version.banner'], lang).toContain('{version}');
    }
    expect(stringsFor('ar')['version.menu']).toBe('الإصدار');
  });
});
