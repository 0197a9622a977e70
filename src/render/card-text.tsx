/**
 * Text for social cards as SVG paths, in Inter (from the @fontsource/inter package): librsvg draws
 * `<text>` with whatever fonts the machine's fontconfig finds, which on a bare CI container or a
 * slim Docker image is none (the text vanishes) and elsewhere differs from machine to machine.
 * Outlines need no font at render time and give the same PNG everywhere. Characters Inter lacks
 * (CJK, Arabic...) fall back to a `<text>` line in the system's sans-serif. Build time only.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import opentype from 'opentype.js';

type Weight = 400 | 700;
/** Inter is split by Unicode range: Latin, then Latin Extended (Ł, Ș, ₫, ...). */
const SUBSETS = ['latin', 'latin-ext'] as const;

const requireHere = createRequire(import.meta.url);
const loaded = new Map<Weight, opentype.Font[]>();

function fontsOf(weight: Weight): opentype.Font[] {
  let fonts = loaded.get(weight);
  if (!fonts) {
    fonts = SUBSETS.map((subset) => {
      const bytes = readFileSync(requireHere.resolve(`@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`));
      return opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    });
    loaded.set(weight, fonts);
  }
  return fonts;
}

/** The font of the subset that has the character, or undefined. */
function fontFor(fonts: opentype.Font[], char: string): opentype.Font | undefined {
  if (char === ' ') return fonts[0];
  return fonts.find((font) => font.charToGlyph(char).index !== 0);
}

/** Runs of consecutive characters drawn by the same font; null when a character is in none. */
function runs(fonts: opentype.Font[], text: string): { font: opentype.Font; text: string }[] | null {
  const out: { font: opentype.Font; text: string }[] = [];
  for (const char of text) {
    const font = fontFor(fonts, char);
    if (!font) return null;
    const last = out.at(-1);
    if (last?.font === font) last.text += char;
    else out.push({ font, text: char });
  }
  return out;
}

function widthOf(fonts: opentype.Font[], text: string, size: number): number {
  const parts = runs(fonts, text);
  // Outside Inter: estimated (the fallback font's metrics are not known here).
  if (!parts) return [...text].length * size * 0.6;
  return parts.reduce((sum, run) => sum + run.font.getAdvanceWidth(run.text, size), 0);
}

/** Words into at most `maxLines` lines of at most `width`; the last one cut with "…" when the text is longer. */
export function wrapText(text: string, size: number, width: number, maxLines: number, weight: Weight = 400): string[] {
  const fonts = fontsOf(weight);
  const words = text.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if (!line || widthOf(fonts, next, size) <= width) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines.map((l) => fit(fonts, l, size, width));
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = fit(fonts, `${kept[maxLines - 1]} ${lines[maxLines]}`, size, width, true);
  return kept;
}

/** A line cut (at a character) to fit `width`, with an ellipsis when cut or when `more` follows. */
function fit(fonts: opentype.Font[], line: string, size: number, width: number, more = false): string {
  if (!more && widthOf(fonts, line, size) <= width) return line;
  const chars = [...line];
  while (chars.length && widthOf(fonts, `${chars.join('').trimEnd()}…`, size) > width) chars.pop();
  return `${chars.join('').trimEnd()}…`;
}

/** One line's outline, starting at (x, baseline y); null when a character is not in Inter. */
function linePath(fonts: opentype.Font[], text: string, x: number, y: number, size: number): string | null {
  const parts = runs(fonts, text);
  if (!parts) return null;
  let at = x;
  const d: string[] = [];
  for (const run of parts) {
    d.push(run.font.getPath(run.text, at, y, size).toPathData(1));
    at += run.font.getAdvanceWidth(run.text, size);
  }
  return d.join('');
}

export interface CardTextProps {
  children: string;
  /** Left edge and the first line's baseline. */
  x: number;
  y: number;
  /** Font size in pixels. */
  size: number;
  weight?: Weight;
  fill: string;
  /** Width to wrap at; the text is cut with "…" past `maxLines`. */
  width: number;
  maxLines?: number;
  /** Distance between baselines, as a multiple of the size. @default 1.2 */
  lineHeight?: number;
}

/**
 * Wrapped text drawn as outlines: the social card's own text, and what a project's card template
 * (`theme/SocialCard.tsx`) gets as its `Text` prop.
 */
export function CardText({
  children,
  x,
  y,
  size,
  weight = 400,
  fill,
  width,
  maxLines = 1,
  lineHeight = 1.2,
}: CardTextProps) {
  const fonts = fontsOf(weight);
  const lines = wrapText(children, size, width, maxLines, weight);
  return (
    <g fill={fill}>
      {lines.map((line, i) => {
        const baseline = y + i * size * lineHeight;
        const d = linePath(fonts, line, x, baseline, size);
        return d !== null ? (
          <path key={i} d={d} />
        ) : (
          <text
            key={i}
            x={x}
            y={baseline}
            fontSize={size}
            fontWeight={weight}
            fontFamily="Inter, 'DejaVu Sans', sans-serif"
          >
            {line}
          </text>
        );
      })}
    </g>
  );
}

/** How many lines `CardText` makes of a text (a template places what follows the title by it). */
export function lineCount(text: string, size: number, width: number, maxLines: number, weight: Weight = 400): number {
  return wrapText(text, size, width, maxLines, weight).length;
}
