// The live-reload client of `docs dev`, injected into every page the dev server sends (never into
// a build). It listens to the server's events: `reload` reloads the tab where it was scrolled,
// `style` swaps the stylesheet in place, `problems` shows what is wrong over the page.
// Compiled on its own when `docs dev` starts (src/dev/index.ts): the browser runtime's bundle must not carry dev-only code.

const SCROLL_KEY = 'docs-dev-scroll';
const events = new EventSource(new URL('events', import.meta.url));
let serverId: string | null = null;
let overlay: HTMLElement | null = null;

/** A problem as the server sends it (src/dev/problems.ts). */
interface DevProblem {
  file?: string;
  line?: number;
  column?: number;
  message: string;
  fix?: string;
}

events.addEventListener('hello', (event: MessageEvent<string>) => {
  const { id } = JSON.parse(event.data) as { id: string };
  // A different id after a reconnect: the server restarted, so this page may be stale.
  if (serverId !== null && serverId !== id) reload();
  serverId = id;
});
events.addEventListener('reload', (event: MessageEvent<string>) => reload(movedTo(event)));
events.addEventListener('style', (event: MessageEvent<string>) => {
  const { href, previous } = JSON.parse(event.data) as { href: string; previous: string };
  swapStylesheet(href, previous);
  hideOverlay();
});
events.addEventListener('problems', (event: MessageEvent<string>) => {
  const { problems, reload: changed } = JSON.parse(event.data) as { problems: DevProblem[]; reload?: boolean };
  // The page changed too: reload it; the server sends the problems again on reconnect.
  if (changed) reload(movedTo(event));
  else showOverlay(problems);
});

restoreScroll();

/** Where this page went, when its `slug` changed (src/dev/builder.ts `movedPages`): the tab follows it there. */
function movedTo(event: MessageEvent<string>): string | undefined {
  const { moved } = JSON.parse(event.data) as { moved?: Record<string, string> };
  return moved?.[location.pathname];
}

function reload(to?: string) {
  if (to) {
    location.replace(to + location.hash);
    return;
  }
  try {
    sessionStorage.setItem(SCROLL_KEY, JSON.stringify({ url: location.href, x: scrollX, y: scrollY }));
  } catch {
    // Storage blocked: reload without keeping the position.
  }
  location.reload();
}

/** Back where the reader was, once the page (and the runtime's own scrolling) has settled. */
function restoreScroll() {
  let saved: { url: string; x: number; y: number } | null = null;
  try {
    saved = JSON.parse(sessionStorage.getItem(SCROLL_KEY) ?? 'null');
    sessionStorage.removeItem(SCROLL_KEY);
  } catch {
    return;
  }
  if (!saved || saved.url !== location.href) return;
  const at = saved;
  const restore = () => requestAnimationFrame(() => scrollTo(at.x, at.y));
  if (document.readyState === 'complete') restore();
  else addEventListener('load', restore, { once: true });
}

/** Loads the new stylesheet beside the old one and drops the old one once it applies: no flash. */
function swapStylesheet(href: string, previous: string) {
  const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];
  const old =
    links.find((link) => link.getAttribute('href') === previous) ??
    links.find((link) => link.getAttribute('href')?.includes('/assets/style.'));
  if (!old) {
    reload();
    return;
  }
  const next = old.cloneNode() as HTMLLinkElement;
  next.setAttribute('href', href);
  next.addEventListener('load', () => old.remove(), { once: true });
  next.addEventListener('error', () => reload(), { once: true });
  old.after(next);
}

function hideOverlay() {
  overlay?.remove();
  overlay = null;
}

function showOverlay(problems: DevProblem[]) {
  hideOverlay();
  if (!problems.length) return;
  overlay = document.createElement('docs-dev-overlay');
  const root = overlay.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  style.textContent = OVERLAY_CSS;
  const panel = element('section', { class: 'panel', role: 'alertdialog', 'aria-labelledby': 'docs-dev-title' });
  const close = element(
    'button',
    { type: 'button', class: 'close', 'aria-label': 'Close (Esc): the problems stay until fixed' },
    '×',
  );
  close.addEventListener('click', hideOverlay);
  const count = `${problems.length} problem${problems.length === 1 ? '' : 's'}`;
  panel.append(
    close,
    element('h2', { id: 'docs-dev-title' }, `The site has ${count}`),
    element('p', { class: 'hint' }, 'Fix and save the file: this page reloads by itself.'),
  );
  const list = element('ol');
  for (const p of problems) {
    const where = [p.file, p.line, p.column].filter((part) => part != null).join(':');
    const item = element(
      'li',
      {},
      element('code', { class: 'where' }, where),
      element('p', { class: 'what' }, p.message),
    );
    if (p.fix) item.append(element('p', { class: 'fix' }, `Fix: ${p.fix}`));
    list.append(item);
  }
  panel.append(list);
  root.append(style, panel);
  document.body.append(overlay);
  close.focus({ preventScroll: true });
}

addEventListener('keydown', (event) => {
  if (event.key === 'Escape' && overlay) hideOverlay();
});

function element(tag: string, attributes: Record<string, string> = {}, ...children: (Node | string)[]): HTMLElement {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

const OVERLAY_CSS = `
:host { all: initial; position: fixed; inset: 0; z-index: 2147483647; display: block; overflow: auto;
  background: rgb(0 0 0 / 0.55); font: 15px/1.5 system-ui, sans-serif; }
.panel { position: relative; box-sizing: border-box; max-width: 52rem; margin: 4rem auto; padding: 1.5rem 2rem;
  background: #fff; color: #1b1b1f; border-top: 6px solid #c62828; border-radius: 8px; box-shadow: 0 12px 40px rgb(0 0 0 / 0.35); }
h2 { margin: 0 2rem 0.25rem 0; font-size: 1.25rem; color: #b71c1c; }
.hint { margin: 0 0 1rem; color: #555; }
ol { margin: 0; padding-left: 1.25rem; }
li { margin: 0 0 1rem; }
.where { font: 13px/1.4 ui-monospace, SFMono-Regular, Menlo, monospace; font-weight: 600; }
.what { margin: 0.2rem 0 0; }
.fix { margin: 0.2rem 0 0; color: #2e5e2e; }
.close { position: absolute; top: 0.75rem; right: 0.75rem; width: 2.25rem; height: 2.25rem; border: 0; border-radius: 50%;
  background: transparent; color: inherit; font-size: 1.5rem; line-height: 1; cursor: pointer; }
.close:hover, .close:focus-visible { background: #eee; outline: 2px solid #1565c0; }
@media (prefers-color-scheme: dark) {
  .panel { background: #1e1e24; color: #eee; }
  .hint { color: #aaa; }
  .fix { color: #9ccc9c; }
  .close:hover, .close:focus-visible { background: #333; }
}
`;
