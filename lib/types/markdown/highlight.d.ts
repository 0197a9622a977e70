import type { Token } from './tokens.js';
/**
 * Build-time syntax highlighting. Either highlighter gives lines of tokens, each token one of a few
 * kinds (`tk` keyword, `ts` string, `tn` number or constant, `tc` comment, `tf` function or type,
 * `tp` property or variable, `tm` meta), emitted as a short class whose light and dark colours live
 * in the stylesheet: one pass for both themes, no style attribute per token, and the site's own
 * colours, checked for contrast. Nothing ships to the browser.
 */
/** Which grammars highlight code: highlight.js's (the default) or VS Code's TextMate grammars (Shiki). */
export type HighlighterName = 'lowlight' | 'shiki';
/** Languages shown as plain text, without highlighting. */
export declare const PLAIN: Set<string>;
/** Whether a fence's language is one we highlight (or show as plain text). */
export declare function isKnownLanguage(lang: string, highlighter: HighlighterName): boolean;
/** The names a writer may use, for the unknown-language message. */
export declare function knownLanguages(highlighter: HighlighterName): string[];
/** Code as lines of tokens; plain text for a language without highlighting. */
export declare function highlightLines(lang: string, code: string, highlighter: HighlighterName): Token[][];
