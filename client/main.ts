/** The browser runtime: enhances the static HTML. Every feature is its own module. */
import { initAnalytics } from './analytics.js';
import { initBanner } from './banner.js';
import { initComponents } from './components.js';
import { initChunks } from './chunks.js';
import { initCopyButtons } from './copy.js';
import { initDrawer } from './drawer.js';
import { initPrefetch } from './prefetch.js';
import { initRouter } from './router.js';
import { initScrollSpy } from './scroll-spy.js';
import { initSearchTrigger } from './search/trigger.js';
import { initSidebarGroups } from './sidebar.js';
import { initTheme } from './theme.js';
import { initTopNav } from './top-nav.js';
import { NAVIGATED } from './dom.js';

/**
 * The modules a page names in its content (`<link rel="modulepreload" data-docs-module>`: a feature's,
 * such as the API reference's try-it panels, or a plugin's), imported on load and after each page the
 * router shows. A module runs once a visit, as ES modules do; pages that name none load none.
 */
function initPageModules(): void {
  const load = () => {
    for (const link of document.querySelectorAll<HTMLLinkElement>('link[data-docs-module]')) import(link.href);
  };
  load();
  document.addEventListener(NAVIGATED, load);
}

// The inline head script sets this before first paint; set again in case a policy blocked it.
document.documentElement.classList.add('js');
initTheme();
initBanner();
initCopyButtons();
initChunks();
initRouter();
initScrollSpy();
initSearchTrigger();
initDrawer();
initSidebarGroups();
initTopNav();
initPrefetch();
initAnalytics();
initComponents();
initPageModules();
// Every feature is listening: tests (and tools) wait for this rather than for `html.js`.
document.documentElement.dataset.runtime = 'ready';
