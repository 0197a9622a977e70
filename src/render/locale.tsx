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
