import { z } from 'zod';
import { badgeSchema } from '../content/frontmatter.js';
import { type MarkdownLimits } from '../markdown/limits.js';
import { type ResolvedTheme } from '../theme/config.js';
import { type ResolvedLocale } from '../i18n/locales.js';
import { type ResolvedVersion } from '../versions/config.js';
import type { EditFolder } from '../versions/paths.js';
import { type MarkdownPluginEntry, type Plugin } from '../plugins/index.js';
export type * from '../plugins/types.js';
export { BuildError } from '../model/errors.js';
declare const sidebarLink: z.ZodObject<{
    text: z.ZodString;
    link: z.ZodString;
    badge: z.ZodOptional<z.ZodUnion<readonly [z.ZodString, z.ZodObject<{
        text: z.ZodString;
        variant: z.ZodOptional<z.ZodEnum<{
            beta: "beta";
            deprecated: "deprecated";
            new: "new";
            note: "note";
        }>>;
    }, z.core.$strict>]>>;
}, z.core.$strict>;
/** A group of items, which may hold groups of its own (any depth). */
declare const sidebarGroup: z.ZodObject<{
    text: z.ZodString;
    items: z.ZodArray<z.ZodUnion<readonly [z.ZodString, z.ZodObject<{
        text: z.ZodString;
        link: z.ZodString;
        badge: z.ZodOptional<z.ZodUnion<readonly [z.ZodString, z.ZodObject<{
            text: z.ZodString;
            variant: z.ZodOptional<z.ZodEnum<{
                beta: "beta";
                deprecated: "deprecated";
                new: "new";
                note: "note";
            }>>;
        }, z.core.$strict>]>>;
    }, z.core.$strict>, z.ZodObject</*elided*/ any, z.core.$strict>]>>;
    collapsed: z.ZodOptional<z.ZodBoolean>;
    badge: z.ZodOptional<z.ZodUnion<readonly [z.ZodString, z.ZodObject<{
        text: z.ZodString;
        variant: z.ZodOptional<z.ZodEnum<{
            beta: "beta";
            deprecated: "deprecated";
            new: "new";
            note: "note";
        }>>;
    }, z.core.$strict>]>>;
}, z.core.$strict>;
declare const sidebarItems: z.ZodArray<z.ZodUnion<readonly [z.ZodString, z.ZodObject<{
    text: z.ZodString;
    items: z.ZodArray<z.ZodUnion<readonly [z.ZodString, z.ZodObject<{
        text: z.ZodString;
        link: z.ZodString;
        badge: z.ZodOptional<z.ZodUnion<readonly [z.ZodString, z.ZodObject<{
            text: z.ZodString;
            variant: z.ZodOptional<z.ZodEnum<{
                beta: "beta";
                deprecated: "deprecated";
                new: "new";
                note: "note";
            }>>;
        }, z.core.$strict>]>>;
    }, z.core.$strict>, z.ZodObject</*elided*/ any, z.core.$strict>]>>;
    collapsed: z.ZodOptional<z.ZodBoolean>;
    badge: z.ZodOptional<z.ZodUnion<readonly [z.ZodString, z.ZodObject<{
        text: z.ZodString;
        variant: z.ZodOptional<z.ZodEnum<{
            beta: "beta";
            deprecated: "deprecated";
            new: "new";
            note: "note";
        }>>;
    }, z.core.$strict>]>>;
}, z.core.$strict>, z.ZodObject<{
    text: z.ZodString;
    link: z.ZodString;
    badge: z.ZodOptional<z.ZodUnion<readonly [z.ZodString, z.ZodObject<{
        text: z.ZodString;
        variant: z.ZodOptional<z.ZodEnum<{
            beta: "beta";
            deprecated: "deprecated";
            new: "new";
            note: "note";
        }>>;
    }, z.core.$strict>]>>;
}, z.core.$strict>]>>;
/** A link in the top bar (on phones, at the top of the navigation drawer). */
declare const topNavLink: z.ZodObject<{
    text: z.ZodString;
    link: z.ZodString;
    match: z.ZodOptional<z.ZodString>;
}, z.core.$strict>;
declare const redirect: z.ZodObject<{
    from: z.ZodString;
    to: z.ZodString;
    exact: z.ZodOptional<z.ZodBoolean>;
}, z.core.$strict>;
/** What a check that a team may reasonably not want as a failure does: fail the build, print a warning, or nothing. */
declare const severity: z.ZodEnum<{
    error: "error";
    off: "off";
    warning: "warning";
}>;
export type Severity = z.infer<typeof severity>;
declare const userConfigSchema: z.ZodObject<{
    head: z.ZodOptional<z.ZodArray<z.ZodObject<{
        tag: z.ZodEnum<{
            link: "link";
            meta: "meta";
            script: "script";
        }>;
        attrs: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnion<readonly [z.ZodString, z.ZodBoolean]>>>;
        content: z.ZodOptional<z.ZodString>;
    }, z.core.$strict>>>;
    customCss: z.ZodOptional<z.ZodArray<z.ZodString>>;
    logo: z.ZodOptional<z.ZodObject<{
        src: z.ZodString;
        dark: z.ZodOptional<z.ZodString>;
        alt: z.ZodOptional<z.ZodString>;
        replacesTitle: z.ZodOptional<z.ZodBoolean>;
    }, z.core.$strict>>;
    social: z.ZodOptional<z.ZodArray<z.ZodObject<{
        icon: z.ZodString;
        link: z.ZodString;
        label: z.ZodOptional<z.ZodString>;
    }, z.core.$strict>>>;
    footer: z.ZodOptional<z.ZodObject<{
        text: z.ZodOptional<z.ZodString>;
        links: z.ZodOptional<z.ZodArray<z.ZodObject<{
            text: z.ZodString;
            link: z.ZodString;
        }, z.core.$strict>>>;
    }, z.core.$strict>>;
    banner: z.ZodOptional<z.ZodObject<{
        id: z.ZodString;
        text: z.ZodString;
        link: z.ZodOptional<z.ZodObject<{
            text: z.ZodString;
            link: z.ZodString;
        }, z.core.$strict>>;
    }, z.core.$strict>>;
    lastUpdated: z.ZodOptional<z.ZodBoolean>;
    themeDir: z.ZodOptional<z.ZodString>;
    title: z.ZodOptional<z.ZodString>;
    description: z.ZodOptional<z.ZodString>;
    base: z.ZodOptional<z.ZodString>;
    lang: z.ZodOptional<z.ZodString>;
    locales: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodObject<{
        label: z.ZodString;
        lang: z.ZodOptional<z.ZodString>;
        dir: z.ZodOptional<z.ZodEnum<{
            ltr: "ltr";
            rtl: "rtl";
        }>>;
        strings: z.ZodOptional<z.ZodRecord<z.ZodEnum<{
            [x: string]: string;
        }> & z.core.$partial, z.ZodString>>;
        sidebarLabels: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodString>>;
    }, z.core.$strict>>>;
    versions: z.ZodOptional<z.ZodObject<{
        current: z.ZodObject<{
            name: z.ZodString;
            label: z.ZodOptional<z.ZodString>;
        }, z.core.$strict>;
        older: z.ZodOptional<z.ZodArray<z.ZodUnion<readonly [z.ZodString, z.ZodObject<{
            name: z.ZodString;
            label: z.ZodString;
        }, z.core.$strict>]>>>;
        next: z.ZodOptional<z.ZodObject<{
            label: z.ZodOptional<z.ZodString>;
        }, z.core.$strict>>;
    }, z.core.$strict>>;
    contentDir: z.ZodOptional<z.ZodString>;
    outDir: z.ZodOptional<z.ZodString>;
    siteUrl: z.ZodOptional<z.ZodString>;
    product: z.ZodOptional<z.ZodObject<{
        name: z.ZodString;
        slug: z.ZodString;
        siteUrl: z.ZodString;
    }, z.core.$strict>>;
    openapi: z.ZodOptional<z.ZodObject<{
        apiKeyVariable: z.ZodOptional<z.ZodString>;
    }, z.core.$strict>>;
    editLink: z.ZodOptional<z.ZodObject<{
        pattern: z.ZodString;
        text: z.ZodOptional<z.ZodString>;
    }, z.core.$strict>>;
    constants: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnion<readonly [z.ZodString, z.ZodNumber]>>>;
    analytics: z.ZodOptional<z.ZodObject<{
        containerId: z.ZodOptional<z.ZodString>;
    }, z.core.$strict>>;
    runtime: z.ZodOptional<z.ZodObject<{
        pageTimeoutMs: z.ZodOptional<z.ZodNumber>;
        scrollThrottleMs: z.ZodOptional<z.ZodNumber>;
        activeHeadingOffsetPx: z.ZodOptional<z.ZodNumber>;
        progress: z.ZodOptional<z.ZodObject<{
            minimum: z.ZodOptional<z.ZodNumber>;
            speedMs: z.ZodOptional<z.ZodNumber>;
            trickleRate: z.ZodOptional<z.ZodNumber>;
            trickleSpeedMs: z.ZodOptional<z.ZodNumber>;
        }, z.core.$strict>>;
    }, z.core.$strict>>;
    markdown: z.ZodOptional<z.ZodObject<{
        lineNumbers: z.ZodOptional<z.ZodBoolean>;
        highlighter: z.ZodOptional<z.ZodEnum<{
            lowlight: "lowlight";
            shiki: "shiki";
        }>>;
        remarkPlugins: z.ZodOptional<z.ZodArray<z.ZodUnion<readonly [z.ZodCustom<(...args: never[]) => unknown, (...args: never[]) => unknown>, z.ZodTuple<[z.ZodCustom<(...args: never[]) => unknown, (...args: never[]) => unknown>], z.ZodUnknown>]>>>;
        rehypePlugins: z.ZodOptional<z.ZodArray<z.ZodUnion<readonly [z.ZodCustom<(...args: never[]) => unknown, (...args: never[]) => unknown>, z.ZodTuple<[z.ZodCustom<(...args: never[]) => unknown, (...args: never[]) => unknown>], z.ZodUnknown>]>>>;
    }, z.core.$strict>>;
    search: z.ZodOptional<z.ZodObject<{
        synonyms: z.ZodOptional<z.ZodArray<z.ZodArray<z.ZodString>>>;
    }, z.core.$strict>>;
    checks: z.ZodOptional<z.ZodObject<{
        duplicateDescriptions: z.ZodOptional<z.ZodEnum<{
            error: "error";
            off: "off";
            warning: "warning";
        }>>;
        orphans: z.ZodOptional<z.ZodEnum<{
            error: "error";
            off: "off";
            warning: "warning";
        }>>;
        markdownPlugins: z.ZodOptional<z.ZodEnum<{
            error: "error";
            off: "off";
            warning: "warning";
        }>>;
    }, z.core.$strict>>;
    sidebar: z.ZodOptional<z.ZodUnion<readonly [z.ZodArray<z.ZodUnion<readonly [z.ZodString, z.ZodObject<{
        text: z.ZodString;
        items: z.ZodArray<z.ZodUnion<readonly [z.ZodString, z.ZodObject<{
            text: z.ZodString;
            link: z.ZodString;
            badge: z.ZodOptional<z.ZodUnion<readonly [z.ZodString, z.ZodObject<{
                text: z.ZodString;
                variant: z.ZodOptional<z.ZodEnum<{
                    beta: "beta";
                    deprecated: "deprecated";
                    new: "new";
                    note: "note";
                }>>;
            }, z.core.$strict>]>>;
        }, z.core.$strict>, z.ZodObject</*elided*/ any, z.core.$strict>]>>;
        collapsed: z.ZodOptional<z.ZodBoolean>;
        badge: z.ZodOptional<z.ZodUnion<readonly [z.ZodString, z.ZodObject<{
            text: z.ZodString;
            variant: z.ZodOptional<z.ZodEnum<{
                beta: "beta";
                deprecated: "deprecated";
                new: "new";
                note: "note";
            }>>;
        }, z.core.$strict>]>>;
    }, z.core.$strict>, z.ZodObject<{
        text: z.ZodString;
        link: z.ZodString;
        badge: z.ZodOptional<z.ZodUnion<readonly [z.ZodString, z.ZodObject<{
            text: z.ZodString;
            variant: z.ZodOptional<z.ZodEnum<{
                beta: "beta";
                deprecated: "deprecated";
                new: "new";
                note: "note";
            }>>;
        }, z.core.$strict>]>>;
    }, z.core.$strict>]>>, z.ZodRecord<z.ZodString, z.ZodArray<z.ZodUnion<readonly [z.ZodString, z.ZodObject<{
        text: z.ZodString;
        items: z.ZodArray<z.ZodUnion<readonly [z.ZodString, z.ZodObject<{
            text: z.ZodString;
            link: z.ZodString;
            badge: z.ZodOptional<z.ZodUnion<readonly [z.ZodString, z.ZodObject<{
                text: z.ZodString;
                variant: z.ZodOptional<z.ZodEnum<{
                    beta: "beta";
                    deprecated: "deprecated";
                    new: "new";
                    note: "note";
                }>>;
            }, z.core.$strict>]>>;
        }, z.core.$strict>, z.ZodObject<any, z.core.$strict>]>>;
        collapsed: z.ZodOptional<z.ZodBoolean>;
        badge: z.ZodOptional<z.ZodUnion<readonly [z.ZodString, z.ZodObject<{
            text: z.ZodString;
            variant: z.ZodOptional<z.ZodEnum<{
                beta: "beta";
                deprecated: "deprecated";
                new: "new";
                note: "note";
            }>>;
        }, z.core.$strict>]>>;
    }, z.core.$strict>, z.ZodObject<{
        text: z.ZodString;
        link: z.ZodString;
        badge: z.ZodOptional<z.ZodUnion<readonly [z.ZodString, z.ZodObject<{
            text: z.ZodString;
            variant: z.ZodOptional<z.ZodEnum<{
                beta: "beta";
                deprecated: "deprecated";
                new: "new";
                note: "note";
            }>>;
        }, z.core.$strict>]>>;
    }, z.core.$strict>]>>>]>>;
    topNav: z.ZodOptional<z.ZodArray<z.ZodObject<{
        text: z.ZodString;
        link: z.ZodString;
        match: z.ZodOptional<z.ZodString>;
    }, z.core.$strict>>>;
    redirects: z.ZodOptional<z.ZodArray<z.ZodObject<{
        from: z.ZodString;
        to: z.ZodString;
        exact: z.ZodOptional<z.ZodBoolean>;
    }, z.core.$strict>>>;
    limits: z.ZodOptional<z.ZodObject<{
        pageBytes: z.ZodOptional<z.ZodNumber>;
        nesting: z.ZodOptional<z.ZodNumber>;
        parseMs: z.ZodOptional<z.ZodNumber>;
    }, z.core.$strict>>;
    security: z.ZodOptional<z.ZodObject<{
        allowScripts: z.ZodOptional<z.ZodBoolean>;
        allowedUrlSchemes: z.ZodOptional<z.ZodArray<z.ZodEnum<{
            data: "data";
            file: "file";
            javascript: "javascript";
            vbscript: "vbscript";
        }>>>;
    }, z.core.$strict>>;
    mdx: z.ZodOptional<z.ZodObject<{
        components: z.ZodOptional<z.ZodString>;
    }, z.core.$strict>>;
    plugins: z.ZodOptional<z.ZodArray<z.ZodObject<{
        name: z.ZodString;
        config: z.ZodOptional<z.ZodCustom<(...args: never[]) => unknown, (...args: never[]) => unknown>>;
        pages: z.ZodOptional<z.ZodCustom<(...args: never[]) => unknown, (...args: never[]) => unknown>>;
        head: z.ZodOptional<z.ZodCustom<(...args: never[]) => unknown, (...args: never[]) => unknown>>;
        css: z.ZodOptional<z.ZodCustom<(...args: never[]) => unknown, (...args: never[]) => unknown>>;
        clientModules: z.ZodOptional<z.ZodCustom<(...args: never[]) => unknown, (...args: never[]) => unknown>>;
        searchRecords: z.ZodOptional<z.ZodCustom<(...args: never[]) => unknown, (...args: never[]) => unknown>>;
        checks: z.ZodOptional<z.ZodCustom<(...args: never[]) => unknown, (...args: never[]) => unknown>>;
        outputs: z.ZodOptional<z.ZodCustom<(...args: never[]) => unknown, (...args: never[]) => unknown>>;
        buildEnd: z.ZodOptional<z.ZodCustom<(...args: never[]) => unknown, (...args: never[]) => unknown>>;
    }, z.core.$strict>>>;
}, z.core.$strict>;
/** What `docs.config.ts` exports: every key optional (see the schema above and README). Plugins are typed by src/plugins/types.ts. */
export type UserConfig = Omit<z.input<typeof userConfigSchema>, 'plugins'> & {
    plugins?: Plugin[];
};
export type SidebarLinkConfig = z.infer<typeof sidebarLink>;
export type SidebarGroupConfig = z.infer<typeof sidebarGroup>;
export type SidebarItemConfig = z.infer<typeof sidebarItems>[number];
export type BadgeConfig = z.infer<typeof badgeSchema>;
export type TopNavLinkConfig = z.infer<typeof topNavLink>;
export type RedirectConfig = z.infer<typeof redirect>;
/** The helpers a configuration imports live in src/config/define.ts (light to load); here for configs that import them from this module. */
export { defineConfig, definePlugin } from './define.js';
export interface RuntimeConfig {
    pageTimeoutMs: number;
    scrollThrottleMs: number;
    activeHeadingOffsetPx: number;
    progress: {
        minimum: number;
        speedMs: number;
        trickleRate: number;
        trickleSpeedMs: number;
    };
}
/** The configuration every stage reads: defaults applied, paths absolute. */
export interface ResolvedConfig {
    root: string;
    contentDir: string;
    outDir: string;
    /** The config file, when there is one (watched by `dev`). */
    configFile?: string;
    title: string;
    description: string;
    base: string;
    lang: string;
    /** The site's languages, the root locale first (src/i18n/locales.ts); undefined for a single-language site. */
    locales?: ResolvedLocale[];
    /** The site's versions, the current one first (src/versions/config.ts); undefined for an unversioned site. */
    versions?: ResolvedVersion[];
    /** The site's published address (`siteUrl`, or the deprecated `product.siteUrl`); undefined when not configured. */
    siteUrl?: string;
    openapi: {
        apiKeyVariable: string;
    };
    /** `folder`: set in the site of an old version (src/i18n/site.ts), whose files are in versions/<name>/. */
    editLink?: {
        pattern: string;
        text: string;
        folder?: EditFolder;
    };
    constants: Record<string, string | number>;
    analytics: {
        containerId?: string;
    };
    runtime: RuntimeConfig;
    markdown: {
        lineNumbers: boolean;
        highlighter: 'lowlight' | 'shiki';
        remarkPlugins: MarkdownPluginEntry[];
        rehypePlugins: MarkdownPluginEntry[];
    };
    search: {
        synonyms: string[][];
    };
    checks: {
        duplicateDescriptions: Severity;
        orphans: Severity;
        markdownPlugins: Severity;
    };
    /** Sidebars by path prefix ("/" for the whole site), as configured; absent when generated from the folders. */
    sidebar?: Record<string, SidebarItemConfig[]>;
    topNav: TopNavLinkConfig[];
    redirects: RedirectConfig[];
    limits: MarkdownLimits;
    security: SecurityConfig;
    /** `mdx.components` bundled (src/markdown/mdx.ts): the code every thread runs, and its hash for cache keys. */
    mdx: {
        components?: {
            file: string;
            code: string;
            names: string[];
            hash: string;
        };
    };
    /** Head tags, stylesheets, logo, links, banner and layout overrides of the project (src/theme/config.ts). */
    theme: ResolvedTheme;
    /** The built-in plugins, then the configuration's (their `config` hooks already applied). */
    plugins: Plugin[];
}
export interface SecurityConfig {
    allowScripts: boolean;
    allowedUrlSchemes: string[];
}
/** What the command line changes of the configuration. */
export interface ConfigOverrides {
    base?: string;
    outDir?: string;
    /** Leave the versions unresolved: `docs version` makes the snapshot the configuration may be waiting for. */
    withoutVersions?: boolean;
}
export declare const CONFIG_FILES: string[];
/** Resolves a user config: defaults applied, paths absolute, plugins' `config` hooks run. */
export declare function resolveConfig(user: unknown, root: string, overrides?: ConfigOverrides & {
    configFile?: string;
}): ResolvedConfig;
/** Finds and imports the root's config file (TypeScript is compiled by the tsx loader); none is fine. */
export declare function loadConfig(root: string, overrides?: ConfigOverrides): Promise<ResolvedConfig>;
