import type { BuiltAssets } from './assets.js';
import { shortHash, THEME_SCRIPT } from './assets.js';
import { normalize } from './check.js';
import { absolute, Renderer, type PageChunk } from './render/index.js';
import { isExternal, routeShard, withBase } from './shared/paths.js';
import type { Site } from './site.js';
import type { OutputFile } from './types.js';
import { faviconFile } from './outputs/favicon.js';
import { headersFile } from './outputs/headers.js';
import { llmsFiles } from './outputs/llms.js';
import { markdownPages, pagesMarkdown } from './outputs/markdown-pages.js';
import { nginxFiles } from './outputs/nginx.js';
import { sitemapFile } from './outputs/sitemap.js';

/** What the runtime fetches first: where each shard of the route table and the nav groups live. */
export interface RoutesIndex {
  shards: Record<string, string>;
  nav: string;
  redirects: { from: string; to: string; exact: boolean }[];
}

/** The chunk file: registers itself the way webpack's JSONP chunks do, so load order never matters. */
export function chunkScript(chunk: PageChunk): string {
  return `(self.docsChunks=self.docsChunks||[]).push(${JSON.stringify([chunk.key, chunk]).replace(/</g, '\\u003c')});\n`;
}

function hashed(dir: string, name: string, ext: string, contents: string): OutputFile {
  return { path: `${dir}${name}.${shortHash(contents)}.${ext}`, contents };
}

/**
 * Every file of the site but the bundled assets: pages, their chunks, the sharded route table,
 * redirect stubs and `_redirects`, `404.html`, the page manifest, `sitemap.xml` and `robots.txt`.
 */
export function emitSite(site: Site, assets: BuiltAssets): OutputFile[] {
  const { config } = site;
  const renderer = new Renderer(site, { css: assets.css, js: assets.js, themeScript: THEME_SCRIPT, redirectScript: assets.redirectScript });
  const files: OutputFile[] = [];
  const chunks = site.pages.map((page) => renderer.renderChunk(page));
  const shards = new Map<string, Record<string, string>>();
  for (const chunk of chunks) {
    const file = hashed('assets/js/', chunk.key, 'js', chunkScript(chunk));
    files.push(file);
    const shard = routeShard(chunk.route);
    shards.set(shard, { ...shards.get(shard), [chunk.route]: `${config.base}${file.path}` });
  }
  const index: RoutesIndex = { shards: {}, nav: '', redirects: [] };
  for (const [shard, table] of [...shards].sort(([a], [b]) => a.localeCompare(b))) {
    const file = hashed('assets/routes/', shard, 'json', JSON.stringify(table));
    files.push(file);
    index.shards[shard] = `${config.base}${file.path}`;
  }
  const navFile = hashed('assets/', 'nav', 'json', JSON.stringify(renderer.renderNavGroups()));
  files.push(navFile);
  index.nav = `${config.base}${navFile.path}`;
  index.redirects = config.redirects.map((r) => ({ from: withBase(config.base, r.exact ? r.from : normalize(r.from)), to: targetUrl(site, r.to), exact: Boolean(r.exact) }));
  const indexFile = hashed('assets/', 'routes', 'json', JSON.stringify(index));
  files.push(indexFile);
  const routesUrl = `${config.base}${indexFile.path}`;

  chunks.forEach((chunk, i) => files.push({ path: `${site.pages[i].regularPath.slice(1)}index.html`, contents: renderer.renderDocument(chunk, routesUrl) }));
  files.push({ path: '404.html', contents: renderer.renderNotFound(routesUrl) });

  for (const redirect of config.redirects) {
    if (redirect.exact) continue;
    files.push({ path: `${normalize(redirect.from).slice(1)}index.html`, contents: renderer.renderRedirect(targetUrl(site, redirect.to)) });
  }
  const redirects = redirectsFile(site);
  files.push({ path: '_redirects', contents: redirects }, ...nginxFiles(config, redirects));
  files.push({ path: 'pages.json', contents: JSON.stringify(site.pages.map(({ html, links, anchors, sections, markdown, codeBlocks, ...record }) => record), null, 1) });
  files.push(sitemapFile(site));
  files.push({ path: 'robots.txt', contents: `User-agent: *\nAllow: /\n\nSitemap: ${absolute(site, `${config.base}sitemap.xml`)}\n` });
  // Readers beyond the browser and the host: Markdown per page, llms.txt, headers, favicon.
  const markdown = pagesMarkdown(site);
  files.push(...markdownPages(markdown), ...llmsFiles(site, markdown), headersFile(config), faviconFile());
  return files;
}

/** Where a redirect finally lands: chains are followed (the check allows two hops), so no visitor bounces twice. */
export function targetUrl(site: Site, to: string): string {
  const table = new Map(site.config.redirects.filter((r) => !r.exact).map((r) => [normalize(r.from), r.to]));
  let at = to;
  for (let hop = 0; hop < 3 && !isExternal(at) && !site.byRoute.has(normalize(at)) && table.has(normalize(at)); hop++) at = table.get(normalize(at))!;
  return isExternal(at) ? at : withBase(site.config.base, normalize(at));
}

/** Netlify/Cloudflare-style table: each old path, in its slash and no-slash forms. */
function redirectsFile(site: Site): string {
  const lines: string[] = [];
  for (const r of site.config.redirects) {
    const to = targetUrl(site, r.to);
    const from = withBase(site.config.base, r.from);
    const forms = r.exact ? [from] : [...new Set([from.replace(/\/$/, ''), `${from.replace(/\/$/, '')}/`])];
    for (const f of forms) lines.push(`${f} ${to} 301`);
  }
  return `${lines.join('\n')}\n`;
}
