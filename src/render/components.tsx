import { firstLink, isGroup, type NavBadge, type NavEntry, type NavGroup, type NavLink } from '../nav.js';
import type { Header, PageOutline, PageRecord } from '../types.js';

/** Everything a page's layout shows, resolved by the render stage (of an outline: what the layout shows around the page). */
export interface PageView<P extends PageOutline = PageRecord> {
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
}

/** A link of the top navigation as the layout shows it. */
export interface TopNavLink {
  text: string;
  href: string;
  external: boolean;
  /** URL path prefix of its section ("/docs/api/"): the runtime marks the link on pages under it. */
  match?: string;
  /** "page" on the page it links to, "true" on a page of its section. */
  current?: 'page' | 'true';
}

function TopNavList({ links, className }: { links: TopNavLink[]; className: string }) {
  return (
    <ul className={className}>
      {links.map((link, i) => (
        <li key={i}>
          <a href={link.href} className={link.current ? 'active' : undefined} aria-current={link.current} data-match={link.match} {...(link.external ? { rel: 'noopener' } : {})}>
            {link.text}
          </a>
        </li>
      ))}
    </ul>
  );
}

export function TopBar({ siteTitle, homeHref, topNav = [] }: { siteTitle: string; homeHref: string; topNav?: TopNavLink[] }) {
  return (
    <header className="topbar">
      <button type="button" className="menu-button" aria-controls="sidebar" aria-expanded="false" aria-label="Open navigation">
        <svg aria-hidden="true" width="20" height="20" viewBox="0 0 20 20"><path d="M2 4h16M2 10h16M2 16h16" stroke="currentColor" strokeWidth="2" /></svg>
      </button>
      <a className="site-title" href={homeHref}>{siteTitle}</a>
      {topNav.length > 0 && (
        <nav className="top-nav" aria-label="Sections">
          <TopNavList links={topNav} className="top-nav-links" />
        </nav>
      )}
      <div className="search" data-search="">
        <button type="button" className="search-button" aria-label="Search the documentation" aria-keyshortcuts="/ Control+K Meta+K">
          <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16"><circle cx="7" cy="7" r="5" fill="none" stroke="currentColor" strokeWidth="2" /><path d="M11 11l4 4" stroke="currentColor" strokeWidth="2" /></svg>
          <span className="search-label">Search</span>
          <kbd>/</kbd>
        </button>
      </div>
      <button type="button" className="theme-toggle" aria-label="Switch to dark theme" aria-pressed="false">
        <svg aria-hidden="true" width="18" height="18" viewBox="0 0 20 20"><path d="M10 2a8 8 0 1 0 8 8 6 6 0 0 1-8-8z" fill="currentColor" /></svg>
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
      <a href={link.href} className={active ? 'active' : undefined} aria-current={active ? 'page' : undefined} {...(link.external ? { rel: 'noopener' } : {})}>
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
        <a className="nav-group-title" href={firstLink(group).href}>{group.text}<Badge badge={group.badge} /></a>
      </li>
    );
  }
  return (
    <li className="nav-group" data-group={group.id} data-expanded={top ? 'true' : undefined}>
      <details open={isOpen}>
        <summary className="nav-group-title">{group.text}<Badge badge={group.badge} /></summary>
        <ul>{group.items.map((item, i) => <Entry key={i} entry={item} top={false} open={open} current={current} />)}</ul>
      </details>
    </li>
  );
}

function Entry({ entry, top, open, current }: { entry: NavEntry; top: boolean; open: string[]; current?: string }) {
  return isGroup(entry) ? <Group group={entry} top={top} open={open} current={current} /> : <NavItem link={entry} current={current} />;
}

