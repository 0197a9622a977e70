import type { LocaleView } from '../i18n/view.js';
import { useT } from './strings.js';

export type { LocaleView };

/** The same page in the site's other languages (a site in one language has no menu). */
export function LanguageMenu({ view }: { view: LocaleView }) {
  const t = useT();
  if (!view.languages) return null;
  const current = view.languages.find((l) => l.current);
  return (
    <nav className="language-menu" aria-label={t('language.menu')}>
      <details>
        <summary>
          <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16"><circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" /><path d="M1.5 8h13M8 1.5c-3 3.5-3 9.5 0 13M8 1.5c3 3.5 3 9.5 0 13" fill="none" stroke="currentColor" /></svg>
          <span>{current?.label}</span>
        </summary>
        <ul>
          {view.languages.map((l) => (
            <li key={l.lang}>
              <a href={l.href} hrefLang={l.lang} lang={l.lang} aria-current={l.current ? 'page' : undefined}>{l.label}</a>
            </li>
          ))}
        </ul>
      </details>
    </nav>
  );
}

/** Says that the page is the original's text, not yet translated. */
export function FallbackNotice({ view }: { view: LocaleView }) {
  const t = useT();
  if (!view.fallback) return null;
  return <p className="fallback-notice" role="note">{t('language.fallback', { language: view.fallback.language, original: view.fallback.original })}</p>;
}

/** The same page in each version of a versioned site (styled as the language menu); a full load, for the version's search index. */
export function VersionMenu({ view }: { view: LocaleView }) {
  const t = useT();
  if (!view.versions) return null;
  const current = view.versions.find((v) => v.current);
  return (
    <nav className="language-menu version-menu" aria-label={t('version.menu')}>
      <details>
        <summary>
          <span>{current?.label}</span>
        </summary>
        <ul>
          {view.versions.map((v) => (
            <li key={v.label}>
              <a href={v.href} data-no-router="" aria-current={v.current ? 'page' : undefined}>{v.label}</a>
            </li>
          ))}
        </ul>
      </details>
    </nav>
  );
}

/** On a page of an older version: which version it is, and the page in the current version. */
export function OldVersionBanner({ view }: { view: LocaleView }) {
  const t = useT();
  if (!view.oldVersion) return null;
  return (
    <p className="fallback-notice version-banner" role="note">
      {t('version.banner', { version: view.oldVersion.label })} <a href={view.oldVersion.href} data-no-router="">{t('version.current')}</a>
    </p>
  );
}
