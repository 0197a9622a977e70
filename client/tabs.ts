/**
 * Tabs (src/markdown/builtins.ts): the ARIA tabs pattern. Click or arrow keys (Home, End) select a
 * tab; groups with the same `data-sync-key` follow each other on the page, and the choice is kept in
 * localStorage so the next page opens on it. Loaded by client/main.ts only on pages with tabs.
 */
const STORAGE = 'docs:tabs:';

function tabsOf(group: Element): HTMLElement[] {
  return [...group.querySelectorAll<HTMLElement>(':scope > .tab-list > [role="tab"]')];
}

/** Shows one tab of a group; false when the group has no tab with that label. */
function select(group: Element, label: string): boolean {
  const tabs = tabsOf(group);
  if (!tabs.some((t) => t.dataset.label === label)) return false;
  for (const tab of tabs) {
    const on = tab.dataset.label === label;
    tab.setAttribute('aria-selected', String(on));
    tab.tabIndex = on ? 0 : -1;
    document.getElementById(tab.getAttribute('aria-controls') ?? '')?.classList.toggle('active', on);
  }
  return true;
}

function remembered(key: string): string | null {
  try {
    return localStorage.getItem(STORAGE + key);
  } catch {
    return null; // storage blocked: the choice lasts for this page only
  }
}

/** Selects `label` in the group and every group with its sync key, keeping the clicked tab where it was on screen. */
function choose(group: Element, tab: HTMLElement, label: string): void {
  const key = (group as HTMLElement).dataset.syncKey;
  const top = tab.getBoundingClientRect().top;
  if (!key) select(group, label);
  else {
    document.querySelectorAll(`.tabs[data-sync-key="${CSS.escape(key)}"]`).forEach((g) => select(g, label));
    try {
      localStorage.setItem(STORAGE + key, label);
    } catch {
      // not remembered; the page still follows
    }
    // Groups above may have changed height: the reader's place stays under the pointer.
    window.scrollBy(0, tab.getBoundingClientRect().top - top);
  }
}

/** Opens each synchronised group on the remembered choice (a page shown by the router too). */
export function applyRemembered(root: ParentNode = document): void {
  root.querySelectorAll<HTMLElement>('.tabs[data-sync-key]').forEach((group) => {
    const label = remembered(group.dataset.syncKey!);
    if (label) select(group, label);
  });
}

export function initTabs(): void {
  document.addEventListener('click', (event) => {
    const tab = (event.target as Element | null)?.closest?.<HTMLElement>('.tab-list > [role="tab"]');
    const group = tab?.closest('.tabs');
    if (tab && group) choose(group, tab, tab.dataset.label ?? '');
  });
  document.addEventListener('keydown', (event) => {
    const tab = (event.target as Element | null)?.closest?.<HTMLElement>('.tab-list > [role="tab"]');
    const group = tab?.closest('.tabs');
    if (!tab || !group) return;
    const tabs = tabsOf(group);
    const i = tabs.indexOf(tab);
    const next = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = tabs[(next + tabs.length) % tabs.length];
    choose(group, target, target.dataset.label ?? '');
    target.focus();
  });
  applyRemembered();
}
