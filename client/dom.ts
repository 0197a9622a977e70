/** Small DOM helpers and the one event the runtime's modules talk through. */
import { stripBase } from '../src/shared/paths.js';

export function meta(name: string): string | undefined {
  return document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content;
}

/** The path the site is served under ("/docs/"), from `<meta name="docs:base">`. */
export const base = meta('docs:base') ?? '/';

/**
 * Dispatched on `document` after the router shows a page (detail: `samePage` is true for a jump
 * to a heading of the page already shown). The drawer, scroll-spy, prefetch and sidebar listen.
 */
export const NAVIGATED = 'docs:navigated';
/** Asks the router to show a URL (`detail.href`). client/search writes the name itself: importing it from here would put this module in a chunk shared with the lazy search code. */
export const NAVIGATE = 'docs:navigate';

export function onNavigated(listener: (samePage: boolean) => void): void {
  document.addEventListener(NAVIGATED, (event) =>
    listener(Boolean((event as CustomEvent<{ samePage: boolean }>).detail?.samePage)),
  );
}

/** A primary-button click without modifier keys: anything else (new tab, new window, save) is the browser's. */
export function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * The URL of a link the router may handle, or null when the browser should: other origins, paths
 * outside the base, `target`, `download`, `data-no-router`, and files (Markdown, feeds, images).
 */
export function routableUrl(link: Element | null): URL | null {
  if (!(link instanceof HTMLAnchorElement) || !link.hasAttribute('href')) return null;
  if ((link.target && link.target !== '_self') || link.hasAttribute('download') || link.hasAttribute('data-no-router'))
    return null;
  const url = new URL(link.href);
  if (url.origin !== location.origin || stripBase(base, url.pathname) === null) return null;
  if (/\.(?!html$)[a-z0-9]+$/i.test(url.pathname)) return null;
  return url;
}
