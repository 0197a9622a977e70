import { z } from 'zod';
/**
 * The theme options of `docs.config.ts`: what a team changes to make the site its own without a
 * fork (head tags, stylesheets, logo, social links, footer, banner, "Last updated") and the folder
 * of layout overrides. Validated here and resolved into `ResolvedConfig.theme`.
 */
/** A link of the footer: a route of the site ("/support/") or a URL. */
declare const themeLink: z.ZodObject<{
    text: z.ZodString;
    link: z.ZodString;
}, z.core.$strict>;
declare const headTag: z.ZodObject<{
    tag: z.ZodEnum<{
        link: "link";
        meta: "meta";
        script: "script";
    }>;
    attrs: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnion<readonly [z.ZodString, z.ZodBoolean]>>>;
    content: z.ZodOptional<z.ZodString>;
}, z.core.$strict>;
export declare const themeOptions: {
    /** Tags added to the head of every page, after the generator's: `{ tag: 'meta', attrs: { name: 'x', content: 'y' } }`. */
    head: z.ZodOptional<z.ZodArray<z.ZodObject<{
        tag: z.ZodEnum<{
            link: "link";
            meta: "meta";
            script: "script";
        }>;
        attrs: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnion<readonly [z.ZodString, z.ZodBoolean]>>>;
        content: z.ZodOptional<z.ZodString>;
    }, z.core.$strict>>>;
    /** Stylesheets of the project (relative to the root), bundled into one hashed file linked after the site's own. */
    customCss: z.ZodOptional<z.ZodArray<z.ZodString>>;
    /** An image in the top bar beside (or instead of) the site title; `dark` is shown with the dark theme. Paths relative to the root. */
    logo: z.ZodOptional<z.ZodObject<{
        src: z.ZodString;
        dark: z.ZodOptional<z.ZodString>;
        alt: z.ZodOptional<z.ZodString>;
        replacesTitle: z.ZodOptional<z.ZodBoolean>;
    }, z.core.$strict>>;
    /** Icon links in the top bar. `icon` is a Simple Icons slug ("github", "discord", "mastodon"); `label` defaults to the brand's name. */
    social: z.ZodOptional<z.ZodArray<z.ZodObject<{
        icon: z.ZodString;
        link: z.ZodString;
        label: z.ZodOptional<z.ZodString>;
    }, z.core.$strict>>>;
    /** The footer of every page: a line of text and links. */
    footer: z.ZodOptional<z.ZodObject<{
        text: z.ZodOptional<z.ZodString>;
        links: z.ZodOptional<z.ZodArray<z.ZodObject<{
            text: z.ZodString;
            link: z.ZodString;
        }, z.core.$strict>>>;
    }, z.core.$strict>>;
    /**
     * An announcement above the top bar. A reader who dismisses it does not see it again until the
     * `id` changes (remembered in the browser's localStorage).
     */
    banner: z.ZodOptional<z.ZodObject<{
        id: z.ZodString;
        text: z.ZodString;
        link: z.ZodOptional<z.ZodObject<{
            text: z.ZodString;
            link: z.ZodString;
        }, z.core.$strict>>;
    }, z.core.$strict>>;
    /** "Last updated" on each page, from the date of the last git commit of its file. @default true */
    lastUpdated: z.ZodOptional<z.ZodBoolean>;
    /** The folder of layout overrides: `<folder>/Footer.tsx` replaces the footer (see README, Layout overrides). @default "theme" */
    themeDir: z.ZodOptional<z.ZodString>;
};
type ThemeInput = {
    [K in keyof typeof themeOptions]?: z.infer<(typeof themeOptions)[K]>;
};
export type HeadTag = z.infer<typeof headTag>;
export type ThemeLink = z.infer<typeof themeLink>;
export interface ResolvedTheme {
    head: HeadTag[];
    /** Absolute paths. */
    customCss: string[];
    logo?: {
        src: string;
        dark?: string;
        alt?: string;
        replacesTitle: boolean;
    };
    social: {
        icon: string;
        link: string;
        label?: string;
    }[];
    footer?: {
        text?: string;
        links: ThemeLink[];
    };
    banner?: {
        id: string;
        text: string;
        link?: ThemeLink;
    };
    lastUpdated: boolean;
    /** The folder of layout overrides (absolute), whether it exists or not. */
    themeDir: string;
    /** The override folder's components, bundled: the code every thread runs, and the parts it replaces. */
    overrides?: {
        dir: string;
        code: string;
        parts: string[];
        hash: string;
    };
}
/** Checks that the files the theme names exist and bundles the overrides: a problem fails the build before anything is rendered. */
export declare function resolveTheme(c: ThemeInput, root: string, configFile: string): ResolvedTheme;
/** The SVG file of a Simple Icons slug, or undefined. */
export declare function iconFile(slug: string): string | undefined;
export {};
