import type { Element, ElementContent, Root } from 'hast';
import type { VFile } from 'vfile';
import { highlightLines, isKnownLanguage, knownLanguages, type HighlighterName } from './highlight.js';
import { checkedCode, readDiff, readNotations, type LineMark, type MarkedCode } from './notations.js';
import { isElement, SKIP, walk } from './walk.js';
import type { CodeBlock } from '../model/page.js';

/** Language names as the label shows them. */
const LABELS: Record<string, string> = {
  js: 'JavaScript',
  javascript: 'JavaScript',
  mjs: 'JavaScript',
  cjs: 'JavaScript',
  jsx: 'JSX',
  ts: 'TypeScript',
  typescript: 'TypeScript',
  tsx: 'TSX',
  json: 'JSON',
  jsonc: 'JSONC',
  yaml: 'YAML',
  yml: 'YAML',
  bash: 'Bash',
  sh: 'Shell',
  shell: 'Shell',
  zsh: 'Zsh',
  console: 'Console',
  http: 'HTTP',
  sql: 'SQL',
  python: 'Python',
  py: 'Python',
  html: 'HTML',
  xml: 'XML',
  css: 'CSS',
  diff: 'Diff',
  text: 'Text',
  txt: 'Text',
  go: 'Go',
  ruby: 'Ruby',
  nginx: 'nginx',
  powershell: 'PowerShell',
  ps1: 'PowerShell',
  dockerfile: 'Dockerfile',
  graphql: 'GraphQL',
  ini: 'INI',
  toml: 'TOML',
  markdown: 'Markdown',
  md: 'Markdown',
};

export interface CodeOptions {
  /** An unknown fence language is an error (`strict.codeLanguage`); otherwise a warning, and the block plain text. */
  strictLanguages?: boolean;
  /** highlight.js grammars (lowlight) or VS Code's (Shiki). @default 'lowlight' */
  highlighter?: HighlighterName;
  /** Number the lines of every block (a block's `:line-numbers` or `:no-line-numbers` wins). @default false */
  lineNumbers?: boolean;
}

export interface CodeMeta {
  title?: string;
  highlight: Set<number>;
  /** `:line-numbers` (true), `:no-line-numbers` (false), or neither. */
  lineNumbers?: boolean;
}

/**
 * Reads `title="index.js" {1,3-5} :line-numbers` (VitePress also glues `{1,3}` and `:line-numbers` to the language),
 * VitePress's `[label]` title and Docusaurus's `showLineNumbers`.
 */
export function parseMeta(meta: string): CodeMeta {
  const title = /title=(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(meta) ?? /(?:^|\s)\[([^\]]+)\](?=\s|$)/.exec(meta);
  const highlight = new Set<number>();
  const ranges = /\{([\d,\s-]+)\}/.exec(meta);
  if (ranges) {
    for (const part of ranges[1].split(',')) {
      const [from, to] = part.trim().split('-').map(Number);
      if (!Number.isFinite(from)) continue;
      for (let n = from; n <= (Number.isFinite(to) ? to : from); n++) highlight.add(n);
    }
  }
  const numbers = /(?:^|\s):(no-)?line-numbers(?=\s|$)/.exec(meta);
  const showLineNumbers = /(?:^|\s)showLineNumbers(?:=\d+)?(?=\s|$)/.test(meta);
  return {
    title: title ? (title[1] ?? title[2] ?? title[3]) : undefined,
    highlight,
    lineNumbers: numbers ? !numbers[1] : showLineNumbers ? true : undefined,
  };
}

