declare const en: {
    'copy.done': 'Copied';
    'copy.manual': 'Press Ctrl+C';
    'copy.button': 'Copy';
    'drawer.open': 'Open navigation';
    'drawer.close': 'Close navigation';
    'progress.label': 'Loading page';
    'theme.toDark': 'Switch to dark theme';
    'theme.toLight': 'Switch to light theme';
    'search.label': 'Search the documentation';
    'search.placeholder': 'Search the docs';
    'search.close': ' (close search)';
    'search.results': 'Search results';
    'search.help': '↑ ↓ to move, Enter to open, Esc to close';
    'search.searching': 'Searching…';
    'search.unavailable': 'Search is unavailable: its index could not be loaded. Check your connection and try again.';
    'search.loadFailed': 'Search could not be loaded. Check your connection and try again.';
    'search.count.one': '{n} result';
    'search.count.other': '{n} results';
    'search.none': 'No results for “{query}”. Try a shorter query or fewer words.';
    'search.button': string;
    skip: string;
    'sidebar.label': string;
    'toc.title': string;
    'page.edit': string;
    'page.markdown': string;
    'page.prevNext': string;
    'page.prev': string;
    'page.next': string;
    'notFound.title': string;
    'notFound.text': string;
    'notFound.home': string;
    'notFound.search': string;
    'language.menu': string;
    'language.fallback': string;
    'version.menu': string;
    'version.banner': string;
    'version.current': string;
    'version.next': string;
    'page.updated': string;
    'copy.code': string;
};
export type StringKey = keyof typeof en;
export type Strings = Record<StringKey, string>;
/** Built-in tables by language subtag ("de"), or by language and script or region ("zh-CN"). */
export declare const BUILT_IN: Record<string, Partial<Strings>>;
/** The languages with a built-in table, for the README and tests. */
export declare const BUILT_IN_LANGUAGES: string[];
/** The strings of a language: the built-in table over English, then the project's own. */
export declare function stringsFor(lang: string, overrides?: Partial<Record<string, string>>): Strings;
/** The English strings: what a single-language English site shows, unchanged. */
export declare const ENGLISH: Strings;
export type Translate = (key: StringKey, values?: Record<string, string | number>) => string;
export declare function translator(strings: Strings): Translate;
/** Keys a project may override: unknown ones are a configuration error. */
export declare const STRING_KEYS: StringKey[];
export {};
