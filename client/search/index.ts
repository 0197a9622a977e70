/**
 * The search dialog, loaded on first use by ./trigger.ts. A modal dialog holds a combobox input
 * and a listbox of result links (the ARIA 1.2 combobox pattern, focus stays in the input).
 * Everything shown is set as text, never parsed as HTML.
 */
import { withBase } from '../../src/shared/paths.js';
import { base } from '../dom.js';
import { SearchEngine, type SearchHit } from './engine.js';
import { highlight, snippet, type Segment } from './highlight.js';
import type { text as Text } from '../strings.js';

const LIST_ID = 'docs-search-results';
const LIMIT = 10;

interface View {
  dialog: HTMLDialogElement;
  input: HTMLInputElement;
  list: HTMLElement;
  status: HTMLElement;
}

let view: View | undefined;
let engine: Promise<SearchEngine> | undefined;
let hits: SearchHit[] = [];
let active = -1;
let opener: HTMLElement | null = null;
/** Each query gets a number; an answer that arrives after a newer query started is dropped. */
let sequence = 0;

/**
 * The page's interface strings (client/strings.ts), handed over by the trigger: importing them
 * here would split them into a chunk of their own, one more request on every page.
 */
let text: typeof Text = (key) => key;

/** Opens the dialog (creating it the first time) and focuses the search box. */
/** `typed`: what the reader typed after the shortcut while the dialog was on its way: the query. */
export function openSearch(from: HTMLElement | null, strings: typeof Text = text, typed = ''): void {
  text = strings;
  const v = (view ??= createView());
  if (!v.dialog.open) {
    opener = from;
    v.dialog.showModal();
  }
  v.input.focus();
  if (typed) {
    v.input.value = typed;
    v.input.dispatchEvent(new Event('input'));
  } else v.input.select();
  void loadEngine().catch(() => undefined);
}

function loadEngine(): Promise<SearchEngine> {
  if (!engine) {
    engine = SearchEngine.open(
      document.querySelector<HTMLMetaElement>('meta[name="docs:search"]')?.content ?? withBase(base, 'search.json'),
      loadJson,
    );
    engine.catch(() => (engine = undefined));
  }
  return engine;
}

/** The manifest has a fixed name, so it is revalidated; everything it points to is content-hashed. */
async function loadJson(url: string): Promise<unknown> {
  const response = await fetch(url, url.endsWith('/search.json') ? { cache: 'no-cache' } : undefined);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.json();
}

function createView(): View {
  const dialog = element('dialog', { class: 'search-dialog', 'aria-label': text('search.label') });
  const box = element('div', { class: 'search-box' });
  const input = element('input', {
    type: 'search',
    role: 'combobox',
    class: 'search-input',
    'aria-label': text('search.label'),
    'aria-expanded': 'false',
    'aria-controls': LIST_ID,
    'aria-autocomplete': 'list',
    autocomplete: 'off',
    autocapitalize: 'off',
    spellcheck: 'false',
    enterkeyhint: 'go',
    placeholder: text('search.placeholder'),
  });
  // The visible "Esc" starts the accessible name, so voice control users can say what they see.
  const close = element('button', { type: 'button', class: 'search-close' });
  const hidden = element('span', { class: 'sr-only' });
  hidden.textContent = text('search.close');
  close.append('Esc', hidden);
  box.append(input, close);
  const status = element('p', { class: 'search-status', role: 'status' });
  const list = element('div', {
    id: LIST_ID,
    class: 'search-results',
    role: 'listbox',
    'aria-label': text('search.results'),
  });
  const help = element('p', { class: 'search-help', 'aria-hidden': 'true' });
  help.textContent = text('search.help');
  dialog.append(box, status, list, help);
  document.body.append(dialog);

  input.addEventListener('input', () => void run(input.value));
  input.addEventListener('keydown', onKeydown);
  close.addEventListener('click', () => closeSearch(true));
  // Escape from anywhere in the dialog; the browser's own handling would not restore focus our way.
  dialog.addEventListener('cancel', (event) => {
    event.preventDefault();
    closeSearch(true);
  });
  // A click on the backdrop (outside the panel) closes.
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) closeSearch(true);
  });
  list.addEventListener('click', onResultClick);
  list.addEventListener('mousemove', (event) => {
    const option = (event.target as Element).closest<HTMLElement>('[role="option"]');
    if (option) select(Number(option.dataset.index), false);
  });
  return { dialog, input, list, status };
}

function onKeydown(event: KeyboardEvent): void {
  if (event.isComposing) return;
  if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
    event.preventDefault();
    if (!hits.length) return;
    const step = event.key === 'ArrowDown' ? 1 : -1;
    select((active + step + hits.length) % hits.length, true);
  } else if (event.key === 'Enter') {
    event.preventDefault();
    const hit = hits[active >= 0 ? active : 0];
    if (hit) open(hit.url);
  } else if (event.key === 'Escape') {
    // Handled here so Chrome does not just clear the search field.
    event.preventDefault();
    closeSearch(true);
  }
}

