import type { Plugin } from './types.js';
/**
 * Our own optional features, built on the hooks users have: the OpenAPI reference (`pages`: it
 * writes pages from a document), the sitemap with robots.txt and llms.txt (`outputs`). They run
 * before the configuration's plugins, so a user's plugin sees their pages and files.
 */
export declare function builtinPlugins(): Plugin[];
