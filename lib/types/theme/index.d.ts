/**
 * The types a project's layout overrides use (`theme/Footer.tsx`): each part's props, and
 * `WithDefault<P>`, the props plus the default component it replaces. See README, Layout overrides.
 */
export type { BannerProps, FooterProps, LastUpdatedProps, LinkView, LogoView, Override, PageTitleProps, PartName, PartProps, SiteTitleProps, SocialLinksProps, SocialLinkView, WithDefault, } from '../render/parts.js';
export type { PageView } from '../render/components.js';
import type { PartProps } from '../render/parts.js';
export type TopBarProps = PartProps['TopBar'];
export type SidebarProps = PartProps['Sidebar'];
export type TocProps = PartProps['Toc'];
export type NotFoundProps = PartProps['NotFound'];
