/**
 * Tabs (src/markdown/builtins.ts): the server sends every panel headed by its label; this module
 * adds the tab list and the ARIA tabs pattern. Click or arrow keys (Home, End) select a tab;
 * groups with the same `data-sync-key` follow each other on the page, and the choice is kept in
 * localStorage so the next page opens on it. Loaded by client/components.ts only on pages with tabs.
 */
const STORAGE = 'docs:tabs:';
let groups = 0;

function tabsOf(group: Element): HTMLElement[] {
  return [...group.querySelectorAll<HTMLElement>(':scope > .tab-list > [role="tab"]')];
}

/** Builds the tab list of a group from its panels' labels. */
function enhance(group: HTMLElement): void {
  const id = `tab-${++groups}`;
  const list = document.createElement('div');
  list.className = 'tab-list';
  list.setAttribute('role', 'tablist');
  if (group.dataset.label) list.setAttribute('aria-label', group.dataset.label);
  // A code group's panels are its code blocks, labelled by their titles; the first is shown until another is chosen.
  const panels = [...group.querySelectorAll<HTMLElement>(':scope > .tab-panel, :scope > .code-block')];
  if (!panels.some((p) => p.classList.contains('active'))) panels[0]?.classList.add('active');
  panels.forEach((panel, i) => {
    const tab = document.createElement('button');
    const label =
      panel.querySelector(':scope > .tab-label, :scope > .code-head > .code-title')?.textContent ?? `Tab ${i + 1}`;
    const active = panel.classList.contains('active');
    Object.assign(tab, { type: 'button', id: `${id}-${i + 1}`, textContent: label, tabIndex: active ? 0 : -1 });
    tab.dataset.label = label;
    tab.setAttribute('role', 'tab');
    tab.setAttribute('aria-selected', String(active));
    tab.setAttribute('aria-controls', `${tab.id}-panel`);
    list.append(tab);
    Object.assign(panel, { id: `${tab.id}-panel`, tabIndex: 0 });
    panel.setAttribute('role', 'tabpanel');
    panel.setAttribute('aria-labelledby', tab.id);
  });
  group.prepend(list);
  group.classList.add('tabs-ready');
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
  if (!key) {
    select(group, label);
    return;
  }
  const top = tab.getBoundingClientRect().top;
  document.querySelectorAll(`.tabs[data-sync-key="${CSS.escape(key)}"]`).forEach((g) => select(g, label));
  try {
    localStorage.setItem(STORAGE + key, label);
  } catch {
    // not remembered; the page still follows
  }
  // Groups above may have changed height: the reader's place stays under the pointer.
  window.scrollBy(0, tab.getBoundingClientRect().top - top);
}

/** Adds the tab lists of the page shown (the first, or one the router swapped in) and opens synchronised groups on the remembered choice. */
export function enhanceAll(): void {
  document.querySelectorAll<HTMLElement>('.tabs:not(.tabs-ready)').forEach((group) => {
    enhance(group);
    const label = group.dataset.syncKey && remembered(group.dataset.syncKey);
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
  enhanceAll();
}
