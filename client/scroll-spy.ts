/**
 * Scroll-spy: the heading in view is marked in the on-this-page list (and in the sidebar, when it
 * links headings), and the URL hash follows it without new history entries or jumps. Throttled to
 * once per `scrollThrottleMs`; a heading counts as in view once its top is within
 * `activeHeadingOffsetPx` of where a `#hash` jump puts it (below the sticky top bar).
 */
import { onNavigated } from './dom.js';

const scrollThrottleMs = __DOCS_RUNTIME__.scrollThrottleMs;
const activeHeadingOffsetPx = __DOCS_RUNTIME__.activeHeadingOffsetPx;

export function initScrollSpy(): void {
  // The page the hash belongs to: while the router swaps pages, the address is already the next one's.
  let page = location.pathname;
  onNavigated(() => {
    page = location.pathname;
    update(false);
  });
  addEventListener(
    'scroll',
    throttle(() => update(page === location.pathname), scrollThrottleMs),
    { passive: true },
  );
  update(false);
}

function update(followHash: boolean): void {
  const headings = [...document.querySelectorAll<HTMLElement>('main h2[id], main h3[id]')];
  const line = (parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0) + activeHeadingOffsetPx;
  let active = -1;
  while (active + 1 < headings.length && headings[active + 1].getBoundingClientRect().top <= line) active++;
  // At the bottom, a heading the visitor jumped to may never reach the top: keep it current.
  const current = headings.findIndex((h) => `#${h.id}` === decodeHash(location.hash));
  const atBottom = innerHeight + scrollY >= document.documentElement.scrollHeight - 1;
  if (atBottom && current > active) active = current;
  const id = headings[active]?.id;
  for (const link of document.querySelectorAll<HTMLAnchorElement>(
    '[data-region="toc"] a[href*="#"], [data-region="sidebar"] a[href*="#"]',
  )) {
    const on = id !== undefined && link.pathname === location.pathname && decodeHash(link.hash) === `#${id}`;
    link.classList.toggle('active', on);
    if (on) link.setAttribute('aria-current', 'location');
    else link.removeAttribute('aria-current');
  }
  if (!followHash) return;
  const hash = id === undefined ? '' : `#${encodeURIComponent(id)}`;
  if (decodeHash(location.hash) !== decodeHash(hash))
    history.replaceState(history.state, '', hash || location.pathname + location.search);
}

function decodeHash(hash: string): string {
  try {
    return decodeURIComponent(hash);
  } catch {
    return hash;
  }
}

/** Runs `fn` at most once per `ms`, and once more at the end so the last position counts. */
function throttle(fn: () => void, ms: number): () => void {
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  return () => {
    const wait = last + ms - Date.now();
    if (wait <= 0) {
      last = Date.now();
      fn();
    } else {
      timer ??= setTimeout(() => {
        timer = undefined;
        last = Date.now();
        fn();
      }, wait);
    }
  };
}
