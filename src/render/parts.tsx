import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import type { Header, PageRecord } from '../model/page.js';
import type { NavEntry } from '../model/nav.js';
import type { SocialCardProps } from './social-card.js';
import type { PartName } from '../theme/part-names.js';

export type { PartName } from '../theme/part-names.js';

/** A link as the layout renders it: `href` is a full URL (the base applied to the site's routes). */
export interface LinkView {
  text: string;
  href: string;
}

export interface BannerProps {
  /** The announcement's id: a dismissal is remembered per id. */
  id: string;
  text: string;
  link?: LinkView;
}

export interface LogoView {
  src: string;
  width: number;
  height: number;
  /** The image shown with the dark theme. */
  dark?: { src: string; width: number; height: number };
  alt: string;
  replacesTitle: boolean;
}

export interface SiteTitleProps {
  siteTitle: string;
  homeHref: string;
  logo?: LogoView;
}

export interface SocialLinkView {
  href: string;
  /** The accessible name ("GitHub"). */
  label: string;
  /** The Simple Icons slug ("github") and its SVG markup. */
  icon: string;
  svg: string;
}

export interface SocialLinksProps {
  links: SocialLinkView[];
}

export interface PageTitleProps {
  title: string;
  page: PageRecord;
}

export interface LastUpdatedProps {
  /** ISO date of the page's last commit ("2026-11-24"). */
  date: string;
  /** The site's language, for formatting the date. */
  lang: string;
  /** The words before the date, in the page's language ("Last updated"). */
  label?: string;
}

export interface FooterProps {
  text?: string;
  links: LinkView[];
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

export interface TopBarProps {
  siteTitle: string;
  homeHref: string;
  logo?: LogoView;
  social?: SocialLinkView[];
  topNav?: TopNavLink[];
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

export interface TocProps {
  headers: Header[];
}

export interface NotFoundProps {
  homeHref: string;
}

/** The props of each part. */
export interface PartProps {
  Banner: BannerProps;
  TopBar: TopBarProps;
  SiteTitle: SiteTitleProps;
  SocialLinks: SocialLinksProps;
  Sidebar: SidebarProps;
  PageTitle: PageTitleProps;
  LastUpdated: LastUpdatedProps;
  Toc: TocProps;
  Footer: FooterProps;
  NotFound: NotFoundProps;
  /** Not part of the page: the SVG of its social card (src/render/social-card.tsx), rendered to PNG. */
  SocialCard: SocialCardProps;
}

/** What an override receives: the part's props and the component it replaces. */
export type WithDefault<P> = P & { Default: ComponentType<P> };

/** An override of a part, as the default export of `theme/<Part>.tsx`. */
export type Override<N extends PartName> = ComponentType<WithDefault<PartProps[N]>>;

export type Overrides = { [N in PartName]?: Override<N> };

const OverridesContext = createContext<Overrides>({});

/** Gives the parts rendered inside it the project's overrides. */
export function WithOverrides({ overrides, children }: { overrides: Overrides; children: ReactNode }) {
  return <OverridesContext.Provider value={overrides}>{children}</OverridesContext.Provider>;
}

/** Renders the part `name`: the project's override when it has one, else `Default`. */
export function Part<N extends PartName>({
  name,
  Default,
  props,
}: {
  name: N;
  Default: ComponentType<PartProps[N]>;
  props: PartProps[N];
}) {
  // Typed by the signature above; TypeScript cannot spread a generic indexed type into JSX.
  const Replacement = useContext(OverridesContext)[name] as ComponentType<Record<string, unknown>> | undefined;
  const Own = Default as unknown as ComponentType<Record<string, unknown>>;
  return Replacement ? <Replacement {...props} Default={Default} /> : <Own {...props} />;
}
