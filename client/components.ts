import { onNavigated } from './dom.js';

/**
 * Code that only some pages need, loaded when a page shown has such a component (now: tabs),
 * so other pages download none of it.
 */
let tabs: Promise<typeof import('./tabs.js')> | undefined;

function load(): void {
  if (!document.querySelector('.tabs')) return;
  if (!tabs) {
    tabs = import('./tabs.js');
    tabs.then((m) => m.initTabs()).catch(() => (tabs = undefined)); // a failed load is tried again on the next page
  } else tabs.then((m) => m.enhanceAll()).catch(() => {});
}

export function initComponents(): void {
  load();
  onNavigated((samePage) => samePage || load());
}
