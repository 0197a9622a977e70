import { highlightJs } from './highlight-lowlight.js';
import { shiki } from './highlight-shiki.js';
import type { Backend, Token } from './tokens.js';

/**
 * Build-time syntax highlighting. Either highlighter gives lines of tokens, each token one of a few
 * kinds (`tk` keyword, `ts` string, `tn` number or constant, `tc` comment, `tf` function or type,
 * `tp` property or variable, `tm` meta), emitted as a short class whose light and dark colours live
 * in the stylesheet: one pass for both themes, no style attribute per token, and the site's own
 * colours, checked for contrast. Nothing ships to the browser.
 */

/** Which grammars highlight code: highlight.js's (the default) or VS Code's TextMate grammars (Shiki). */
export type HighlighterName = 'lowlight' | 'shiki';

const BACKENDS: Record<HighlighterName, Backend> = { lowlight: highlightJs, shiki };

/** Languages shown as plain text, without highlighting. */
export const PLAIN = new Set(['text', 'txt', 'plain', 'plaintext', 'output', 'log']);

/** Whether a fence's language is one we highlight (or show as plain text). */
export function isKnownLanguage(lang: string, highlighter: HighlighterName): boolean {
  const name = lang.toLowerCase();
  return PLAIN.has(name) || BACKENDS[highlighter].knows(name);
}

/** The names a writer may use, for the unknown-language message. */
export function knownLanguages(highlighter: HighlighterName): string[] {
  return ['text', ...BACKENDS[highlighter].names()];
}

/** Code as lines of tokens; plain text for a language without highlighting. */
export function highlightLines(lang: string, code: string, highlighter: HighlighterName): Token[][] {
  const name = lang.toLowerCase();
  if (PLAIN.has(name) || !BACKENDS[highlighter].knows(name))
    return code.split('\n').map((text) => (text ? [{ text, kind: '' }] : []));
  return BACKENDS[highlighter].lines(name, code);
}
