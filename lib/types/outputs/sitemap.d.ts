import type { Site } from '../model/site.js';
import type { OutputFile } from '../model/page.js';
import type { Plugin } from '../plugins/types.js';
/** `sitemap.xml` and the `robots.txt` that points to it, through the plugin API (src/plugins/builtin.ts). */
export declare const sitemapPlugin: Plugin;
/** `robots.txt`: every crawler welcome, and where the sitemap is. */
export declare function robotsFile(site: Site): OutputFile;
/** `sitemap.xml`: every page with the date its source last changed (robots.txt points to it). */
export declare function sitemapFile(site: Site): OutputFile;
