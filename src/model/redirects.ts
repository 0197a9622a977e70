/**
 * Redirects, from the `redirects` table of the configuration to what the build writes for them:
 * where each one finally lands, the entries the runtime follows (`routes.json`), a stub page at
 * each old path, the `_redirects` table for hosts, and the script a stub forwards with. The check
 * of the table (src/check.ts) and nginx's copy of `_redirects` (src/outputs/nginx.ts) read these.
 */
import { fileHash } from '../incremental/hash.js';
import type { Renderer } from '../render/index.js';
import type { RedirectEntry } from '../shared/contract.js';
import { isExternal, pageUrl, routeFile, withBase, withoutSlash, withSlash } from '../shared/paths.js';
import type { Site } from './site.js';
import { pathInView } from '../i18n/counterparts.js';
import { splitLocale } from '../i18n/locales.js';
import { siteViews } from '../versions/views.js';
import type { OutputFile } from './page.js';

/** Where a redirect ends: a page's route or an external URL, or why it ends nowhere. */
export interface RedirectEnd {
  at: string;
  problem?: 'missing' | 'loop' | 'too-long';
  /** The paths passed through, from the redirect's own. */
  path: string[];
}

/**
 * Follows a redirect through the table (the build writes the final target, so no visitor bounces
 * twice; the check reports where it goes wrong). An entry matches a path in its slash and no-slash
 * forms, an `exact` one only as written, as the hosts and the runtime match them.
 */
export function followRedirect(site: Site, from: string, to: string): RedirectEnd {
  const table = redirectTable(site);
  const path = [withSlash(from)];
  let at = to;
  while (!isExternal(at) && !site.byRoute.has(withSlash(at))) {
    const next = table.exact.get(at) ?? table.slash.get(withSlash(at));
    if (next === undefined) {
      const translation = translationOf(site, at);
      return translation ? { at: translation, path } : { at, problem: 'missing', path };
    }
    if (path.includes(withSlash(at))) return { at, problem: 'loop', path };
    path.push(withSlash(at));
    at = next;
    if (path.length > 2) return { at, problem: 'too-long', path };
  }
  return { at, path };
}

/**
 * A redirect the configuration gave every language (src/i18n/locales.ts `localizedRedirects`) ends, in a language
 * whose translation has a `slug` of its own, at that translation: `/fr/moved/` is `/fr/deplace/`.
 */
function translationOf(site: Site, route: string): string | undefined {
  const views = siteViews(site.config);
  if (!views) return undefined;
  const { locale, path } = splitLocale(views, withSlash(route));
  const found = pathInView({ locales: views, pages: site.byRoute }, locale, path);
  return found === withSlash(route) ? undefined : found;
}

const tables = new WeakMap<object, { exact: Map<string, string>; slash: Map<string, string> }>();
function redirectTable(site: Site) {
  let table = tables.get(site.config.redirects);
  if (!table) {
    table = { exact: new Map(), slash: new Map() };
    for (const r of site.config.redirects) {
      if (r.exact) table.exact.set(r.from, r.to);
      else table.slash.set(withSlash(r.from), r.to);
    }
    tables.set(site.config.redirects, table);
  }
  return table;
}

/** Where a redirect finally lands (`followRedirect`: the check has made sure it does), as a URL. */
export function targetUrl(site: Site, redirect: { from: string; to: string }): string {
  const { at } = followRedirect(site, redirect.from, redirect.to);
  return isExternal(at) ? at : pageUrl(site.config.base, withSlash(at));
}

/** The redirect table as the runtime reads it in `routes.json`: each old path and its final target. */
export function redirectEntries(site: Site): RedirectEntry[] {
  const { base, redirects } = site.config;
  return redirects.map((r) => ({
    from: withBase(base, r.exact ? r.from : withSlash(r.from)),
    to: targetUrl(site, r),
    exact: Boolean(r.exact),
  }));
}

/** A stub page at each old path (exact redirects have none: they are one path, not a folder). */
export function redirectStubs(site: Site, renderer: Renderer): OutputFile[] {
  return site.config.redirects
    .filter((r) => !r.exact)
    .map((r) => ({ path: routeFile(r.from), contents: renderer.renderRedirect(targetUrl(site, r)) }));
}

/** Netlify/Cloudflare-style `_redirects` table: each old path, in its slash and no-slash forms. */
export function redirectsFile(site: Site): string {
  const lines: string[] = [];
  for (const r of site.config.redirects) {
    const to = targetUrl(site, r);
    const from = withBase(site.config.base, r.from);
    const forms = r.exact ? [from] : [...new Set([withoutSlash(from), withSlash(withoutSlash(from))])];
    for (const f of forms) lines.push(`${f} ${to} 301`);
  }
  return `${lines.join('\n')}\n`;
}

/** Keeps the `#hash` when a redirect stub forwards (the meta refresh would drop it). */
const REDIRECT_SCRIPT = "location.replace(document.querySelector('link[rel=canonical]').href+location.hash);\n";

/** The script redirect stubs load, named by its hash. */
export function redirectScriptFile(): OutputFile {
  return { path: `assets/redirect.${fileHash(REDIRECT_SCRIPT)}.js`, contents: REDIRECT_SCRIPT };
}
