/**
 * Collapsed sidebar groups (only a title linking to their first page, so a page's HTML does not
 * grow with the site) expand in place on a click, from `assets/nav.<hash>.json`. Groups the
 * visitor opened stay open on the next pages.
 */
import { isPlainClick, onNavigated } from './dom.js';
import { navGroups } from './routes.js';

export function initSidebarGroups(): void {
  const sidebar = document.getElementById('sidebar');
  if (!sidebar) return;
  const opened = new Set<number>();
  sidebar.addEventListener('click', async (event) => {
    const title = (event.target as Element).closest?.<HTMLAnchorElement>('li.nav-group[data-expanded="false"] > a.nav-group-title');
    if (!title || !isPlainClick(event)) return;
    event.preventDefault();
    const index = Number(title.parentElement!.dataset.group);
    try {
      const group = await expand(sidebar, index);
      opened.add(index);
      group?.querySelector('a')?.focus();
    } catch {
      location.assign(title.href);
    }
  });
  onNavigated((samePage) => {
    if (!samePage) opened.forEach((index) => expand(sidebar, index).catch(() => opened.delete(index)));
  });
}

/** Replaces a collapsed group by its full HTML, the current page's link marked. */
async function expand(sidebar: HTMLElement, index: number): Promise<HTMLElement | null> {
  const html = (await navGroups())[index];
  if (!html) throw new Error(`no sidebar group ${index} in the nav table`);
  const collapsed = sidebar.querySelector(`li.nav-group[data-group="${index}"][data-expanded="false"]`);
  if (!collapsed) return null;
  const template = document.createElement('template');
  template.innerHTML = html;
  const group = template.content.querySelector<HTMLElement>('li.nav-group');
  if (!group) throw new Error(`sidebar group ${index} has no <li class="nav-group">`);
  for (const link of group.querySelectorAll('a')) {
    if (link.pathname === location.pathname) {
      link.classList.add('active');
      link.setAttribute('aria-current', 'page');
    }
  }
  collapsed.replaceWith(group);
  return group;
}
