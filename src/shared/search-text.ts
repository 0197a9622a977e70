/**
 * How search reads text: the same on both sides, so that what the build indexes and what a reader
 * types become the same terms. Used by the indexer (src/search/) and the browser (client/search/).
 */

/** Words that carry no meaning in a question ("how do I ...") and would only bloat the index. */
export const STOP_WORDS = new Set(
  'a an and are as at be but by can do does for from how i if in into is it its me my of on or so such that the their then there these they this to was we were what when where which while who why will with you your'.split(
    ' ',
  ),
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

/** Chinese and Japanese write words without spaces between them: such a run is split by a dictionary. */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const segmenters = new Map<string, Intl.Segmenter>();

/**
 * The words of a run of letters that holds Chinese or Japanese, with their offsets in it: the
 * segmentation of `Intl.Segmenter` (ICU's dictionaries, in Node.js as in the browser), Japanese
 * when the run has kana, Chinese otherwise. Other runs are one word.
 */
export function segment(run: string): { text: string; index: number }[] {
  if (!CJK.test(run)) return [{ text: run, index: 0 }];
  const lang = KANA.test(run) ? 'ja' : 'zh';
  let segmenter = segmenters.get(lang);
  if (!segmenter) segmenters.set(lang, (segmenter = new Intl.Segmenter(lang, { granularity: 'word' })));
  return [...segmenter.segment(run)].filter((s) => s.isWordLike).map((s) => ({ text: s.segment, index: s.index }));
}

/** The words of a text, with their place in it (for highlighting). */
export function words(text: string): Word[] {
  return [...text.matchAll(WORD)].flatMap((m) =>
    segment(m[0]).map((w) => ({ text: w.text.replace(/,/g, ''), index: m.index + w.index, length: w.text.length })),
  );
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

/** Capitals and a lower-case "s": an acronym in the plural. */
const ACRONYM_PLURAL = /^\p{Lu}{2,}s$/u;

/**
 * `stem`: the text is English, so its stop words are dropped and plurals and -ing forms stemmed;
 * false for other languages, whose words stay as written (but folded). The index records it, so
 * the browser reads a query the way the build read the pages.
 */
export function term(word: string, english = true): string | null {
  // The plural of an acronym ("APIs", "URLs", "IDs") is the acronym: "is" endings are kept otherwise ("analysis").
  if (english && ACRONYM_PLURAL.test(word)) word = word.slice(0, -1);
  const folded = fold(word.length > MAX_TERM_LENGTH ? word.slice(0, MAX_TERM_LENGTH) : word);
  // A lone Chinese character is often a word of its own; a lone Latin letter or kana is not.
  if (folded.length < 2 && !/[\d\p{Script=Han}]/u.test(folded)) return null;
  if (!english) return folded;
  if (STOP_WORDS.has(folded)) return null;
  return stem(folded);
}

/** The terms of a word: itself, and its parts when it is camelCase ("getItem" -> getitem, get, item). */
export function termsOfWord(word: string, english = true): string[] {
  const whole = term(word, english);
  const out = whole ? [whole] : [];
  const parts = word.split(/(?<=\p{Ll})(?=\p{Lu})/u);
  if (parts.length > 1)
    for (const p of parts) {
      const t = term(p, english);
      if (t && !out.includes(t)) out.push(t);
    }
  return out;
}

/** Terms of words already seen (English, and other languages): a site repeats its words, and the build reads millions of them. */
const seen = { english: new Map<string, string[]>(), other: new Map<string, string[]>() };

/** Calls `fn` with every term of a text, in order (the indexer's tokenizer, without an array). */
export function forEachTerm(text: string, fn: (term: string) => void, english = true): void {
  const re = new RegExp(WORD.source, WORD.flags);
  const cache = english ? seen.english : seen.other;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const word = m[0];
    let list = cache.get(word);
    if (!list) {
      list = segment(word.includes(',') ? word.replace(/,/g, '') : word).flatMap((w) => termsOfWord(w.text, english));
      if (cache.size >= 100_000) cache.clear();
      cache.set(word, list);
    }
    for (const t of list) fn(t);
  }
}

/** Every term of a text, in order. */
export function terms(text: string, english = true): string[] {
  const out: string[] = [];
  forEachTerm(text, (t) => out.push(t), english);
  return out;
}

/** Whether search stems a language's words and drops its stop words: only English, for which the rules above are written. */
export function isEnglish(lang: string): boolean {
  return /^en(-|$)/i.test(lang);
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
    if (
      !PARTICLES.has(particle) ||
      !VERB.test(a.text) ||
      /[^s]s$/i.test(a.text) ||
      a.index + a.length + 1 !== b.index ||
      text[a.index + a.length] !== ' '
    )
      continue;
    out.push({
      text: text.slice(a.index, b.index + b.length),
      index: a.index,
      length: b.index + b.length - a.index,
      term: stem(fold(a.text) + particle),
    });
  }
  return out;
}
