import { createRequire } from 'node:module';
import type { HighlighterCore, LanguageRegistration, ThemeRegistration } from '@shikijs/core';
import { mergeTokens, type Backend, type Token } from './tokens.js';

/**
 * `markdown.highlighter: 'shiki'`: VS Code's TextMate grammars, emitting the same token classes.
 *
 * A theme maps TextMate scopes to the token kinds; Shiki's themes speak colours, so each kind gets
 * a colour nobody writes, turned back into its class. Shiki's JavaScript regex engine keeps the
 * whole path synchronous (rehype plugins run inside processSync), so Shiki and each grammar are
 * loaded on first use, and a site that does not choose Shiki never loads it.
 */

/** Token kinds: class name -> TextMate scopes (the most specific selector wins, as in VS Code). */
const KINDS: Record<string, string[]> = {
  tc: ['comment', 'punctuation.definition.comment', 'string.comment'],
  ts: [
    'string',
    'string.regexp',
    'string.unquoted.plain.out.yaml',
    'string.unquoted.plain.in.yaml',
    'markup.inserted',
    'constant.other.symbol',
    'string.quoted.docstring',
  ],
  tn: [
    'constant.numeric',
    'constant.language',
    'constant.character',
    'markup.deleted',
    'keyword.other.unit',
    'constant.other.placeholder',
  ],
  tk: [
    'keyword',
    'storage',
    'storage.type',
    'storage.modifier',
    'keyword.operator.new',
    'keyword.operator.expression',
    'keyword.operator.logical.python',
    'keyword.operator.word',
    'variable.language',
    'support.variable.language',
    'entity.name.tag',
    'keyword.control',
    'keyword.other.DML',
    'keyword.other.DDL',
    'support.type.primitive',
    'support.type.builtin',
    'keyword.other.http',
    'keyword.other.special-method',
  ],
  tf: [
    'entity.name.function',
    'support.function',
    'meta.function-call.generic',
    'entity.name.type',
    'entity.name.class',
    'support.class',
    'support.type',
    'entity.other.inherited-class',
    'entity.name.command',
    'entity.name.function.decorator',
    'meta.decorator',
    'markup.heading',
    'entity.name.section',
    'meta.diff.range',
    'meta.diff.header',
  ],
  tp: [
    'variable.other.property',
    'variable.other.object.property',
    'support.type.property-name',
    'entity.other.attribute-name',
    'meta.object-literal.key',
    'entity.name.tag.yaml',
    'constant.other.option',
    'variable.other.normal.shell',
    'variable.other.special.shell',
    'variable.other.positional.shell',
    'punctuation.definition.variable.shell',
    'variable.parameter.function.language.special',
    'support.type.property-name.json',
    'entity.name.tag.toml',
    'keyword.other.definition.ini',
    'support.variable.property',
    'meta.embedded.line.tag.smarty',
    'entity.name.label',
  ],
  tm: [
    'meta.preprocessor',
    'keyword.control.directive',
    'constant.character.escape',
    'keyword.other.important',
    'string.other.link',
    'meta.tag.sgml.doctype',
  ],
};

// Shiki's themes speak colours: each kind gets a colour nobody writes, turned back into its class.
const COLOUR_OF = Object.fromEntries(
  Object.keys(KINDS).map((kind, i) => [kind, `#0000${(i + 1).toString(16).padStart(2, '0')}`]),
);
const KIND_OF = new Map(Object.entries(COLOUR_OF).map(([kind, colour]) => [colour, kind]));
const THEME: ThemeRegistration = {
  name: 'docs-classes',
  type: 'light',
  fg: '#000000',
  bg: '#ffffff',
  settings: Object.entries(KINDS).map(([kind, scope]) => ({ scope, settings: { foreground: COLOUR_OF[kind] } })),
};
// Operators and punctuation inside these stay plain text (VS Code colours them with the foreground).
THEME.settings!.push({
  scope: [
    'keyword.operator',
    'punctuation',
    'meta.brace',
    'keyword.operator.assignment',
    'meta.template.expression',
    'meta.embedded',
  ],
  settings: { foreground: '#000000' },
});
THEME.settings!.push({
  scope: [
    'keyword.operator.new',
    'keyword.operator.expression',
    'keyword.operator.word',
    'keyword.operator.logical.python',
  ],
  settings: { foreground: COLOUR_OF.tk },
});
THEME.settings!.push({ scope: ['punctuation.definition.comment'], settings: { foreground: COLOUR_OF.tc } });
THEME.settings!.push({
  scope: [
    'punctuation.definition.string',
    'storage.type.string.python',
    'string.regexp keyword',
    'string.regexp constant',
    'string.regexp punctuation',
  ],
  settings: { foreground: COLOUR_OF.ts },
});
THEME.settings!.push({
  scope: ['storage.type.numeric', 'storage.type.number', 'variable.other.enummember'],
  settings: { foreground: COLOUR_OF.tn },
});
THEME.settings!.push({
  scope: ['constant.character.format.placeholder', 'storage.type.format', 'constant.other.placeholder'],
  settings: { foreground: COLOUR_OF.tm },
});
// Arrows read as punctuation; a shell command's arguments as plain words (VS Code colours them as strings).
THEME.settings!.push({
  scope: ['storage.type.function.arrow', 'string.unquoted.argument.shell'],
  settings: { foreground: '#000000' },
});
THEME.settings!.push({ scope: ['punctuation.support.type.property-name'], settings: { foreground: COLOUR_OF.tp } });

