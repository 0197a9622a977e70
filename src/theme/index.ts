/**
 * The types a project's layout overrides use (`theme/Footer.tsx`): each part's props, and
 * `WithDefault<P>`, the props plus the default component it replaces. See README, Layout overrides.
 */
export type {
  BannerProps,
  FooterProps,
  LastUpdatedProps,
  LinkView,
  LogoView,
  Override,
  PageTitleProps,
  PartName,
  PartProps,
  SiteTitleProps,
  SocialLinksProps,
  SocialLinkView,
  WithDefault,
} from '../render/parts.js';
export type { PageView } from '../render/components.js';
export type { SocialCardProps, CardColors } from '../render/social-card.js';
export type { CardTextProps } from '../render/card-text.js';

/**
 * The default components of the parts that take no site-wide state, to wrap or compose in an override
 * (`<Footer {...props} />`). Every override also receives its own part's default as `props.Default`, which is
 * the one to use for the others (TopBar, Sidebar, Toc, NotFound): they read the page's language from the
 * renderer, which a copy imported from here does not share.
 */
export { Banner, Footer, LastUpdated, PageTitle, SiteTitle, SocialLinks } from '../render/theme.js';

import type { PartProps } from '../render/parts.js';
export type TopBarProps = PartProps['TopBar'];
export type SidebarProps = PartProps['Sidebar'];
export type TocProps = PartProps['Toc'];
export type NotFoundProps = PartProps['NotFound'];