function onResultClick(event: MouseEvent): void {
  const link = (event.target as Element).closest<HTMLAnchorElement>('a[href]');
  // New tab or window: the browser's way.
  if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  open(link.href);
}

/** Closes the dialog and goes to the result through the router (no reload), or loads it. */
function open(href: string): void {
  closeSearch(false);
  const navigate = new CustomEvent('docs:navigate', { detail: { href }, cancelable: true });
  document.dispatchEvent(navigate);
  if (!navigate.defaultPrevented) location.assign(href);
}

function closeSearch(restoreFocus: boolean): void {
  if (!view?.dialog.open) return;
  view.dialog.close();
  const target = opener?.isConnected ? opener : document.querySelector<HTMLElement>('.search-button');
  if (restoreFocus) target?.focus();
  opener = null;
}

async function run(query: string): Promise<void> {
  const mine = ++sequence;
  const started = performance.now();
  if (!query.trim()) {
    render([], '', query);
    return;
  }
  // Only a slow answer (first use on a slow network) says it is on its way.
  const slow = setTimeout(() => mine === sequence && (view!.status.textContent = text('search.searching')), 300);
  let found: SearchHit[];
  try {
    const ready = await loadEngine();
    found = await ready.search(query, LIMIT);
  } catch {
    if (mine !== sequence) return;
    render([], text('search.unavailable'), query);
    return;
  } finally {
    clearTimeout(slow);
  }
  if (mine !== sequence) return;
  const message = found.length
    ? text(found.length === 1 ? 'search.count.one' : 'search.count.other', { n: found.length })
    : text('search.none', { query: query.trim() });
  render(found, message, query);
  performance.mark?.('docs-search-shown', { detail: performance.now() - started });
}

/** Shows results (or a message); `data-query` on the status tells tests and the benchmark which query they answer. */
function render(found: SearchHit[], message: string, query: string): void {
  const { input, list, status } = view!;
  hits = found;
  active = -1;
  status.textContent = message;
  status.dataset.query = query;
  list.replaceChildren(...found.map(renderHit));
  input.setAttribute('aria-expanded', String(found.length > 0));
  if (found.length) select(0, false);
  else input.removeAttribute('aria-activedescendant');
}

/** A result is a link with the option role: it opens like any link (new tab included), and focus stays in the box. */
function renderHit(hit: SearchHit, index: number): HTMLAnchorElement {
  const matched = new Set(hit.terms);
  const link = element('a', {
    href: hit.url,
    role: 'option',
    id: `${LIST_ID}-${index}`,
    class: 'search-result',
    'aria-selected': 'false',
    tabindex: '-1',
  });
  link.dataset.index = String(index);
  if (!hit.heading) link.classList.add('search-result-page');
  // Where the result is: "Group › Page title", then the heading (or the title, for a page).
  const path = element('span', { class: 'search-result-path' });
  const showGroup = hit.group && hit.group !== hit.title;
  if (showGroup) {
    const group = element('span', { class: 'search-result-group' });
    group.append(...marks(highlight(hit.group, matched)));
    path.append(group);
  }
  const title = element('span', { class: 'search-result-title' });
  title.append(...marks(highlight(hit.title, matched)));
  if (hit.heading) {
    if (showGroup) path.append(separator());
    path.append(title);
    const heading = element('span', { class: 'search-result-heading' });
    heading.append(...marks(highlight(hit.heading, matched)));
    link.append(path, heading);
  } else {
    if (showGroup) link.append(path);
    link.append(title);
  }
  if (hit.text) {
    const text = element('span', { class: 'search-result-snippet' });
    text.append(...marks(snippet(hit.text, matched)));
    link.append(text);
  }
  return link;
}

function select(index: number, scroll: boolean): void {
  const { input, list } = view!;
  if (index === active || !hits[index]) return;
  list.querySelector('[aria-selected="true"]')?.setAttribute('aria-selected', 'false');
  const option = list.children[index] as HTMLElement;
  option.setAttribute('aria-selected', 'true');
  input.setAttribute('aria-activedescendant', option.id);
  active = index;
  if (scroll) option.scrollIntoView({ block: 'nearest' });
}

function separator(): HTMLElement {
  const node = element('span', { class: 'search-result-separator', 'aria-hidden': 'true' });
  node.textContent = ' › ';
  return node;
}

/** Text nodes and <mark>s: the text is never parsed as HTML. */
function marks(segments: Segment[]): Node[] {
  return segments.map((s) => {
    if (!s.mark) return document.createTextNode(s.text);
    const mark = document.createElement('mark');
    mark.textContent = s.text;
    return mark;
  });
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string>,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}
