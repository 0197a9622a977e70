import { type ComponentProps, type ComponentType, type ReactNode } from 'react';
import type { NotFound, Sidebar, Toc, TopBar } from './components.js';
import type { PageRecord } from '../model/page.js';
/**
 * The named parts of the layout a project may replace with its own component (a file of its theme
 * folder, `theme/Footer.tsx`). Each part is rendered through `Part`, which looks the name up: the
 * override gets the part's props and the default component as `Default`, so it may wrap it.
 */
export declare const PART_NAMES: readonly ['Banner', 'TopBar', 'SiteTitle', 'SocialLinks', 'Sidebar', 'PageTitle', 'LastUpdated', 'Toc', 'Footer', 'NotFound'];
export type PartName = (typeof PART_NAMES)[number];
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
    dark?: {
        src: string;
        width: number;
        height: number;
    };
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
/** The props of each part. */
export interface PartProps {
    Banner: BannerProps;
    TopBar: ComponentProps<typeof TopBar>;
    SiteTitle: SiteTitleProps;
    SocialLinks: SocialLinksProps;
    Sidebar: ComponentProps<typeof Sidebar>;
    PageTitle: PageTitleProps;
    LastUpdated: LastUpdatedProps;
    Toc: ComponentProps<typeof Toc>;
    Footer: FooterProps;
    NotFound: ComponentProps<typeof NotFound>;
}
/** What an override receives: the part's props and the component it replaces. */
export type WithDefault<P> = P & {
    Default: ComponentType<P>;
};
/** An override of a part, as the default export of `theme/<Part>.tsx`. */
export type Override<N extends PartName> = ComponentType<WithDefault<PartProps[N]>>;
export type Overrides = {
    [N in PartName]?: Override<N>;
};
/** Gives the parts rendered inside it the project's overrides. */
export declare function WithOverrides({ overrides, children }: {
    overrides: Overrides;
    children: ReactNode;
}): import("react").JSX.Element;
/** Renders the part `name`: the project's override when it has one, else `Default`. */
export declare function Part<N extends PartName>({ name, Default, props, }: {
    name: N;
    Default: ComponentType<PartProps[N]>;
    props: PartProps[N];
}): import("react").JSX.Element;
