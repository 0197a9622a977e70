/**
 * Prefetching: the chunk of a link the visitor points at, focuses, or that scrolls into view is
 * loaded ahead, so most navigations need no network. Skipped when the visitor saves data.
 */
import { loadChunk } from './chunks.js';
import { onNavigated, routableUrl } from './dom.js';
import { resolvePath } from './routes.js';

const done = new Set<string>();

function prefetch(link: Element | null): void {
  const url = routableUrl(link);
  if (!url || url.pathname === location.pathname || done.has(url.pathname)) return;
  done.add(url.pathname);
  resolvePath(url.pathname)
    .then((target) => (target.kind === 'page' ? loadChunk(target.chunk) : undefined))
    // A failure is the router's to report when the visitor actually clicks.
    .catch(() => done.delete(url.pathname));
}

export function initPrefetch(): void {
  const connection = navigator.connection;
  if (connection?.saveData || /2g/.test(connection?.effectiveType ?? '')) return;
  const onPoint = (event: Event) => prefetch((event.target as Element | null)?.closest?.('a') ?? null);
  document.addEventListener('mouseover', onPoint, { passive: true });
  document.addEventListener('focusin', onPoint);
  document.addEventListener('touchstart', onPoint, { passive: true });

  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      observer.unobserve(entry.target);
      prefetch(entry.target);
    }
  });
  // When idle, so prefetching never competes with showing the page.
  const observeLinks = () => {
    observer.disconnect();
    whenIdle(() => document.querySelectorAll('a[href]').forEach((link) => routableUrl(link) && observer.observe(link)));
  };
  observeLinks();
  onNavigated((samePage) => !samePage && observeLinks());
}

function whenIdle(fn: () => void): void {
  if ('requestIdleCallback' in window) requestIdleCallback(fn, { timeout: 2000 });
  else setTimeout(fn, 200);
}
