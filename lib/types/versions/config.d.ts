import { z } from 'zod';
/** Version names are folder names and URL segments: "2.0", "v1", "2024-06". */
export declare const VERSION_NAME: RegExp;
/** The route segment of the unreleased version when `next` is set. */
export declare const NEXT = "next";
/** Beside docs.config.ts: the older versions, newest first, as `docs version` lists them. */
export declare const VERSIONS_FILE = "versions.json";
/** Beside docs.config.ts: one folder per older version. */
export declare const VERSIONS_DIR = "versions";
/** In a version's folder: what it pinned of the configuration when it was snapshotted. */
export declare const SIDEBAR_FILE = "sidebar.json";
export declare const CONSTANTS_FILE = "constants.json";
export declare const REDIRECTS_FILE = "redirects.json";
/** `versions` of docs.config.ts. */
export declare const versionsSchema: z.ZodOptional<z.ZodObject<{
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
export type VersionsConfig = z.infer<typeof versionsSchema>;
type SidebarJson = unknown;
export interface ResolvedVersion {
    name: string;
    label: string;
    /** Route segment: "" for the current version, else its name (or "next"). */
    key: string;
    /** The unreleased version's label was not configured: each language shows its own word ("Next"). */
    defaultLabel?: true;
    /** Which of the three it is: the current one is the canonical home of every page. */
    kind: 'current' | 'older' | 'next';
    /** The folder of its Markdown: content/ or versions/<name>/content/. */
    contentDir: string;
    /** Its own sidebar (a snapshot's sidebar.json); undefined: the configured one (content/) or generated. */
    sidebar?: SidebarJson;
    /** Its own constants over the configuration's (a snapshot's constants.json). */
    constants?: Record<string, string | number>;
    /** Its own redirect table, in place of the configuration's (a snapshot's redirects.json), routes within the version. */
    redirects?: {
        from: string;
        to: string;
    }[];
}
/** The folder a version's snapshot lives in. */
export declare const versionDir: (root: string, name: string) => string;
/** The older versions versions.json lists (newest first); none when it does not exist. */
export declare function readVersionsFile(root: string): string[];
/**
 * The versions of a configuration, the current one first, then "next", then the older ones
 * newest first; undefined for an unversioned site. `localeKeys`: a version's segment must not
 * be a locale's, since both are route prefixes.
 */
export declare function resolveVersions(versions: VersionsConfig, root: string, contentDir: string, localeKeys: string[], file: string): ResolvedVersion[] | undefined;
export {};