/** What the sidebar shows: a page's sidebar, or one group of it (expanded by the runtime). */
export interface SidebarProps {
  /** The entries of the sidebar: links and groups, nested to any depth. */
  nav: NavEntry[];
  /** Ids of the groups to show open besides those not `collapsed`: the groups holding the current page. */
  open: string[];
  /** Route of the current page: its links are marked. */
  current?: string;
  /** The path prefix of this sidebar ("/" for the whole site). */
  prefix?: string;
  /** The top navigation links, repeated at the top of the drawer (shown on phones only). */
  topNav?: TopNavLink[];
}

export function Sidebar({ nav, open, current, prefix, topNav = [] }: SidebarProps) {
  return (
    <>
      {topNav.length > 0 && <TopNavList links={topNav} className="nav-top" />}
      <ul className="nav" data-sidebar={prefix}>
        {nav.map((entry, i) => <Entry key={i} entry={entry} top open={open} current={current} />)}
      </ul>
    </>
  );
}

export function Toc({ headers }: { headers: Header[] }) {
  if (!headers.length) return null;
  const items: { h: Header; children: Header[] }[] = [];
  for (const h of headers) {
    if (h.level === 3 && items.length) items[items.length - 1].children.push(h);
    else items.push({ h, children: [] });
  }
  const link = (h: Header) => <a href={`#${h.slug}`}>{h.title}</a>;
  return (
    <>
      <p className="toc-title">On this page</p>
      <ul>
        {items.map(({ h, children }) => (
          <li key={h.slug}>
            {link(h)}
            {children.length > 0 && <ul>{children.map((c) => <li key={c.slug}>{link(c)}</li>)}</ul>}
          </li>
        ))}
      </ul>
    </>
  );
}

export function PageContent({ view }: { view: PageView }) {
  const { page, prev, next } = view;
  return (
    <>
      <article className="doc">
        <h1 id="page-title" tabIndex={-1}>{page.title}</h1>
        <div className="content" dangerouslySetInnerHTML={{ __html: page.html }} />
      </article>
      <footer className="doc-footer">
        <p className="doc-links">
          {view.editHref && <a href={view.editHref} rel="noopener">{view.editText}</a>}
          <a href={view.markdownHref} data-no-router="">View as Markdown</a>
        </p>
        {(prev || next) && (
          <nav className="prev-next" aria-label="Previous and next pages">
            {prev ? <a className="prev" rel="prev" href={prev.href}><span>Previous</span>{prev.title}</a> : <span />}
            {next && <a className="next" rel="next" href={next.href}><span>Next</span>{next.title}</a>}
          </nav>
        )}
      </footer>
    </>
  );
}

export function NotFound({ homeHref }: { homeHref: string }) {
  return (
    <article className="doc not-found">
      <h1 id="page-title" tabIndex={-1}>Page not found</h1>
      <div className="content">
        <p>There is no page at this address. It may have moved, or the link that brought you here has a typo.</p>
        <ul>
          <li><a href={homeHref}>Go to the documentation home</a></li>
          <li>Search the documentation with the search box above (press <kbd>/</kbd>).</li>
        </ul>
      </div>
    </article>
  );
}

/** The page body: the same for every page, with regions the browser runtime swaps on navigation. */
export function Body({ siteTitle, homeHref, regions, wide, topNav }: { siteTitle: string; homeHref: string; regions: { sidebar: string; content: string; toc: string }; wide?: boolean; topNav?: TopNavLink[] }) {
  return (
    <>
      <a className="skip-link" href="#main">Skip to content</a>
      <TopBar siteTitle={siteTitle} homeHref={homeHref} topNav={topNav} />
      <div className={wide ? 'layout wide' : 'layout'}>
        <nav id="sidebar" className="sidebar" aria-label="Documentation" data-region="sidebar" dangerouslySetInnerHTML={{ __html: regions.sidebar }} />
        <main id="main" tabIndex={-1} data-region="content" dangerouslySetInnerHTML={{ __html: regions.content }} />
        <aside className="toc" aria-label="On this page" data-region="toc" dangerouslySetInnerHTML={{ __html: regions.toc }} />
      </div>
      <div className="sr-only" aria-live="polite" id="announcer" />
    </>
  );
}
