/**
 * How search reads text: the same on both sides, so that what the build indexes and what a reader
 * types become the same terms. Used by the indexer (src/search/) and the browser (client/search/).
 */
/** Words that carry no meaning in a question ("how do I ...") and would only bloat the index. */
export declare const STOP_WORDS: Set<string>;
export interface Word {
    /** The word, without thousands separators. */
    text: string;
    /** Offset in the text passed to `words()`. */
    index: number;
    /** Length in that text. */
    length: number;
}
/**
 * The words of a run of letters that holds Chinese or Japanese, with their offsets in it: the
 * segmentation of `Intl.Segmenter` (ICU's dictionaries, in Node.js as in the browser), Japanese
 * when the run has kana, Chinese otherwise. Other runs are one word.
 */
export declare function segment(run: string): {
    text: string;
    index: number;
}[];
/** The words of a text, with their place in it (for highlighting). */
export declare function words(text: string): Word[];
/** Lower case without accents: "Café" -> "cafe". */
export declare function fold(word: string): string;
/**
 * A light English stemmer for plurals and -ing forms (and a final "e", so that "cache", "caches"
 * and "caching" meet). Not Porter: it must leave prefixes a reader is still typing intact.
 */
export declare function stem(word: string): string;
/**
 * The longest term: longer words (a hash, a pasted blob) are indexed, and looked up, by their
 * first 64 characters. Without a cap, a run of long words sharing a prefix gives one shard level a letter.
 */
export declare const MAX_TERM_LENGTH = 64;
/**
 * `stem`: the text is English, so its stop words are dropped and plurals and -ing forms stemmed;
 * false for other languages, whose words stay as written (but folded). The index records it, so
 * the browser reads a query the way the build read the pages.
 */
export declare function term(word: string, english?: boolean): string | null;
/** The terms of a word: itself, and its parts when it is camelCase ("getItem" -> getitem, get, item). */
export declare function termsOfWord(word: string, english?: boolean): string[];
/** Calls `fn` with every term of a text, in order (the indexer's tokenizer, without an array). */
export declare function forEachTerm(text: string, fn: (term: string) => void, english?: boolean): void;
/** Every term of a text, in order. */
export declare function terms(text: string, english?: boolean): string[];
/** Whether search stems a language's words and drops its stop words: only English, for which the rules above are written. */
export declare function isEnglish(lang: string): boolean;
/**
 * The one-word forms of "log in", "sign up", "set up" and the like in a title or heading, with
 * where they are: indexed beside the words themselves, so "login" finds a page titled "Log in".
 */
export declare function compounds(text: string): (Word & {
    term: string;
})[];
