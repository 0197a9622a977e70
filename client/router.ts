/**
 * Client-side navigation: links inside the base swap the page regions instead of loading a new
 * document. Back and forward restore the page and its scroll position; anything the router cannot
 * do (a chunk or the route table fails to load) becomes a full page load of the same address.
 */
import type { ChunkData } from '../src/shared/contract.js';
import { pageUrl } from '../src/shared/paths.js';
import { isLoaded, loadChunk, notFoundPage } from './chunks.js';
import { base, isPlainClick, NAVIGATE, NAVIGATED, routableUrl } from './dom.js';
import { applyHead } from './head.js';
import { doneProgress, startProgress } from './progress.js';
import { notFoundUrl, resolvePath, type Target } from './routes.js';

/** `push` follows a click, `pop` is back/forward, `initial` resolves an address `404.html` was served for. */
type Mode = 'push' | 'pop' | 'initial';

/** Scroll positions by history entry (`history.state.key`), saved when the entry is left. */
const positions = new Map<string, number>();
let currentKey = '';
/** The pathname of the page on screen; a history entry with the same one needs no swap. */
let shownPath = location.pathname;
/** Bumped by each navigation, so a slow one never overwrites a later one. */
let latest = 0;

const newKey = () => Math.random().toString(36).slice(2, 10);

export function initRouter(): void {
  history.scrollRestoration = 'manual';
  currentKey = history.state?.key ?? newKey();
  const saved: number | undefined = history.state?.scroll;
  const route = document.body.dataset.route;
  // "/docs/a/index.html" (or any other form a host answered) shows as the page's own "/docs/a/".
  const url = route ? pageUrl(base, route) + location.search + location.hash : location.href;
  history.replaceState({ ...history.state, key: currentKey }, '', url);
  shownPath = location.pathname;
  // Saved on `beforeunload` below: this entry is being reloaded or revisited. A page not yet as tall as it was
  // (its stylesheet or images still loading) is scrolled again once it has loaded.
  if (typeof saved === 'number') {
    scrollTo(0, saved);
    if (scrollY !== saved && document.readyState !== 'complete')
      addEventListener('load', () => scrollY === 0 && scrollTo(0, saved), { once: true });
  }

  document.addEventListener('click', onClick);
  // Other features (search results) navigate by event, so they need not import the router.
  document.addEventListener(NAVIGATE, onNavigateRequest);
  addEventListener('popstate', onPopState);
  // The browser no longer restores scroll positions (manual): keep this entry's for a reload.
  // (As Vue Router does: Chromium drops history changes made as late as `pagehide`.)
  addEventListener('beforeunload', () => history.replaceState({ ...history.state, scroll: scrollY }, ''));
  if (document.body.dataset.notFound) void navigate(location.href, 'initial');
}

function onClick(event: MouseEvent): void {
  if (event.defaultPrevented || !isPlainClick(event)) return;
  const url = routableUrl((event.target as Element | null)?.closest?.('a') ?? null);
  if (!url) return;
  event.preventDefault();
  if (url.pathname === location.pathname && url.search === location.search) jumpTo(url);
  else void navigate(url.href, 'push');
}

function onNavigateRequest(event: Event): void {
  const href = (event as CustomEvent<{ href?: string }>).detail?.href;
  if (typeof href !== 'string') return;
  const url = new URL(href, location.href);
  if (url.origin !== location.origin) return;
  event.preventDefault();
  if (url.pathname === location.pathname && url.search === location.search) jumpTo(url);
  else void navigate(url.href, 'push');
}

/** A link to a heading (or the top) of the page on screen: a history entry, no loading. */
function jumpTo(url: URL): void {
  if (url.hash !== location.hash) {
    positions.set(currentKey, scrollY);
    currentKey = newKey();
    history.pushState({ key: currentKey }, '', url.href);
  }
  if (!scrollToHash(url.hash)) scrollTo(0, 0);
  dispatchNavigated(true);
}

function onPopState(event: PopStateEvent): void {
  positions.set(currentKey, scrollY);
  currentKey = event.state?.key ?? newKey();
  if (!event.state?.key) history.replaceState({ ...event.state, key: currentKey }, '');
  if (location.pathname === shownPath) restoreScroll();
  else void navigate(location.href, 'pop');
}

