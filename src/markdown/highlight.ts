import { createRequire } from 'node:module';
import { createHighlighterCoreSync, type HighlighterCore, type LanguageRegistration, type ThemeRegistration } from '@shikijs/core';
import { createOnigurumaEngine } from '@shikijs/engine-oniguruma';

/**
 * Build-time syntax highlighting with VS Code's TextMate grammars (Shiki), emitting classes only.
 *
 * A theme maps TextMate scopes to a handful of token kinds; each kind is a short class whose light
 * and dark colours live in the stylesheet (so one pass serves both themes, no style attribute per
 * token, and the colours are the site's own, checked for contrast). Each grammar loads on its first use.
 */

/** Token kinds: class name -> TextMate scopes (the most specific selector wins, as in VS Code). */
const KINDS: Record<string, string[]> = {
  tc: ['comment', 'punctuation.definition.comment', 'string.comment'],
  ts: ['string', 'string.regexp', 'string.unquoted.plain.out.yaml', 'string.unquoted.plain.in.yaml', 'markup.inserted', 'constant.other.symbol', 'string.quoted.docstring'],
  tn: ['constant.numeric', 'constant.language', 'constant.character', 'markup.deleted', 'keyword.other.unit', 'constant.other.placeholder'],
  tk: [
    'keyword', 'storage', 'storage.type', 'storage.modifier', 'keyword.operator.new', 'keyword.operator.expression', 'keyword.operator.logical.python', 'keyword.operator.word',
    'variable.language', 'support.variable.language', 'entity.name.tag', 'keyword.control', 'keyword.other.DML', 'keyword.other.DDL', 'support.type.primitive', 'support.type.builtin',
    'keyword.other.http', 'keyword.other.special-method',
  ],
  tf: [
    'entity.name.function', 'support.function', 'meta.function-call.generic', 'entity.name.type', 'entity.name.class', 'support.class', 'support.type', 'entity.other.inherited-class',
    'entity.name.command', 'entity.name.function.decorator', 'meta.decorator', 'markup.heading', 'entity.name.section', 'meta.diff.range', 'meta.diff.header',
  ],
  tp: [
    'variable.other.property', 'variable.other.object.property', 'support.type.property-name', 'entity.other.attribute-name', 'meta.object-literal.key', 'entity.name.tag.yaml',
    'constant.other.option', 'variable.other.normal.shell', 'variable.other.special.shell', 'variable.other.positional.shell', 'punctuation.definition.variable.shell', 'variable.parameter.function.language.special',
    'support.type.property-name.json', 'entity.name.tag.toml', 'keyword.other.definition.ini', 'support.variable.property', 'meta.embedded.line.tag.smarty', 'entity.name.label',
  ],
  tm: ['meta.preprocessor', 'keyword.control.directive', 'constant.character.escape', 'keyword.other.important', 'string.other.link', 'meta.tag.sgml.doctype'],
};

// Shiki's themes speak colours: each kind gets a colour nobody writes, turned back into its class.
const COLOUR_OF = Object.fromEntries(Object.keys(KINDS).map((kind, i) => [kind, `#0000${(i + 1).toString(16).padStart(2, '0')}`]));
const KIND_OF = new Map(Object.entries(COLOUR_OF).map(([kind, colour]) => [colour, kind]));
const THEME: ThemeRegistration = {
  name: 'docs-classes',
  type: 'light',
  fg: '#000000',
  bg: '#ffffff',
  settings: Object.entries(KINDS).map(([kind, scope]) => ({ scope, settings: { foreground: COLOUR_OF[kind] } })),
};
// Operators and punctuation inside these stay plain text (VS Code colours them with the foreground).
THEME.settings!.push({ scope: ['keyword.operator', 'punctuation', 'meta.brace', 'keyword.operator.assignment'], settings: { foreground: '#000000' } });
THEME.settings!.push({ scope: ['keyword.operator.new', 'keyword.operator.expression', 'keyword.operator.word', 'keyword.operator.logical.python'], settings: { foreground: COLOUR_OF.tk } });
THEME.settings!.push({ scope: ['punctuation.definition.comment'], settings: { foreground: COLOUR_OF.tc } });
THEME.settings!.push({ scope: ['punctuation.definition.string', 'storage.type.string.python', 'string.regexp keyword', 'string.regexp constant', 'string.regexp punctuation'], settings: { foreground: COLOUR_OF.ts } });
THEME.settings!.push({ scope: ['storage.type.numeric', 'storage.type.number', 'variable.other.enummember'], settings: { foreground: COLOUR_OF.tn } });
THEME.settings!.push({ scope: ['constant.character.format.placeholder', 'storage.type.format', 'constant.other.placeholder'], settings: { foreground: COLOUR_OF.tm } });
// Arrows read as punctuation; a shell command's arguments as plain words (VS Code colours them as strings).
THEME.settings!.push({ scope: ['storage.type.function.arrow', 'string.unquoted.argument.shell'], settings: { foreground: '#000000' } });
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

/** Languages shown as plain text, without highlighting. */
export const PLAIN = new Set(['text', 'txt', 'plain', 'plaintext', 'output', 'log']);

/** Whether a fence's language is one we highlight (or show as plain text). */
export function isKnownLanguage(lang: string): boolean {
  const name = lang.toLowerCase();
  return PLAIN.has(name) || GRAMMAR_OF.has(name);
}

/** The names a writer may use, for the unknown-language message. */
export function knownLanguages(): string[] {
  return ['text', ...GRAMMAR_OF.keys()];
}

/** A run of text and the class of its token kind ('' for plain text). */
export interface Token {
  text: string;
  kind: string;
}

const require = createRequire(import.meta.url);
// Oniguruma (WebAssembly, inlined in the module: no file to locate): two to five times faster than
// Shiki's JavaScript regex engine on our code blocks, at first use and after (README, Code blocks).
const engine = await createOnigurumaEngine(import('@shikijs/engine-oniguruma/wasm-inlined'));
let highlighter: HighlighterCore | undefined;
const loaded = new Set<string>();

function grammar(id: string): HighlighterCore {
  highlighter ??= createHighlighterCoreSync({ themes: [THEME], langs: [], engine });
  if (!loaded.has(id)) {
    // require(esm) keeps the first use synchronous (rehype plugins run inside processSync).
    const langs = (require(`@shikijs/langs/${id}`) as { default: LanguageRegistration[] }).default;
    highlighter.loadLanguageSync(langs);
    loaded.add(id);
  }
  return highlighter;
}

/** Splits code into lines of tokens; adjacent tokens of one kind are merged, blank runs join their neighbours. */
export function highlightLines(lang: string, code: string): Token[][] {
  const id = GRAMMAR_OF.get(lang.toLowerCase());
  if (!id) return code.split('\n').map((text) => (text ? [{ text, kind: '' }] : []));
  // No time limit: on a busy machine, compiling a grammar's first patterns would cut a line short into one token.
  const lines = grammar(id).codeToTokensBase(code, { lang: id, theme: THEME.name, tokenizeTimeLimit: 0 });
  return lines.map((tokens) => {
    const out: Token[] = [];
    for (const token of tokens) {
      const kind = KIND_OF.get(token.color?.toLowerCase() ?? '') ?? '';
      const last = out[out.length - 1];
      if (last && (last.kind === kind || !token.content.trim())) last.text += token.content;
      else if (last && !last.text.trim()) out[out.length - 1] = { text: last.text + token.content, kind };
      else out.push({ text: token.content, kind });
    }
    return out;
  });
}
