/**
 * The interface strings of the browser runtime, in English. A page in another language carries its
 * translations of them in `<meta name="docs:strings">` (src/i18n/render.tsx); the runtime reads them
 * with `text()` (client/strings.ts). Shared so that the build's tables (src/i18n/strings.ts) name
 * the same keys.
 */
export declare const CLIENT_STRINGS: {
    readonly 'copy.done': 'Copied';
    readonly 'copy.manual': 'Press Ctrl+C';
    readonly 'copy.button': 'Copy';
    readonly 'drawer.open': 'Open navigation';
    readonly 'drawer.close': 'Close navigation';
    readonly 'progress.label': 'Loading page';
    readonly 'theme.toDark': 'Switch to dark theme';
    readonly 'theme.toLight': 'Switch to light theme';
    readonly 'search.label': 'Search the documentation';
    readonly 'search.placeholder': 'Search the docs';
    readonly 'search.close': ' (close search)';
    readonly 'search.results': 'Search results';
    readonly 'search.help': '↑ ↓ to move, Enter to open, Esc to close';
    readonly 'search.searching': 'Searching…';
    readonly 'search.unavailable': 'Search is unavailable: its index could not be loaded. Check your connection and try again.';
    readonly 'search.loadFailed': 'Search could not be loaded. Check your connection and try again.';
    readonly 'search.count.one': '{n} result';
    readonly 'search.count.other': '{n} results';
    readonly 'search.none': 'No results for “{query}”. Try a shorter query or fewer words.';
};
export type ClientStringKey = keyof typeof CLIENT_STRINGS;
/** Fills `{name}` placeholders of a string. */
export declare function fill(text: string, values: Record<string, string | number>): string;
