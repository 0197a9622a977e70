import YAML from 'yaml';
import { BuildError } from '../model/errors.js';
import type { CodeBlock, PageRecord } from '../model/page.js';
import { NO_CHECK } from './code-blocks.js';

/** The part of `content/_model/cli.yaml` this check reads. */
export interface CliFlag {
  name: string;
  alias?: string;
  /** Flags other than booleans take the next word as their value. */
  type?: string;
}

export interface CliCommand {
  name: string;
  flags?: CliFlag[];
}

export interface CliModel {
  binary: string;
  globalFlags: CliFlag[];
  commands: CliCommand[];
}

/** Where the model lives under the content folder (files under `_` are data, not pages). */
export const CLI_MODEL = '_model/cli.yaml';

const SHELL_LANGS = new Set(['bash', 'sh', 'shell', 'zsh', 'console', 'shell-session']);

/** Parses the model; a malformed one is a problem of its own, reported at the model file. */
export function parseCliModel(raw: string): CliModel | BuildError {
  let data: unknown;
  try {
    data = YAML.parse(raw);
  } catch (error) {
    const pos = (error as { linePos?: { line: number; col: number }[] }).linePos?.[0];
    return new BuildError(
      `the CLI model does not parse: ${(error as Error).message.split('\n')[0]}`,
      { file: CLI_MODEL, line: pos?.line, column: pos?.col },
      'fix the YAML',
    );
  }
  const model = data as Partial<CliModel> | null;
  const isFlag = (f: unknown) => typeof (f as CliFlag)?.name === 'string';
  if (
    !model ||
    typeof model.binary !== 'string' ||
    !Array.isArray(model.commands) ||
    !model.commands.every((c) => typeof c?.name === 'string' && (c.flags ?? []).every(isFlag)) ||
    !(model.globalFlags ?? []).every(isFlag)
  ) {
    return new BuildError(
      'the CLI model must have `binary`, `globalFlags[]` and `commands[]` (each with `name` and `flags[]` of `name`/`alias`)',
      { file: CLI_MODEL, line: 1 },
      'fix the shape of the file, or remove it to skip the CLI check',
    );
  }
  return { binary: model.binary, globalFlags: model.globalFlags ?? [], commands: model.commands };
}

/**
 * Every `<binary> <command>` in a page's shell blocks must be a command of the model, and every
 * flag one of that command's or a global one: examples must not teach commands that do not exist.
 */
export function cliCommandProblems(page: PageRecord, model: CliModel): BuildError[] {
  const problems: BuildError[] = [];
  for (const block of page.codeBlocks) {
    if (!SHELL_LANGS.has(block.lang.toLowerCase()) || NO_CHECK.test(block.meta)) continue;
    for (const { line, words } of commandsIn(block)) {
      const problem = checkCommand(words, model);
      if (problem)
        problems.push(new BuildError(problem.message, { file: block.source ?? page.relativePath, line }, problem.fix));
    }
  }
  return problems;
}

/** The commands of a shell block that run the binary, each with its file line. */
function commandsIn(block: CodeBlock): { line: number; words: string[] }[] {
  const out: { line: number; words: string[] }[] = [];
  const prompted = block.lang.toLowerCase() === 'console' || block.lang.toLowerCase() === 'shell-session';
  const lines = block.code.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const start = i;
    let text = lines[i];
    // In console blocks only prompted lines are commands; the rest is output.
    if (prompted && !/^\s*\$\s/.test(text)) continue;
    while (/\\$/.test(text) && i + 1 < lines.length) text = `${text.slice(0, -1)} ${lines[++i]}`;
    text = text.replace(/^\s*[$>]\s+/, '');
    for (const segment of splitShell(text)) {
      let words = segment;
      while (words.length && (/^[A-Za-z_][A-Za-z0-9_]*=/.test(words[0]) || words[0] === 'sudo')) words = words.slice(1);
      out.push({ line: block.line + start + 1, words });
    }
  }
  return out;
}

