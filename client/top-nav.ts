/**
 * The top navigation marks the current section after each navigation, by the rule the build
 * marks it with (src/shared/nav-current.ts): the top bar is not among the regions the router swaps.
 */
import { topNavCurrent } from '../src/shared/nav-current.js';
import { onNavigated } from './dom.js';

export function initTopNav(): void {
  const links = document.querySelectorAll<HTMLAnchorElement>('.top-nav a');
  if (!links.length) return;
  onNavigated((samePage) => {
    if (samePage) return;
    for (const link of links) {
      const current =
        link.origin === location.origin
          ? topNavCurrent(location.pathname, link.pathname, link.dataset.match)
          : undefined;
      link.classList.toggle('active', current !== undefined);
      if (current) link.setAttribute('aria-current', current);
      else link.removeAttribute('aria-current');
    }
  });
}
