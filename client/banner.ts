/**
 * The announcement banner (src/render/theme.tsx): dismissing it hides it and remembers its id, so
 * the head script (src/theme/head.ts) hides it before first paint on the next pages and visits,
 * until the site announces something with another id.
 */
import { BANNER_KEY } from '../src/shared/banner.js';

export function initBanner(): void {
  const banner = document.querySelector<HTMLElement>('.banner[data-banner]');
  const close = banner?.querySelector<HTMLButtonElement>('.banner-close');
  if (!banner || !close) return;
  close.addEventListener('click', () => {
    try {
      localStorage.setItem(BANNER_KEY, banner.dataset.banner!);
    } catch {
      /* private mode: hidden on this page only */
    }
    document.documentElement.classList.add('banner-hidden');
    // The button is gone with the banner: focus goes on to the top bar, not back to the document's start.
    document.querySelector<HTMLElement>('.site-title')?.focus();
  });
}
