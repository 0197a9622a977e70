/**
 * Highlighted lines of a code block (`{4-5,9}`) against the lines that changed since the previous
 * version of the same code: the nearest earlier block with the same title (on the same page, or on
 * the pages before it in reading order), else the block just before it on the same page.
 */
import type { ContentPage } from './pages.js';

export interface FencedBlock {
  file: string;
  /** File line of the opening fence. */
  line: number;
  lang: string;
  title?: string;
  highlights: number[];
  lines: string[];
}

/** `{4-5,9}` -> [4, 5, 9]. */
export function parseHighlights(meta: string): number[] {
  const range = /\{([\d,\s-]+)\}/.exec(meta)?.[1];
  if (!range) return [];
  return range.split(',').flatMap((part) => {
    const [a, b] = part.trim().split('-').map(Number);
    return b === undefined ? [a!] : Array.from({ length: b - a! + 1 }, (_, i) => a! + i);
  });
}

export function fencedBlocks(page: ContentPage): FencedBlock[] {
  const out: FencedBlock[] = [];
  const lines = page.body.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,}|~{3,})\s*([\w-]*)(.*)$/.exec(lines[i]!);
    if (!open) continue;
    const [, indent, fence, lang, meta] = open;
    const start = i;
    const code: string[] = [];
    for (i++; i < lines.length && !lines[i]!.trim().startsWith(fence!); i++) code.push(lines[i]!.slice(indent!.length));
    out.push({
      file: page.file,
      line: page.bodyLine + start,
      lang: lang!.toLowerCase(),
      title: /title="([^"]*)"/.exec(meta!)?.[1],
      highlights: parseHighlights(meta!.replace(/title="[^"]*"/, '')),
      lines: code,
    });
  }
  return out;
}

/** 1-based numbers of the lines of `next` that a longest common subsequence with `prev` leaves out. */
export function changedLines(prev: string[], next: string[]): number[] {
  const a = prev.map((l) => l.trimEnd());
  const b = next.map((l) => l.trimEnd());
  const table = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      table[i]![j] = a[i] === b[j] ? table[i + 1]![j + 1]! + 1 : Math.max(table[i + 1]![j]!, table[i]![j + 1]!);
  const kept = new Set<number>();
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    if (a[i] === b[j]) {
      kept.add(j + 1);
      i++;
      j++;
    } else if (table[i + 1]![j]! >= table[i]![j + 1]!) i++;
    else j++;
  }
  return b.map((_, j) => j + 1).filter((n) => !kept.has(n));
}

/** The previous version of each highlighted block; pages in reading order. */
export function previousVersion(
  pages: ContentPage[],
  blocksOf: (page: ContentPage) => FencedBlock[],
  block: FencedBlock,
): FencedBlock | undefined {
  const ordered = pages.flatMap(blocksOf);
  const index = ordered.indexOf(block);
  const earlier = ordered.slice(0, index).reverse();
  if (block.title) {
    const same = earlier.find((b) => b.title === block.title && b.lang === block.lang);
    if (same) return same;
  }
  const before = earlier[0];
  return before && before.file === block.file && before.lang === block.lang ? before : undefined;
}

/** Highlighted lines that did not change, and changed lines not highlighted (blank lines are free either way). */
export function highlightMismatch(prev: FencedBlock, block: FencedBlock): { extra: number[]; missing: number[] } {
  const blank = (n: number) => !block.lines[n - 1]?.trim();
  const changed = new Set(changedLines(prev.lines, block.lines).filter((n) => !blank(n)));
  const marked = new Set(block.highlights.filter((n) => !blank(n)));
  return { extra: [...marked].filter((n) => !changed.has(n)), missing: [...changed].filter((n) => !marked.has(n)) };
}
