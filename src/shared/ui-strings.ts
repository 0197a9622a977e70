/**
 * The interface strings of the browser runtime, in English. A page in another language carries its
 * translations of them in `<meta name="docs:strings">` (src/i18n/render.tsx); the runtime reads them
 * with `text()` (client/strings.ts). Shared so that the build's tables (src/i18n/strings.ts) name
 * the same keys.
 */
export const CLIENT_STRINGS = {
  'copy.done': 'Copied',
  'copy.manual': 'Press Ctrl+C',
  'copy.button': 'Copy',
  'drawer.open': 'Open navigation',
  'drawer.close': 'Close navigation',
  'progress.label': 'Loading page',
  'theme.toDark': 'Switch to dark theme',
  'theme.toLight': 'Switch to light theme',
  'search.label': 'Search the documentation',
  'search.placeholder': 'Search the docs',
  'search.close': ' (close search)',
  'search.results': 'Search results',
  'search.help': '↑ ↓ to move, Enter to open, Esc to close',
  'search.searching': 'Searching…',
  'search.unavailable': 'Search is unavailable: its index could not be loaded. Check your connection and try again.',
  'search.loadFailed': 'Search could not be loaded. Check your connection and try again.',
  'search.count.one': '{n} result',
  'search.count.other': '{n} results',
  'search.none': 'No results for “{query}”. Try a shorter query or fewer words.',
} as const;

export type ClientStringKey = keyof typeof CLIENT_STRINGS;

/** Fills `{name}` placeholders of a string. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (match, name: string) => (name in values ? String(values[name]) : match));
}
