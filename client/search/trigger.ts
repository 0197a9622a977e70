/**
 * The only search code in a page's initial script: it waits for the search button, `/` or
 * Ctrl/Cmd-K and only then loads the search dialog (./index.ts) and its index.
 */
import { text } from '../strings.js';
type SearchModule = typeof import('./index.js');

let loading: Promise<SearchModule> | undefined;
/**
 * What is typed between the shortcut and the dialog's input taking focus (its code may still be on
 * its way): kept and given to the input, so a fast "/webhook" searches "webhook", not "ebhook".
 * Null when no dialog is on its way.
 */
let typedAhead: string | null = null;

function load(): Promise<SearchModule> {
  loading ??= import('./index.js');
  loading.catch(() => (loading = undefined));
  return loading;
}

function open(from: Element | null): void {
  typedAhead ??= '';
  load().then(
    (search) => {
      const typed = typedAhead ?? '';
      typedAhead = null;
      search.openSearch(from instanceof HTMLElement ? from : null, text, typed);
    },
    () => {
      typedAhead = null;
      const announcer = document.getElementById('announcer');
      if (announcer) announcer.textContent = text('search.loadFailed');
    },
  );
}

/** Typing in a field: `/` is a character there, not a shortcut. */
function typing(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))
  );
}

export function initSearchTrigger(): void {
  const button = document.querySelector<HTMLButtonElement>('[data-search] .search-button');
  if (!button) return;
  button.addEventListener('click', () => open(button));
  // Focus means a click or Enter is likely next: start loading the code now.
  button.addEventListener('focus', () => void load().catch(() => undefined), { once: true });
  document.addEventListener('keydown', (event) => {
    if (event.defaultPrevented || event.isComposing) return;
    if (typedAhead !== null && !typing(event.target) && !event.ctrlKey && !event.metaKey && !event.altKey) {
      if (event.key.length === 1) typedAhead += event.key;
      else if (event.key === 'Backspace') typedAhead = typedAhead.slice(0, -1);
      else return;
      event.preventDefault();
      return;
    }
    if (event.altKey) return;
    const shortcut = (event.key === 'k' || event.key === 'K') && (event.ctrlKey || event.metaKey) && !event.shiftKey;
    const slash = event.key === '/' && !event.ctrlKey && !event.metaKey && !typing(event.target);
    if (!shortcut && !slash) return;
    event.preventDefault();
    open(document.activeElement);
  });
}
