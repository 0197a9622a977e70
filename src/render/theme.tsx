import type {
  BannerProps,
  FooterProps,
  LastUpdatedProps,
  PageTitleProps,
  SiteTitleProps,
  SocialLinksProps,
} from './parts.js';

/** The default components of the theme's parts (src/render/parts.tsx); the layout's others are in components.tsx. */

/** Hidden before first paint once dismissed: the head script sets `banner-hidden` (src/theme/head.ts). */
export function Banner({ id, text, link }: BannerProps) {
  return (
    <section className="banner" aria-label="Announcement" data-banner={id}>
      <p>
        {text}
        {link && (
          <>
            {' '}
            <a href={link.href}>{link.text}</a>
          </>
        )}
      </p>
      <button type="button" className="banner-close" aria-label="Dismiss the announcement">
        <svg aria-hidden="true" width="14" height="14" viewBox="0 0 14 14">
          <path d="M2 2l10 10M12 2L2 12" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
    </section>
  );
}

export function SiteTitle({ siteTitle, homeHref, logo }: SiteTitleProps) {
  if (!logo)
    return (
      <a className="site-title" href={homeHref}>
        {siteTitle}
      </a>
    );
  // Beside the title the logo is decoration; alone, it is the link's name.
  const alt = logo.replacesTitle ? logo.alt : '';
  // Lazy: the image of the other theme is hidden and never loads (and React adds no preload link for a lazy image).
  return (
    <a className="site-title" href={homeHref}>
      <img
        className={logo.dark ? 'logo logo-light' : 'logo'}
        src={logo.src}
        width={logo.width}
        height={logo.height}
        alt={alt}
        loading="lazy"
      />
      {logo.dark && (
        <img
          className="logo logo-dark"
          src={logo.dark.src}
          width={logo.dark.width}
          height={logo.dark.height}
          alt={alt}
          loading="lazy"
        />
      )}
      {!logo.replacesTitle && <span>{siteTitle}</span>}
    </a>
  );
}

export function SocialLinks({ links }: SocialLinksProps) {
  if (!links.length) return null;
  return (
    <ul className="social">
      {links.map((l) => (
        <li key={l.href}>
          <a
            href={l.href}
            rel="noopener"
            aria-label={l.label}
            title={l.label}
            dangerouslySetInnerHTML={{ __html: l.svg }}
          />
        </li>
      ))}
    </ul>
  );
}

export function PageTitle({ title }: PageTitleProps) {
  return (
    <h1 id="page-title" tabIndex={-1}>
      {title}
    </h1>
  );
}

/** One formatter a language: making one costs more than rendering the rest of a page's footer. */
const formats = new Map<string, Intl.DateTimeFormat>();
/** Each date as shown, by language and date: most pages of a site share a few dates, and formatting one is ICU's work. */
const shownDates = new Map<string, string>();

export function LastUpdated({ date, lang, label = 'Last updated' }: LastUpdatedProps) {
  const key = `${lang}\0${date}`;
  let shown = shownDates.get(key);
  if (shown === undefined) {
    let format = formats.get(lang);
    if (!format) formats.set(lang, (format = new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' })));
    shown = format.format(new Date(`${date}T00:00:00Z`));
    shownDates.set(key, shown);
  }
  return (
    <span className="last-updated">
      {`${label} `}
      <time dateTime={date}>{shown}</time>
    </span>
  );
}

export function Footer({ text, links }: FooterProps) {
  if (!text && !links.length) return null;
  return (
    <footer className="site-footer">
      {links.length > 0 && (
        <nav aria-label="Footer">
          <ul>
            {links.map((l) => (
              <li key={l.href}>
                <a href={l.href}>{l.text}</a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {text && <p>{text}</p>}
    </footer>
  );
}
