import { firstLink, isGroup, type NavBadge, type NavEntry, type NavGroup, type NavLink } from '../model/nav.js';
import type { Header, PageOutline, PageRecord } from '../model/page.js';
import {
  Part,
  type BannerProps,
  type FooterProps,
  type LogoView,
  type NotFoundProps,
  type SidebarProps,
  type SocialLinkView,
  type TocProps,
  type TopBarProps,
  type TopNavLink,
} from './parts.js';
import { Banner, Footer, LastUpdated, PageTitle, SiteTitle, SocialLinks } from './theme.js';
import { LanguageMenu, FallbackNotice, OldVersionBanner, VersionMenu, type LocaleView } from './locale.js';
import { useT } from './strings.js';

/** Everything a page's layout shows, resolved by the render stage (of an outline: what the layout shows around the page). */
export interface PageView<P extends PageOutline = PageRecord> extends LocaleView {
  siteTitle: string;
  homeHref: string;
  base: string;
  page: P;
  /** The entries of the sidebar this page shows (chosen by its route). */
  nav: NavEntry[];
  /** The path prefix of that sidebar ("/" for the whole site). */
  sidebar: string;
  /** Index of the top-level group holding this page (in every sidebar's entries together); -1 for none. */
  group: number;
  /** Ids of the groups holding this page, outermost first: open on it. */
  open: string[];
  /** The top navigation links, the current one marked. */
  topNav: TopNavLink[];
  prev?: { title: string; href: string };
  next?: { title: string; href: string };
  editHref?: string;
  editText?: string;
  markdownHref: string;
  /** ISO date of the page's last commit ("Last updated"), when shown, and the site's language to write it in. */
  lastUpdated?: string;
  lang: string;
}

