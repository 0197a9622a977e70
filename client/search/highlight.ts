import { compounds, termsOfWord, words } from '../../src/shared/search-text.js';

/** A run of text, marked when it is a word the query matched. */
export interface Segment {
  text: string;
  mark: boolean;
}

/** Words of `text` whose terms are among `matched` (the index terms a result matched). */
function marked(text: string, matched: ReadonlySet<string>): { index: number; length: number; term: string }[] {
  const out: { index: number; length: number; term: string }[] = [];
  // "Log in" when the index matched "login".
  const joined = compounds(text).filter((c) => matched.has(c.term));
  for (const w of words(text)) {
    const compound = joined.find((c) => c.index <= w.index && w.index < c.index + c.length);
    if (compound) {
      if (compound.index === w.index) out.push(compound);
      continue;
    }
    // Stemmed (English) or as written (other languages): the result's terms say which the index used.
    const term = [...termsOfWord(w.text), ...termsOfWord(w.text, false)].find((t) => matched.has(t));
    if (term) out.push({ index: w.index, length: w.length, term });
  }
  return out;
}

/** The whole text, with the matched words marked (titles and headings). */
export function highlight(text: string, matched: ReadonlySet<string>): Segment[] {
  return segments(text, 0, text.length, marked(text, matched));
}

/**
 * A window of about `size` characters of the section text around the matched words (the window
 * with the most different matched words wins), cut at word boundaries, with ellipses.
 */
export function snippet(text: string, matched: ReadonlySet<string>, size = 180): Segment[] {
  // Long sections can match hundreds of times; the first few hundred marks are enough to choose from.
  const marks = marked(text, matched).slice(0, 300);
  let start = 0;
  let best = -1;
  for (const m of marks) {
    const from = Math.max(0, m.index - 40);
    const inside = new Set(marks.filter((o) => o.index >= from && o.index + o.length <= from + size).map((o) => o.term))
      .size;
    if (inside > best) {
      best = inside;
      start = from;
    }
  }
  if (start > 0) {
    const space = text.indexOf(' ', start);
    start = space >= 0 && space < start + 20 ? space + 1 : start;
  }
  let end = Math.min(text.length, start + size);
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    end = space > start ? space : end;
  }
  const out = segments(text, start, end, marks);
  if (start > 0) out.unshift({ text: '…', mark: false });
  if (end < text.length) out.push({ text: '…', mark: false });
  return out;
}

function segments(text: string, start: number, end: number, marks: { index: number; length: number }[]): Segment[] {
  const out: Segment[] = [];
  let at = start;
  for (const m of marks) {
    if (m.index < start || m.index + m.length > end) continue;
    if (m.index > at) out.push({ text: text.slice(at, m.index), mark: false });
    out.push({ text: text.slice(m.index, m.index + m.length), mark: true });
    at = m.index + m.length;
  }
  if (at < end) out.push({ text: text.slice(at, end), mark: false });
  return out;
}
