import { escapeHtml } from '../render/head.js';
import { BANNER_KEY } from '../shared/banner.js';
import { isExternal } from '../shared/paths.js';
import type { HeadTag, ResolvedTheme } from './config.js';
import type { PageHeadTag } from '../content/frontmatter.js';

/**
 * Runs before first paint, inline (and hashed in the CSP): applies the saved theme, and marks the
 * document `js` so that script-only layout (the drawer, copy buttons) is in place with no shift.
 */
export const THEME_SCRIPT =
  "document.documentElement.classList.add('js');try{var t=localStorage.getItem('docs-theme');if(t==='dark'||t==='light')document.documentElement.dataset.theme=t}catch(e){}";

/**
 * The inline script that runs before first paint (hashed in the CSP): the theme script, and, on a
 * site with a banner, hiding the banner the reader dismissed, so it never flashes or shifts the page.
 */
export function headScript(theme: Pick<ResolvedTheme, 'banner'> | undefined): string {
  if (!theme?.banner) return THEME_SCRIPT;
  return `${THEME_SCRIPT}try{if(localStorage.getItem('${BANNER_KEY}')==='${theme.banner.id}')document.documentElement.classList.add('banner-hidden')}catch(e){}`;
}

/** The project's `head` tags, in order, as HTML. */
export function projectHeadTags(tags: HeadTag[]): string {
  return tags
    .map(({ tag, attrs = {}, content }) => {
      const attributes = Object.entries(attrs)
        .filter(([, v]) => v !== false)
        .map(([k, v]) => (v === true ? ` ${k}` : ` ${k}="${escapeHtml(v as string)}"`))
        .join('');
      return tag === 'script' ? `<script${attributes}>${content ?? ''}</script>` : `<${tag}${attributes}>`;
    })
    .join('\n');
}

/** A page's own head tags (frontmatter `head`: meta tags and inert links), as HTML. */
export function pageHeadTags(tags: PageHeadTag[]): string {
  return tags
    .map(({ tag, attrs }) => {
      const attributes = Object.entries(attrs)
        .map(([k, v]) => ` ${k}="${escapeHtml(v)}"`)
        .join('');
      return `<${tag}${attributes}>`;
    })
    .join('\n');
}

/**
 * What the project's head tags need from the Content-Security-Policy: the hash of each inline
 * script, the origin of each external script and stylesheet.
 */
export function headTagSources(tags: HeadTag[]): {
  inlineScripts: string[];
  scriptOrigins: string[];
  styleOrigins: string[];
} {
  const origin = (url: unknown) => (typeof url === 'string' && isExternal(url) ? new URL(url).origin : undefined);
  const scripts = tags.filter((t) => t.tag === 'script');
  return {
    inlineScripts: scripts.filter((t) => !t.attrs?.src).map((t) => t.content ?? ''),
    scriptOrigins: [...new Set(scripts.map((t) => origin(t.attrs?.src)).filter((o): o is string => Boolean(o)))],
    styleOrigins: [
      ...new Set(
        tags
          .filter((t) => t.tag === 'link' && t.attrs?.rel === 'stylesheet')
          .map((t) => origin(t.attrs?.href))
          .filter((o): o is string => Boolean(o)),
      ),
    ],
  };
}
