/**
 * How search reads text: the same on both sides, so that what the build indexes and what a reader
 * types become the same terms. Used by the indexer (src/search/) and the browser (client/search/).
 */

/** Words that carry no meaning in a question ("how do I ...") and would only bloat the index. */
export const STOP_WORDS = new Set(
  'a an and are as at be but by can do does for from how i if in into is it its me my of on or so such that the their then there these they this to was we were what when where which while who why will with you your'.split(' '),
);

/**
 * A word of the text: a run of letters and digits. Numbers as the docs print them stay whole:
 * "10,000" (read as 10000, as a reader types it), "0.0002", "1.5".
 */
const WORD = /\p{N}{1,3}(?:,\p{N}{3})+(?!\p{N})|\p{N}+(?:\.\p{N}+)+|[\p{L}\p{N}]+/gu;

export interface Word {
  /** The word, without thousands separators. */
  text: string;
  /** Offset in the text passed to `words()`. */
  index: number;
  /** Length in that text. */
  length: number;
}

/** The words of a text, with their place in it (for highlighting). */
export function words(text: string): Word[] {
  return [...text.matchAll(WORD)].map((m) => ({ text: m[0].replace(/,/g, ''), index: m.index, length: m[0].length }));
}

/** Lower case without accents: "Café" -> "cafe". */
export function fold(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * A light English stemmer for plurals and -ing forms (and a final "e", so that "cache", "caches"
 * and "caching" meet). Not Porter: it must leave prefixes a reader is still typing intact.
 */
export function stem(word: string): string {
  if (word.length < 3 || /\d/.test(word)) return word;
  let s = word;
  if (s.endsWith('ies') && s.length > 4) s = `${s.slice(0, -3)}y`;
  else if (/(ss|x|z|ch|sh)es$/.test(s)) s = s.slice(0, -2);
  else if (s.endsWith('s') && !/(ss|us|is)$/.test(s)) s = s.slice(0, -1);
  if (s.endsWith('ing')) {
    const base = s.slice(0, -3);
    if (base.length >= 2 && /[aeiouy]/.test(base)) s = /([^aeiouslz])\1$/.test(base) ? base.slice(0, -1) : base;
  }
  if (s.length > 2 && s.endsWith('e') && !s.endsWith('ee')) s = s.slice(0, -1);
  return s;
}

/**
 * The longest term: longer words (a hash, a pasted blob) are indexed, and looked up, by their
 * first 64 characters. Without a cap, a run of long words sharing a prefix gives one shard level a letter.
 */
export const MAX_TERM_LENGTH = 64;

/** The term a word is indexed under, or null for a stop word or a lone letter. */
export function term(word: string): string | null {
  const folded = fold(word.length > MAX_TERM_LENGTH ? word.slice(0, MAX_TERM_LENGTH) : word);
  if (folded.length < 2 && !/\d/.test(folded)) return null;
  if (STOP_WORDS.has(folded)) return null;
  return stem(folded);
}

/** The terms of a word: itself, and its parts when it is camelCase ("getItem" -> getitem, get, item). */
export function termsOfWord(word: string): string[] {
  const whole = term(word);
  const out = whole ? [whole] : [];
  const parts = word.split(/(?<=\p{Ll})(?=\p{Lu})/u);
  if (parts.length > 1) for (const p of parts) {
    const t = term(p);
    if (t && !out.includes(t)) out.push(t);
  }
  return out;
}

/** Terms of words already seen: a site repeats its words, and the build reads millions of them. */
const seen = new Map<string, string[]>();

/** Calls `fn` with every term of a text, in order (the indexer's tokenizer, without an array). */
export function forEachTerm(text: string, fn: (term: string) => void): void {
  const re = new RegExp(WORD.source, WORD.flags);
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const word = m[0];
    let list = seen.get(word);
    if (!list) {
      list = termsOfWord(word.includes(',') ? word.replace(/,/g, '') : word);
      if (seen.size >= 100_000) seen.clear();
      seen.set(word, list);
    }
    for (const t of list) fn(t);
  }
}

/** Every term of a text, in order. */
export function terms(text: string): string[] {
  const out: string[] = [];
  forEachTerm(text, (t) => out.push(t));
  return out;
}

/** Second words of verbs a reader may write as one word: "log in" / "login", "set up" / "setup". */
const PARTICLES = new Set(['in', 'up', 'out', 'off', 'down', 'back', 'over']);

/** The verb of such a pair: a short word, not a plural ("steps in" is no compound). */
const VERB = /^\p{L}{2,5}$/u;

/**
 * The one-word forms of "log in", "sign up", "set up" and the like in a title or heading, with
 * where they are: indexed beside the words themselves, so "login" finds a page titled "Log in".
 */
export function compounds(text: string): (Word & { term: string })[] {
  const out: (Word & { term: string })[] = [];
  const list = words(text);
  for (let i = 0; i + 1 < list.length; i++) {
    const [a, b] = [list[i], list[i + 1]];
    const particle = b.text.toLowerCase();
    if (!PARTICLES.has(particle) || !VERB.test(a.text) || /[^s]s$/i.test(a.text) || a.index + a.length + 1 !== b.index || text[a.index + a.length] !== ' ') continue;
    out.push({ text: text.slice(a.index, b.index + b.length), index: a.index, length: b.index + b.length - a.index, term: stem(fold(a.text) + particle) });
  }
  return out;
}