function TopNavList({ links, className }: { links: TopNavLink[]; className: string }) {
  return (
    <ul className={className}>
      {links.map((link, i) => (
        <li key={i}>
          <a
            href={link.href}
            className={link.current ? 'active' : undefined}
            aria-current={link.current}
            data-match={link.match}
            {...(link.external ? { rel: 'noopener' } : {})}
          >
            {link.text}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The site-wide parts of the theme in the page shell (src/render/theme.tsx). */
export interface ShellTheme {
  banner?: BannerProps;
  logo?: LogoView;
  social: SocialLinkView[];
  footer: FooterProps;
}

export function TopBar({ siteTitle, homeHref, logo, social = [], topNav = [] }: TopBarProps) {
  const t = useT();
  return (
    <header className="topbar">
      <button
        type="button"
        className="menu-button"
        aria-controls="sidebar"
        aria-expanded="false"
        aria-label={t('drawer.open')}
      >
        <svg aria-hidden="true" width="20" height="20" viewBox="0 0 20 20">
          <path d="M2 4h16M2 10h16M2 16h16" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
      <Part name="SiteTitle" Default={SiteTitle} props={{ siteTitle, homeHref, logo }} />
      {topNav.length > 0 && (
        <nav className="top-nav" aria-label="Sections">
          <TopNavList links={topNav} className="top-nav-links" />
        </nav>
      )}
      <div className="search" data-search="">
        <button
          type="button"
          className="search-button"
          aria-label={t('search.label')}
          aria-keyshortcuts="/ Control+K Meta+K"
        >
          <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16">
            <circle cx="7" cy="7" r="5" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M11 11l4 4" stroke="currentColor" strokeWidth="2" />
          </svg>
          <span className="search-label">{t('search.button')}</span>
          <kbd>/</kbd>
        </button>
      </div>
      <Part name="SocialLinks" Default={SocialLinks} props={{ links: social }} />
      <button type="button" className="theme-toggle" aria-label={t('theme.toDark')} aria-pressed="false">
        <svg aria-hidden="true" width="18" height="18" viewBox="0 0 20 20">
          <path d="M10 2a8 8 0 1 0 8 8 6 6 0 0 1-8-8z" fill="currentColor" />
        </svg>
      </button>
    </header>
  );
}

function Badge({ badge }: { badge?: NavBadge }) {
  return badge ? <span className={`badge badge-${badge.variant}`}>{badge.text}</span> : null;
}

function NavItem({ link, current }: { link: NavLink; current?: string }) {
  const active = link.route !== undefined && link.route === current;
  return (
    <li>
      <a
        href={link.href}
        className={active ? 'active' : undefined}
        aria-current={active ? 'page' : undefined}
        {...(link.external ? { rel: 'noopener' } : {})}
      >
        {link.text}
        <Badge badge={link.badge} />
      </a>
    </li>
  );
}

/**
 * A group is a `<details>` (it opens and closes without JavaScript), open when it holds the current
 * page or is not `collapsed`. A closed top-level group shows only its title, linking to its first
 * page, so a page's size does not grow with the site: the browser runtime expands it in place.
 */
function Group({ group, top, open, current }: { group: NavGroup; top: boolean; open: string[]; current?: string }) {
  const isOpen = !group.collapsed || open.includes(group.id);
  if (top && !isOpen) {
    return (
      <li className="nav-group" data-group={group.id} data-expanded="false">
        <a className="nav-group-title" href={firstLink(group).href}>
          {group.text}
          <Badge badge={group.badge} />
        </a>
      </li>
    );
  }
  return (
    <li className="nav-group" data-group={group.id} data-expanded={top ? 'true' : undefined}>
      <details open={isOpen}>
        <summary className="nav-group-title">
          {group.text}
          <Badge badge={group.badge} />
        </summary>
        <ul>
          {group.items.map((item, i) => (
            <Entry key={i} entry={item} top={false} open={open} current={current} />
          ))}
        </ul>
      </details>
    </li>
  );
}

function Entry({ entry, top, open, current }: { entry: NavEntry; top: boolean; open: string[]; current?: string }) {
  return isGroup(entry) ? (
    <Group group={entry} top={top} open={open} current={current} />
  ) : (
    <NavItem link={entry} current={current} />
  );
}

export function Sidebar({ nav, open, current, prefix, topNav = [] }: SidebarProps) {
  return (
    <>
      {topNav.length > 0 && <TopNavList links={topNav} className="nav-top" />}
      <ul className="nav" data-sidebar={prefix}>
        {nav.map((entry, i) => (
          <Entry key={i} entry={entry} top open={open} current={current} />
        ))}
      </ul>
    </>
  );
}

export function Toc({ headers }: TocProps) {
  const t = useT();
  if (!headers.length) return null;
  const items: { h: Header; children: Header[] }[] = [];
  for (const h of headers) {
    if (h.level === 3 && items.length) items[items.length - 1].children.push(h);
    else items.push({ h, children: [] });
  }
  const link = (h: Header) => <a href={`#${h.slug}`}>{h.title}</a>;
  return (
    <>
      <p className="toc-title">{t('toc.title')}</p>
      <ul>
        {items.map(({ h, children }) => (
          <li key={h.slug}>
            {link(h)}
            {children.length > 0 && (
              <ul>
                {children.map((c) => (
                  <li key={c.slug}>{link(c)}</li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

export function PageContent({ view, after }: { view: PageView; after?: React.ReactNode }) {
  const { page, prev, next } = view;
  const t = useT();
  return (
    <>
      <article className="doc">
        <LanguageMenu view={view} />
        <VersionMenu view={view} />
        <Part name="PageTitle" Default={PageTitle} props={{ title: page.title, page }} />
        {page.frontmatter.hero && <Hero hero={page.frontmatter.hero} base={view.base} />}
        <FallbackNotice view={view} />
        <OldVersionBanner view={view} />
        <div
          className="content"
          lang={view.fallback?.lang}
          dir={view.fallback?.dir}
          dangerouslySetInnerHTML={{ __html: page.html }}
        />
      </article>
      {after}
      <footer className="doc-footer">
        <p className="doc-links">
          {view.editHref && (
            <a href={view.editHref} rel="noopener">
              {view.editText}
            </a>
          )}
          <a href={view.markdownHref} data-no-router="">
            {t('page.markdown')}
          </a>
          {view.lastUpdated && (
            <Part
              name="LastUpdated"
              Default={LastUpdated}
              props={{ date: view.lastUpdated, lang: view.lang, label: t('page.updated') }}
            />
          )}
        </p>
        {(prev || next) && (
          <nav className="prev-next" aria-label={t('page.prevNext')}>
            {prev ? (
              <a className="prev" rel="prev" href={prev.href}>
                <span>{t('page.prev')}</span>
                {prev.title}
              </a>
            ) : (
              <span />
            )}
            {next && (
              <a className="next" rel="next" href={next.href}>
                <span>{t('page.next')}</span>
                {next.title}
              </a>
            )}
          </nav>
        )}
      </footer>
    </>
  );
}

/** A page's `hero` (Starlight's splash pages): a tagline and its action links, under the title. */
function Hero({ hero, base }: { hero: NonNullable<PageRecord['frontmatter']['hero']>; base: string }) {
  const href = (link: string) => (link.startsWith('/') && !link.startsWith('//') ? base + link.slice(1) : link);
  return (
    <div className="hero">
      {hero.tagline && <p className="hero-tagline">{hero.tagline}</p>}
      {hero.actions?.length ? (
        <p className="hero-actions">
          {hero.actions.map((action) => (
            <a
              key={action.link}
              className={`hero-action ${action.variant === 'minimal' || action.variant === 'secondary' ? 'secondary' : 'primary'}`}
              href={href(action.link)}
            >
              {action.text}
            </a>
          ))}
        </p>
      ) : null}
    </div>
  );
}

export function NotFound({ homeHref }: NotFoundProps) {
  const t = useT();
  const [before, after] = t('notFound.search').split('{key}');
  return (
    <article className="doc not-found">
      <h1 id="page-title" tabIndex={-1}>
        {t('notFound.title')}
      </h1>
      <div className="content">
        <p>{t('notFound.text')}</p>
        <ul>
          <li>
            <a href={homeHref}>{t('notFound.home')}</a>
          </li>
          <li>
            {before}
            <kbd>/</kbd>
            {after}
          </li>
        </ul>
      </div>
    </article>
  );
}

/** The page body: the same for every page, with regions the browser runtime swaps on navigation. */
export function Body({
  siteTitle,
  homeHref,
  regions,
  wide,
  theme,
  topNav,
}: {
  siteTitle: string;
  homeHref: string;
  regions: { sidebar: string; content: string; toc: string };
  wide?: boolean;
  theme?: ShellTheme;
  topNav?: TopNavLink[];
}) {
  const t = useT();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('skip')}
      </a>
      {theme?.banner && <Part name="Banner" Default={Banner} props={theme.banner} />}
      <Part
        name="TopBar"
        Default={TopBar}
        props={{ siteTitle, homeHref, logo: theme?.logo, social: theme?.social, topNav }}
      />
      <div className={wide ? 'layout wide' : 'layout'}>
        <nav
          id="sidebar"
          className="sidebar"
          aria-label={t('sidebar.label')}
          data-region="sidebar"
          dangerouslySetInnerHTML={{ __html: regions.sidebar }}
        />
        <main id="main" tabIndex={-1} data-region="content" dangerouslySetInnerHTML={{ __html: regions.content }} />
        <aside
          className="toc"
          aria-label={t('toc.title')}
          data-region="toc"
          dangerouslySetInnerHTML={{ __html: regions.toc }}
        />
      </div>
      <Part name="Footer" Default={Footer} props={theme?.footer ?? { links: [] }} />
      <div className="sr-only" aria-live="polite" id="announcer" />
    </>
  );
}
