import type { ReactNode } from 'react';
import type { LocaleView } from '../i18n/view.js';
import { useT } from './strings.js';

export type { LocaleView };

/** A menu of the same page elsewhere (another language, another version): a disclosure with the current one as its label. */
function PageMenu({
  label,
  className,
  icon,
  items,
}: {
  label: string;
  className: string;
  icon?: ReactNode;
  items: { key: string; href: string; label: string; current?: boolean; lang?: string; fullLoad?: boolean }[];
}) {
  return (
    <nav className={className} aria-label={label}>
      <details>
        <summary>
          {icon}
          <span>{items.find((item) => item.current)?.label}</span>
        </summary>
        <ul>
          {items.map((item) => (
            <li key={item.key}>
              <a
                href={item.href}
                hrefLang={item.lang}
                lang={item.lang}
                data-no-router={item.fullLoad ? '' : undefined}
                aria-current={item.current ? 'page' : undefined}
              >
                {item.label}
              </a>
            </li>
          ))}
        </ul>
      </details>
    </nav>
  );
}

const GLOBE = (
  <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16">
    <circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" />
    <path d="M1.5 8h13M8 1.5c-3 3.5-3 9.5 0 13M8 1.5c3 3.5 3 9.5 0 13" fill="none" stroke="currentColor" />
  </svg>
);

/** The same page in the site's other languages (a site in one language has no menu). */
export function LanguageMenu({ view }: { view: LocaleView }) {
  const t = useT();
  if (!view.languages) return null;
  return (
    <PageMenu
      label={t('language.menu')}
      className="language-menu"
      icon={GLOBE}
      items={view.languages.map((l) => ({ ...l, key: l.lang }))}
    />
  );
}

/** Says that the page is the original's text, not yet translated. */
export function FallbackNotice({ view }: { view: LocaleView }) {
  const t = useT();
  if (!view.fallback) return null;
  return (
    <p className="fallback-notice" role="note">
      {t('language.fallback', { language: view.fallback.language, original: view.fallback.original })}
    </p>
  );
}

/** The same page in each version of a versioned site (styled as the language menu); a full load, for the version's search index. */
export function VersionMenu({ view }: { view: LocaleView }) {
  const t = useT();
  if (!view.versions) return null;
  return (
    <PageMenu
      label={t('version.menu')}
      className="language-menu version-menu"
      items={view.versions.map((v) => ({ ...v, key: v.label, fullLoad: true }))}
    />
  );
}

/** On a page of an older version: which version it is, and the page in the current version. */
export function OldVersionBanner({ view }: { view: LocaleView }) {
  const t = useT();
  if (!view.oldVersion) return null;
  return (
    <p className="fallback-notice version-banner" role="note">
      {t('version.banner', { version: view.oldVersion.label })}{' '}
      <a href={view.oldVersion.href} data-no-router="">
        {t('version.current')}
      </a>
    </p>
  );
}
