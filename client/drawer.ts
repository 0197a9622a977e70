/**
 * Small screens: the sidebar is a drawer behind the menu button. It closes after a navigation,
 * on Escape and on a click outside it; closing by hand returns focus to the button. While it is
 * open the page behind it is inert.
 */
import { onNavigated } from './dom.js';
import { text } from './strings.js';

export function initDrawer(): void {
  const button = document.querySelector<HTMLButtonElement>('.menu-button');
  const sidebar = document.getElementById('sidebar');
  if (!button || !sidebar) return;
  const isOpen = () => sidebar.classList.contains('open');
  // While the drawer is open, what it covers is inert: Tab stays in the drawer and the menu button.
  const covered = () =>
    document.querySelectorAll<HTMLElement>(
      'main, aside.toc, .skip-link, .topbar > :not(.menu-button), .banner, .site-footer',
    );
  const toggle = (open: boolean, returnFocus: boolean) => {
    sidebar.classList.toggle('open', open);
    covered().forEach((element) => (element.inert = open));
    button.setAttribute('aria-expanded', String(open));
    button.setAttribute('aria-label', open ? text('drawer.close') : text('drawer.open'));
    if (open) (sidebar.querySelector<HTMLElement>('a.active') ?? sidebar.querySelector<HTMLElement>('a'))?.focus();
    else if (returnFocus) button.focus();
  };

  button.addEventListener('click', () => toggle(!isOpen(), true));
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && isOpen()) toggle(false, true);
  });
  document.addEventListener('click', (event) => {
    // composedPath, not contains(): the click may have replaced its own target (a group expanding).
    const path = event.composedPath();
    if (isOpen() && !path.includes(sidebar) && !path.includes(button)) toggle(false, true);
  });
  // After a navigation focus belongs to the new page's title, not to the button; the router could
  // not give it while the drawer made the page inert.
  onNavigated(() => {
    if (!isOpen()) return;
    toggle(false, false);
    document.getElementById('page-title')?.focus({ preventScroll: true });
  });
  matchMedia('(max-width: 768px)').addEventListener(
    'change',
    (event) => !event.matches && isOpen() && toggle(false, false),
  );
}
