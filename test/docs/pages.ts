import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import { parse } from 'yaml';
import { REPO } from '../helpers/site.js';

export const CONTENT = path.join(REPO, 'content');
export const MODEL = path.join(CONTENT, '_model');
export const hasContent = existsSync(path.join(CONTENT, 'index.md'));

export interface ContentPage {
  file: string;
  data: Record<string, unknown>;
  body: string;
  /** File line of the body's first line. */
  bodyLine: number;
}

export interface CodeBlock {
  file: string;
  line: number;
  lang: string;
  code: string;
}

/** Every page of the real site, read as the writer wrote it (constants not resolved). */
export function readPages(): ContentPage[] {
  const out: ContentPage[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('_') || entry.name.startsWith('.')) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.md')) {
        const raw = readFileSync(full, 'utf8');
        const parsed = matter(raw, {});
        out.push({
          file: path.relative(CONTENT, full),
          data: parsed.data,
          body: parsed.content,
          bodyLine: raw.slice(0, raw.length - parsed.content.length).split('\n').length,
        });
      }
    }
  };
  if (existsSync(CONTENT)) walk(CONTENT);
  return out.sort((a, b) => a.file.localeCompare(b.file));
}

/** Fenced code blocks with their file lines. */
export function codeBlocks(page: ContentPage): CodeBlock[] {
  const blocks: CodeBlock[] = [];
  const lines = page.body.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,}|~{3,})\s*([\w-]*)/.exec(lines[i]);
    if (!open) continue;
    const fence = open[2];
    const start = i;
    const code: string[] = [];
    for (i++; i < lines.length && !lines[i].trim().startsWith(fence); i++) code.push(lines[i].slice(open[1].length));
    blocks.push({
      file: page.file,
      line: page.bodyLine + start,
      lang: open[3].replace(/\{.*$/, '').toLowerCase(),
      code: code.join('\n'),
    });
  }
  return blocks;
}

/** The body's prose: code blocks blanked (lines kept), so line numbers still match. */
export function prose(page: ContentPage): string {
  let inFence = false;
  return page.body
    .split('\n')
    .map((line) => {
      if (/^\s*(`{3,}|~{3,})/.test(line)) {
        inFence = !inFence;
        return '';
      }
      return inFence ? '' : line;
    })
    .join('\n');
}

export function readModel<T = Record<string, unknown>>(name: string): T {
  return parse(readFileSync(path.join(MODEL, name), 'utf8')) as T;
}

export interface Statement {
  file: string;
  /** File line where the statement's paragraph, list item or table row starts. */
  line: number;
  /** One sentence of prose, one list item's sentence or one table row, with its whitespace collapsed. */
  text: string;
}

/**
 * The prose of a page cut into statements a rule can be checked against: each table row on its own, and
 * paragraphs and list items cut into sentences. Code blocks, headings and HTML comments are left out.
 */
export function statements(page: ContentPage): Statement[] {
  const out: Statement[] = [];
  const lines = prose(page).split('\n');
  let para: string[] = [];
  let start = 0;
  const flush = () => {
    if (!para.length) return;
    const flat = para.join(' ').replace(/\s+/g, ' ').trim();
    for (const text of flat.split(/(?<=[.!?])\s+(?=[A-Z`*[(])/))
      if (text) out.push({ file: page.file, line: page.bodyLine + start, text });
    para = [];
  };
  lines.forEach((line, i) => {
    if (!line.trim() || /^\s*#{1,6}\s/.test(line) || /^\s*<!--/.test(line) || /^\s*:::/.test(line)) return flush();
    if (/^\s*\|/.test(line)) {
      flush();
      if (!/^\s*\|[\s|:-]+\|\s*$/.test(line)) out.push({ file: page.file, line: page.bodyLine + i, text: line.trim() });
      return;
    }
    if (/^\s*([-*+]|\d+\.)\s/.test(line)) flush();
    if (!para.length) start = i;
    para.push(line);
  });
  flush();
  return out;
}

/** Every string of a model file, with its key path (for checks that read the model's prose). */
export function modelStrings(doc: unknown, path: (string | number)[] = []): { path: string; text: string }[] {
  if (typeof doc === 'string') return [{ path: path.join('.'), text: doc.replace(/\s+/g, ' ') }];
  if (Array.isArray(doc)) return doc.flatMap((v, i) => modelStrings(v, [...path, i]));
  if (doc && typeof doc === 'object') return Object.entries(doc).flatMap(([k, v]) => modelStrings(v, [...path, k]));
  return [];
}
