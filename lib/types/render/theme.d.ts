import type { BannerProps, FooterProps, LastUpdatedProps, PageTitleProps, SiteTitleProps, SocialLinksProps } from './parts.js';
/** The default components of the theme's parts (src/render/parts.tsx); the layout's others are in components.tsx. */
/** Hidden before first paint once dismissed: the head script sets `banner-hidden` (src/theme/head.ts). */
export declare function Banner({ id, text, link }: BannerProps): import("react").JSX.Element;
export declare function SiteTitle({ siteTitle, homeHref, logo }: SiteTitleProps): import("react").JSX.Element;
export declare function SocialLinks({ links }: SocialLinksProps): import("react").JSX.Element | null;
export declare function PageTitle({ title }: PageTitleProps): import("react").JSX.Element;
export declare function LastUpdated({ date, lang, label }: LastUpdatedProps): import("react").JSX.Element;
export declare function Footer({ text, links }: FooterProps): import("react").JSX.Element | null;
