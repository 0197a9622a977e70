import type { Element, ElementContent, Root, Text } from 'hast';
import http from 'highlight.js/lib/languages/http';
import dockerfile from 'highlight.js/lib/languages/dockerfile';
import nginx from 'highlight.js/lib/languages/nginx';
import powershell from 'highlight.js/lib/languages/powershell';
import { common, createLowlight } from 'lowlight';
import type { VFile } from 'vfile';
import { isElement, SKIP, walk } from './walk.js';
import type { CodeBlock } from '../types.js';

const lowlight = createLowlight(common);
lowlight.register({ http, dockerfile, nginx, powershell });
lowlight.registerAlias({ javascript: ['mjs', 'cjs', 'jsx'], typescript: ['mts', 'tsx'], bash: ['sh', 'zsh'], shell: ['console', 'shell-session'], json: ['jsonc', 'json5'], yaml: ['yml'] });

/** Languages shown as plain text, without highlighting. */
const PLAIN = new Set(['text', 'txt', 'plain', 'plaintext', 'output', 'log']);

/** Language names as the label shows them. */
const LABELS: Record<string, string> = { js: 'JavaScript', javascript: 'JavaScript', mjs: 'JavaScript', ts: 'TypeScript', typescript: 'TypeScript', json: 'JSON', yaml: 'YAML', yml: 'YAML', bash: 'Bash', sh: 'Shell', shell: 'Shell', console: 'Console', http: 'HTTP', sql: 'SQL', python: 'Python', py: 'Python', html: 'HTML', xml: 'XML', css: 'CSS', diff: 'Diff', text: 'Text', txt: 'Text', go: 'Go', ruby: 'Ruby', nginx: 'nginx', powershell: 'PowerShell', ps1: 'PowerShell', dockerfile: 'Dockerfile', graphql: 'GraphQL', ini: 'INI', toml: 'TOML' };

export interface CodeMeta {
  title?: string;
  highlight: Set<number>;
}

/** Reads `title="index.js" {1,3-5}` (or VitePress's `{1,3-5}` glued to the language). */
export function parseMeta(meta: string): CodeMeta {
  const title = /title=(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(meta);
  const highlight = new Set<number>();
  const ranges = /\{([\d,\s-]+)\}/.exec(meta);
  if (ranges) {
    for (const part of ranges[1].split(',')) {
      const [from, to] = part.trim().split('-').map(Number);
      if (!Number.isFinite(from)) continue;
      for (let n = from; n <= (Number.isFinite(to) ? to : from); n++) highlight.add(n);
    }
  }
  return { title: title ? (title[1] ?? title[2] ?? title[3]) : undefined, highlight };
}

interface Token {
  text: string;
  className: string;
}

/** Flattens highlighter output into text runs, each with the classes of all its ancestors. */
function flatten(nodes: ElementContent[], classes: string[] = [], out: Token[] = []): Token[] {
  for (const node of nodes) {
    if (node.type === 'text') out.push({ text: node.value, className: classes.join(' ') });
    else if (node.type === 'element') flatten(node.children, [...classes, ...((node.properties.className as string[]) ?? [])], out);
  }
  return out;
}

/** One `span.line` a source line, so single lines can be highlighted and numbered by CSS. */
function toLines(nodes: ElementContent[], highlight: Set<number>): ElementContent[] {
  const lines: ElementContent[][] = [[]];
  for (const token of flatten(nodes)) {
    token.text.split('\n').forEach((piece, i) => {
      if (i > 0) lines.push([]);
      if (!piece) return;
      const text: Text = { type: 'text', value: piece };
      lines[lines.length - 1].push(token.className ? { type: 'element', tagName: 'span', properties: { className: token.className.split(' ') }, children: [text] } : text);
    });
  }
  if (lines.length > 1 && lines[lines.length - 1].length === 0) lines.pop();
  const out: ElementContent[] = [];
  lines.forEach((children, i) => {
    if (i > 0) out.push({ type: 'text', value: '\n' });
    out.push({ type: 'element', tagName: 'span', properties: { className: highlight.has(i + 1) ? ['line', 'highlighted'] : ['line'] }, children });
  });
  return out;
}

/**
 * Highlights fenced code at build time and wraps it with a header (title, language, copy button).
 * The browser gets classes only: no highlighter ships to the client.
 */
export default function rehypeCode() {
  return (tree: Root, file: VFile) => {
    // Kept for the content checks (code parsing, CLI commands), with file lines.
    const blocks: CodeBlock[] = [];
    file.data.codeBlocks = blocks;
    const lineOffset = (file.data.page as { lineOffset?: number } | undefined)?.lineOffset ?? 0;
    walk(tree, isElement, (node, index, parent) => {
      if (node.tagName !== 'pre' || !parent || index === undefined) return;
      const code = node.children[0];
      if (!code || code.type !== 'element' || code.tagName !== 'code') return;
      const classes = (code.properties.className as string[] | undefined) ?? [];
      const langClass = classes.find((c) => c.startsWith('language-'));
      let lang = langClass ? langClass.slice('language-'.length) : '';
      let metaText = ((code.data as { meta?: string } | undefined)?.meta ?? '').trim();
      // VitePress style: ```js{1,3}
      const glued = /^([^{]+)(\{[\d,\s-]+\})$/.exec(lang);
      if (glued) {
        lang = glued[1];
        metaText = `${glued[2]} ${metaText}`;
      }
      const meta = parseMeta(metaText);
      const source = code.children.map((c) => (c.type === 'text' ? c.value : '')).join('').replace(/\n$/, '');
      if (node.position) blocks.push({ lang, meta: metaText, code: source, line: node.position.start.line + lineOffset });
      let highlighted: ElementContent[] = [{ type: 'text', value: source }];
      if (lang && !PLAIN.has(lang.toLowerCase())) {
        if (lowlight.registered(lang.toLowerCase())) {
          highlighted = lowlight.highlight(lang.toLowerCase(), source).children as ElementContent[];
        } else {
          const message = file.message(`unknown code block language "${lang}"`, { place: node.position, ruleId: 'code-language' });
          message.note = `use one of: ${['text', ...lowlight.listLanguages()].slice(0, 40).join(', ')} (or "text" for no highlighting)`;
        }
      }
      const label = lang ? LABELS[lang.toLowerCase()] ?? lang : '';
      const head: ElementContent[] = [];
      if (meta.title) head.push({ type: 'element', tagName: 'span', properties: { className: ['code-title'] }, children: [{ type: 'text', value: meta.title }] });
      if (label) head.push({ type: 'element', tagName: 'span', properties: { className: ['code-lang'] }, children: [{ type: 'text', value: label }] });
      head.push({ type: 'element', tagName: 'button', properties: { type: 'button', className: ['copy'], 'aria-label': 'Copy code' }, children: [{ type: 'text', value: 'Copy' }] });
      const wrapper: Element = {
        type: 'element',
        tagName: 'div',
        properties: { className: ['code-block'], dataLang: lang || undefined },
        children: [
          { type: 'element', tagName: 'div', properties: { className: ['code-head'] }, children: head },
          { type: 'element', tagName: 'pre', properties: { tabIndex: 0 }, children: [{ type: 'element', tagName: 'code', properties: {}, children: toLines(highlighted, meta.highlight) }] },
        ],
        position: node.position,
      };
      parent.children[index] = wrapper;
      return SKIP; // nothing to do inside the highlighted code
    });
  };
}