/** Shiki grammar id for every name a fence may use. */
const GRAMMARS: Record<string, string[]> = {
  javascript: ['js', 'javascript', 'mjs', 'cjs'],
  jsx: ['jsx'],
  typescript: ['ts', 'typescript', 'mts', 'cts'],
  tsx: ['tsx'],
  json: ['json'],
  jsonc: ['jsonc'],
  json5: ['json5'],
  yaml: ['yaml', 'yml'],
  shellscript: ['bash', 'sh', 'shell', 'zsh'],
  shellsession: ['console', 'shell-session'],
  powershell: ['powershell', 'ps1', 'pwsh'],
  python: ['python', 'py'],
  go: ['go'],
  sql: ['sql'],
  http: ['http'],
  diff: ['diff'],
  html: ['html'],
  xml: ['xml', 'svg'],
  css: ['css'],
  scss: ['scss'],
  markdown: ['markdown', 'md'],
  graphql: ['graphql', 'gql'],
  ini: ['ini'],
  toml: ['toml'],
  dockerfile: ['dockerfile', 'docker'],
  nginx: ['nginx'],
  ruby: ['ruby', 'rb'],
  java: ['java'],
  kotlin: ['kotlin', 'kt'],
  c: ['c'],
  cpp: ['cpp', 'c++'],
  csharp: ['csharp', 'cs'],
  rust: ['rust', 'rs'],
  php: ['php'],
  swift: ['swift'],
  makefile: ['makefile', 'make'],
};
const GRAMMAR_OF = new Map(Object.entries(GRAMMARS).flatMap(([id, names]) => names.map((name) => [name, id] as const)));

const require = createRequire(import.meta.url);
let highlighter: HighlighterCore | undefined;
const loaded = new Set<string>();

function grammar(id: string): HighlighterCore {
  if (!highlighter) {
    const { createHighlighterCoreSync } = require('@shikijs/core') as typeof import('@shikijs/core');
    const { createJavaScriptRegexEngine } =
      require('@shikijs/engine-javascript') as typeof import('@shikijs/engine-javascript');
    highlighter = createHighlighterCoreSync({ themes: [THEME], langs: [], engine: createJavaScriptRegexEngine() });
  }
  if (!loaded.has(id)) {
    // require(esm) keeps the first use synchronous (rehype plugins run inside processSync).
    const langs = (require(`@shikijs/langs/${id}`) as { default: LanguageRegistration[] }).default;
    highlighter.loadLanguageSync(langs);
    loaded.add(id);
  }
  return highlighter;
}

export const shiki: Backend = {
  knows: (lang) => GRAMMAR_OF.has(lang),
  names: () => [...GRAMMAR_OF.keys()],
  lines(lang, code) {
    // No time limit: on a busy machine, compiling a grammar's first patterns would cut a line short into one token.
    const lines = grammar(GRAMMAR_OF.get(lang)!).codeToTokensBase(code, {
      lang: GRAMMAR_OF.get(lang)!,
      theme: THEME.name,
      tokenizeTimeLimit: 0,
    });
    return lines.map((tokens) =>
      mergeTokens(
        tokens.map((token): Token => ({
          text: token.content,
          kind: KIND_OF.get(token.color?.toLowerCase() ?? '') ?? '',
        })),
      ),
    );
  },
};
