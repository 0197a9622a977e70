/**
 * The sidebar follows the reader. Closed top-level groups (only a title linking to their first
 * page, so a page's HTML does not grow with the site) expand in place on a click, from
 * `assets/nav.<hash>.json`. After a navigation the router shows the new page's sidebar (its
 * groups open, its current link marked); the groups the reader opened or closed stay so (a group
 * holding the current page stays open), and the current link is scrolled into view.
 */
import { isPlainClick, onNavigated } from './dom.js';
import { navGroups } from './routes.js';

export function initSidebarGroups(): void {
  const sidebar = document.getElementById('sidebar');
  if (!sidebar) return;
  /** The reader's choices by group id: true opened, false closed. */
  const chosen = new Map<string, boolean>();
  sidebar.addEventListener('click', async (event) => {
    const target = event.target as Element;
    const summary = target.closest?.('summary.nav-group-title');
    const id = summary?.parentElement?.parentElement?.dataset.group;
    // The click toggles the <details> after this listener: it is about to become the opposite.
    if (summary && id) chosen.set(id, !(summary.parentElement as HTMLDetailsElement).open);
    const title = target.closest?.<HTMLAnchorElement>('li.nav-group[data-expanded="false"] > a.nav-group-title');
    if (!title || !isPlainClick(event)) return;
    event.preventDefault();
    const index = title.parentElement!.dataset.group!;
    try {
      const group = await expand(sidebar, index);
      chosen.set(index, true);
      group?.querySelector<HTMLElement>('summary')?.focus();
    } catch {
      location.assign(title.href);
    }
  });
  let shown = sidebarPrefix(sidebar);
  onNavigated((samePage) => {
    if (samePage) return;
    // Another sidebar starts at its top; the same one keeps its scroll position (the router keeps it).
    const prefix = sidebarPrefix(sidebar);
    if (prefix !== shown) sidebar.scrollTop = 0;
    shown = prefix;
    restore(sidebar, chosen).finally(() => revealCurrent(sidebar));
  });
  revealCurrent(sidebar);
}

function sidebarPrefix(sidebar: HTMLElement): string | null {
  return sidebar.querySelector('ul.nav')?.getAttribute('data-sidebar') ?? null;
}

/** Applies the reader's choices to the sidebar of a new page: closed groups they opened expand, open ones they closed close. */
async function restore(sidebar: HTMLElement, chosen: Map<string, boolean>): Promise<void> {
  const closed = (id: string) => sidebar.querySelector(`li.nav-group[data-group="${id}"][data-expanded="false"]`);
  await Promise.all(
    [...chosen]
      .filter(([id, open]) => open && closed(id))
      .map(([id]) => expand(sidebar, id).catch(() => chosen.delete(id))),
  );
  for (const [id, open] of chosen) {
    const details = sidebar.querySelector<HTMLDetailsElement>(`li.nav-group[data-group="${id}"] > details`);
    if (details && (open || !details.querySelector('a[aria-current="page"]'))) details.open = open;
  }
}

/** Scrolls the sidebar (not the page) so that the current page's link is in view. */
function revealCurrent(sidebar: HTMLElement): void {
  const current = sidebar.querySelector('ul.nav a[aria-current="page"]');
  if (!current) return;
  const link = current.getBoundingClientRect();
  const box = sidebar.getBoundingClientRect();
  if (link.top < box.top || link.bottom > box.bottom) sidebar.scrollTop += link.top - box.top - box.height / 3;
}

/** Replaces a closed top-level group by its full HTML, the current page's link marked. */
async function expand(sidebar: HTMLElement, id: string): Promise<HTMLElement | null> {
  const html = (await navGroups())[Number(id)];
  if (!html) throw new Error(`no sidebar group ${id} in the nav table`);
  const collapsed = sidebar.querySelector(`li.nav-group[data-group="${id}"][data-expanded="false"]`);
  if (!collapsed) return null;
  const template = document.createElement('template');
  template.innerHTML = html;
  const group = template.content.querySelector<HTMLElement>('li.nav-group');
  if (!group) throw new Error(`sidebar group ${id} has no <li class="nav-group">`);
  for (const link of group.querySelectorAll('a')) {
    if (link.pathname === location.pathname) {
      link.classList.add('active');
      link.setAttribute('aria-current', 'page');
    }
  }
  collapsed.replaceWith(group);
  return group;
}