/** Splits a shell line into commands (at `&&`, `||`, `|`, `;`) of words, honouring quotes and comments. */
export function splitShell(text: string): string[][] {
  const commands: string[][] = [[]];
  let word = '';
  let inWord = false;
  const endWord = () => {
    if (inWord) commands[commands.length - 1].push(word);
    word = '';
    inWord = false;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "'" || c === '"') {
      const close = text.indexOf(c, i + 1);
      const end = close === -1 ? text.length : close;
      word += text.slice(i + 1, end);
      inWord = true;
      i = end;
    } else if (c === '\\' && i + 1 < text.length) {
      word += text[++i];
      inWord = true;
    } else if (/\s/.test(c)) {
      endWord();
    } else if (c === '#' && !inWord) {
      break;
    } else if (c === ';' || c === '|' || c === '&') {
      endWord();
      if (text[i + 1] === c) i++;
      commands.push([]);
    } else {
      word += c;
      inWord = true;
    }
  }
  endWord();
  return commands.filter((words) => words.length);
}

const flagName = (name: string) => (name.startsWith('-') ? name : name.length === 1 ? `-${name}` : `--${name}`);
const isFlag = (word: string) => /^--?[A-Za-z]/.test(word);
/** Words a writer uses to stand for something: `<command>`, `[flags]`, `$NAME`, `...`. */
const isPlaceholder = (word: string) => /^[<[${]|^\.\.\.$/.test(word);

function checkCommand(words: string[], model: CliModel): { message: string; fix: string } | null {
  if (words[0] !== model.binary) return null;
  const flagsOf = (list: CliFlag[]) =>
    new Map(
      list.flatMap((f) => [[flagName(f.name), f] as const, ...(f.alias ? [[flagName(f.alias), f] as const] : [])]),
    );
  const globals = flagsOf(model.globalFlags);
  let rest = words.slice(1);
  // Global flags may come before the command: `mycli --profile ci deploy`.
  while (rest.length && isFlag(rest[0])) {
    const flag = globals.get(rest[0].split('=')[0]);
    if (!flag) return unknownFlag(rest[0], model.binary, [...globals.keys()]);
    rest = rest.slice(takesValue(flag, rest[0]) ? 2 : 1);
  }
  if (!rest.length || isPlaceholder(rest[0])) return null;
  const names = new Map(model.commands.map((c) => [c.name, c]));
  const command = names.get(`${rest[0]} ${rest[1] ?? ''}`.trim()) ?? names.get(rest[0]);
  // A group of subcommands (`config` of `config get`) on its own prints the group's help.
  if (!command && model.commands.some((c) => c.name.startsWith(`${rest[0]} `))) return null;
  if (!command) {
    return {
      message: `unknown command "${model.binary} ${rest[0]}"`,
      fix: `the commands in ${CLI_MODEL} are: ${model.commands.map((c) => c.name).join(', ')}; fix the example or add the command to the model`,
    };
  }
  const allowed = new Map([...globals, ...flagsOf(command.flags ?? [])]);
  for (const word of rest.slice(command.name.split(' ').length)) {
    if (word === '--') break;
    if (isFlag(word) && !allowed.has(word.split('=')[0]))
      return unknownFlag(
        word,
        `${model.binary} ${command.name}`,
        [...flagsOf(command.flags ?? []).keys()],
        [...globals.keys()],
      );
  }
  return null;
}

function takesValue(flag: CliFlag, word: string): boolean {
  return flag.type !== undefined && flag.type !== 'boolean' && !word.includes('=');
}

function unknownFlag(
  word: string,
  command: string,
  own: string[],
  globals: string[] = [],
): { message: string; fix: string } {
  const list = [
    own.length ? `its flags: ${own.join(', ')}` : 'it has no flags of its own',
    globals.length ? `global: ${globals.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join('; ');
  return {
    message: `unknown flag "${word.split('=')[0]}" for "${command}"`,
    fix: `${list} (${CLI_MODEL}); fix the example or add the flag to the model`,
  };
}