/** Splits VitePress's ```js{1,3}:line-numbers (and ```js[label]) into the language and the meta it carries. */
export function splitLang(info: string, meta: string): { lang: string; meta: string } {
  const glued = /^([^{:[]+)((?:\{[\d,\s-]+\}|:(?:no-)?line-numbers|\[[^\]]+\])+)$/.exec(info);
  if (!glued) return { lang: info, meta };
  return { lang: glued[1], meta: `${glued[2].replace(/(?=:)/g, ' ')} ${meta}`.trim() };
}

const span = (className: string[], children: ElementContent[]): Element => ({
  type: 'element',
  tagName: 'span',
  properties: { className },
  children,
});

/** One `span.line` a source line (classes for its marks), tokens as `span.t?` inside. */
function renderLines(
  lang: string,
  code: MarkedCode,
  highlight: Set<number>,
  highlighter: HighlighterName,
): ElementContent[] {
  // A diff's lines are shown as they are: its signs became line classes.
  const tokens = highlightLines(lang === 'diff' ? 'text' : lang, code.lines.join('\n'), highlighter);
  const out: ElementContent[] = [];
  tokens.forEach((line, i) => {
    const marks: Set<string> = new Set(code.marks[i]);
    if (highlight.has(i + 1)) marks.add('highlighted');
    const children = line.map((t): ElementContent =>
      t.kind ? span([t.kind], [{ type: 'text', value: t.text }]) : { type: 'text', value: t.text },
    );
    if (i > 0) out.push({ type: 'text', value: '\n' });
    out.push(span(['line', ...marks], children));
  });
  return out;
}

/** Block classes: numbered lines, a gutter for diff markers, dimming around focused lines. */
function blockClasses(code: MarkedCode, lineNumbers: boolean): string[] {
  const any = (mark: LineMark) => code.marks.some((m) => m.has(mark));
  const classes = ['code-block'];
  if (lineNumbers) classes.push(code.lines.length >= 100 ? 'line-numbers wide' : 'line-numbers');
  if (any('add') || any('remove')) classes.push('has-diff');
  if (any('focused')) classes.push('has-focus');
  return classes.join(' ').split(' ');
}

/**
 * Highlights fenced code at build time, reads line notations, and wraps the block with a header
 * (title, language, copy button). The browser gets classes only: no highlighter ships to the client.
 */
export default function rehypeCode(options: CodeOptions = {}) {
  const highlighter = options.highlighter ?? 'lowlight';
  return (tree: Root, file: VFile) => {
    // Kept for the content checks (code parsing, CLI commands), with file lines.
    const blocks: CodeBlock[] = [];
    file.data.codeBlocks = blocks;
    const lineOffset = file.data.page?.lineOffset ?? 0;
    walk(tree, isElement, (node, index, parent) => {
      if (node.tagName !== 'pre' || !parent || index === undefined) return;
      const element = node.children[0];
      if (!element || element.type !== 'element' || element.tagName !== 'code') return;
      const classes = (element.properties.className as string[] | undefined) ?? [];
      const langClass = classes.find((c) => c.startsWith('language-'));
      const { lang, meta: metaText } = splitLang(
        langClass ? langClass.slice('language-'.length) : '',
        ((element.data as { meta?: string } | undefined)?.meta ?? '').trim(),
      );
      const name = lang.toLowerCase();
      const meta = parseMeta(metaText);
      const source = element.children
        .map((c) => (c.type === 'text' ? c.value : ''))
        .join('')
        .replace(/\n$/, '');
      const code = name === 'diff' ? readDiff(source) : readNotations(source);
      if (node.position)
        blocks.push({
          lang,
          meta: metaText,
          code: checkedCode(code, source.split('\n').length),
          line: node.position.start.line + lineOffset,
        });
      let highlightAs = name;
      if (lang && !isKnownLanguage(name, highlighter)) {
        const message = file.message(`unknown code block language "${lang}"${options.strictLanguages ? '' : ': shown as plain text'}`, {
          place: node.position,
          ruleId: 'code-language',
        });
        message.note = `use one of: ${knownLanguages(highlighter).slice(0, 40).join(', ')} (or "text" for no highlighting)`;
        if (!options.strictLanguages) (message as { warning?: boolean }).warning = true;
        highlightAs = 'text';
      }
      const label = lang ? (LABELS[name] ?? lang) : '';
      const head: ElementContent[] = [];
      if (meta.title) head.push(span(['code-title'], [{ type: 'text', value: meta.title }]));
      if (label) head.push(span(['code-lang'], [{ type: 'text', value: label }]));
      head.push({
        type: 'element',
        tagName: 'button',
        properties: { type: 'button', className: ['copy'], 'aria-label': 'Copy code' },
        children: [{ type: 'text', value: 'Copy' }],
      });
      const wrapper: Element = {
        type: 'element',
        tagName: 'div',
        properties: {
          className: blockClasses(code, meta.lineNumbers ?? options.lineNumbers ?? false),
          dataLang: lang || undefined,
        },
        children: [
          { type: 'element', tagName: 'div', properties: { className: ['code-head'] }, children: head },
          {
            type: 'element',
            tagName: 'pre',
            properties: { tabIndex: 0 },
            children: [
              {
                type: 'element',
                tagName: 'code',
                properties: {},
                children: renderLines(highlightAs || 'text', code, meta.highlight, highlighter),
              },
            ],
          },
        ],
        position: node.position,
      };
      parent.children[index] = wrapper;
      return SKIP; // nothing to do inside the highlighted code
    });
  };
}
