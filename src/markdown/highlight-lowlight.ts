import type { ElementContent } from 'hast';
import dockerfile from 'highlight.js/lib/languages/dockerfile';
import http from 'highlight.js/lib/languages/http';
import nginx from 'highlight.js/lib/languages/nginx';
import powershell from 'highlight.js/lib/languages/powershell';
import type { createLowlight as CreateLowlight } from 'lowlight';
import { common, createLowlight } from './lowlight-files.js';
import { mergeTokens, type Backend, type Token } from './tokens.js';

/** The default highlighter: highlight.js grammars (lowlight), its classes folded into the token kinds. */

/**
 * Made on first use: registering the grammars runs each language's definition (0.4 s of a build
 * that renders no page, as an unchanged one, and of every `check`).
 */
let instance: ReturnType<typeof CreateLowlight> | undefined;
function lowlight(): ReturnType<typeof CreateLowlight> {
  if (!instance) {
    instance = createLowlight(common);
    instance.register({ http, dockerfile, nginx, powershell });
    instance.registerAlias({
      javascript: ['mjs', 'cjs', 'jsx'],
      typescript: ['mts', 'cts', 'tsx'],
      bash: ['sh', 'zsh'],
      shell: ['console', 'shell-session'],
      json: ['jsonc', 'json5'],
      yaml: ['yml'],
    });
  }
  return instance;
}

/** highlight.js classes -> token kinds (the class of the innermost one that has a kind wins). */
export const HLJS_KINDS: Record<string, string> = {
  keyword: 'tk',
  'selector-tag': 'tk',
  literal: 'tk',
  built_in: 'tk',
  type: 'tk',
  string: 'ts',
  regexp: 'ts',
  'template-tag': 'ts',
  addition: 'ts',
  number: 'tn',
  symbol: 'tn',
  bullet: 'tn',
  comment: 'tc',
  quote: 'tc',
  deletion: 'tc',
  title: 'tf',
  section: 'tf',
  attr: 'tp',
  attribute: 'tp',
  variable: 'tp',
  property: 'tp',
  params: 'tp',
  name: 'tp',
  'selector-class': 'tp',
  meta: 'tm',
  doctag: 'tm',
  subst: '', // the code inside `${...}` is code again, not string
};

/** Flattens highlighter output into lines of tokens. */
function toLines(nodes: ElementContent[]): Token[][] {
  const lines: Token[][] = [[]];
  const visit = (children: ElementContent[], kind: string) => {
    for (const node of children) {
      if (node.type === 'text') {
        node.value.split('\n').forEach((piece, i) => {
          if (i > 0) lines.push([]);
          if (piece) lines[lines.length - 1].push({ text: piece, kind });
        });
      } else if (node.type === 'element') {
        const own = ((node.properties.className as string[]) ?? [])
          .map((c) => HLJS_KINDS[c.replace(/^hljs-/, '')])
          .find((k) => k !== undefined);
        visit(node.children, own ?? kind);
      }
    }
  };
  visit(nodes, '');
  return lines.map(mergeTokens);
}

export const highlightJs: Backend = {
  knows: (lang) => lowlight().registered(lang),
  names: () => lowlight().listLanguages(),
  lines: (lang, code) => toLines(lowlight().highlight(lang, code).children as ElementContent[]),
};
