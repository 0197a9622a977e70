import { llmsPlugin } from '../outputs/llms.js';
import { sitemapPlugin } from '../outputs/sitemap.js';
import { openApiPlugin } from '../content/openapi.js';
import type { Plugin } from './types.js';

/**
 * Our own optional features, built on the hooks users have: the OpenAPI reference (`pages`: it
 * writes pages from a document), the sitemap with robots.txt and llms.txt (`outputs`). They run
 * before the configuration's plugins, so a user's plugin sees their pages and files.
 */
export function builtinPlugins(): Plugin[] {
  return [openApiPlugin, sitemapPlugin, llmsPlugin];
}