async function navigate(href: string, mode: Mode): Promise<void> {
  const id = ++latest;
  const url = new URL(href, location.href);
  let target: Target | undefined;
  let page: ChunkData;
  let progress = false;
  try {
    target = await resolvePath(url.pathname);
    if (id !== latest) return;
    if (target.kind === 'external') return leave(target.url, mode);
    // `404.html` already shows the not-found page.
    if (target.kind === 'missing' && mode === 'initial') return;
    if (target.kind === 'page') {
      progress = !isLoaded(target.chunk);
      if (progress) startProgress();
      page = await loadChunk(target.chunk);
      // Another language has its own top bar, strings and direction: a full load shows them.
      if (page.head.lang !== document.documentElement.lang)
        return leave(new URL(target.path + url.search + url.hash, url).href, mode);
    } else {
      page = await notFoundPage(await notFoundUrl(url.pathname));
      // Another language's not-found page: a full load shows its top bar, strings and direction.
      if (page.head.lang !== document.documentElement.lang) return leave(url.href, mode);
    }
  } catch (error) {
    if (id !== latest) return;
    console.error('Failed to resolve async component', error);
    // A full load of the same address gets the static page (and, after a deploy, the new assets).
    const fallback = target?.kind === 'page' ? new URL(target.path + url.search + url.hash, url).href : url.href;
    if (mode !== 'initial' || new URL(fallback).pathname !== location.pathname) leave(fallback, mode);
    return;
  } finally {
    if (progress) doneProgress();
  }
  if (id !== latest) return;

  // A page shows at its own address; an unknown address stays as typed.
  const address = target.kind === 'page' ? target.path + url.search + url.hash : url.href;
  if (mode === 'push' && new URL(address, location.href).href !== location.href) {
    positions.set(currentKey, scrollY);
    currentKey = newKey();
    history.pushState({ key: currentKey }, '', address);
  } else {
    history.replaceState({ ...history.state, key: currentKey }, '', address);
  }
  show(page);
  shownPath = location.pathname;
  if (mode === 'pop') restoreScroll();
  else if (!scrollToHash(url.hash)) scrollTo(0, 0);
  if (mode !== 'initial') document.getElementById('page-title')?.focus({ preventScroll: true });
  const announcer = document.getElementById('announcer');
  if (announcer) announcer.textContent = document.title;
  dispatchNavigated(false);
}

function leave(url: string, mode: Mode): void {
  if (mode === 'push') location.assign(url);
  else location.replace(url);
}

/** Puts a page on screen: the three regions, the layout, the body's data and the head. */
function show(page: ChunkData): void {
  const region = (name: string) => document.querySelector<HTMLElement>(`[data-region="${name}"]`);
  const sidebar = region('sidebar');
  if (sidebar) {
    const top = sidebar.scrollTop;
    sidebar.innerHTML = page.regions.sidebar;
    sidebar.scrollTop = top;
  }
  region('content')!.innerHTML = page.regions.content;
  const toc = region('toc');
  if (toc) toc.innerHTML = page.regions.toc;
  document.querySelector('.layout')?.classList.toggle('wide', page.layout === 'page');
  const { dataset } = document.body;
  dataset.route = page.route;
  dataset.key = page.key;
  if (page.route) delete dataset.notFound;
  else dataset.notFound = 'true';
  applyHead(page.head);
}

function restoreScroll(): void {
  const y = positions.get(currentKey) ?? history.state?.scroll;
  if (typeof y === 'number') scrollTo(0, y);
  else if (!scrollToHash(location.hash)) scrollTo(0, 0);
}

/** Scrolls to the element a `#hash` names (the CSS scroll-padding keeps it below the top bar). */
function scrollToHash(hash: string): boolean {
  let id = '';
  try {
    id = decodeURIComponent(hash.slice(1));
  } catch {
    return false;
  }
  const element = id ? document.getElementById(id) : null;
  if (!element) return false;
  element.scrollIntoView();
  // As the browser does for a fragment: a focusable target (the skip link's <main>) takes focus.
  if (element.hasAttribute('tabindex')) element.focus({ preventScroll: true });
  return true;
}

function dispatchNavigated(samePage: boolean): void {
  document.dispatchEvent(new CustomEvent(NAVIGATED, { detail: { samePage } }));
}
