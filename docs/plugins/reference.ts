/**
 * The guide's generated references, as a build plugin (the plugin API's `pages` hook):
 *
 * - /reference/configuration/: every key of `docs.config.ts`, from the zod schema (./schema.ts), with
 *   its type, whether it is optional and its default (read by resolving an empty configuration), and the
 *   sentence of ./config-notes.ts. A top-level key without a sentence, or a sentence for a key that no
 *   longer exists, fails the build.
 * - /reference/cli/: every command of the commander program in src/cli/index.ts, its arguments and options.
 *
 * It also checks the guide's shell examples: a `pagewright` or `docs` command in a `bash` or `sh` code
 * block must be a command of the program, with options it has.
 */
import path from 'node:path';
import type { Command } from 'commander';
import { definePlugin } from '../../src/config/define.js';
import { resolveConfig } from '../../src/config/index.js';
import { createProgram } from '../../src/cli/index.js';
import { configSchema, schemaRows, type SchemaRow } from './schema.js';
import { configNotes, type Note } from './config-notes.js';


/**
 * Commands the guide documents that the program in this tree does not have yet, with their options.
 * Used only while the program lacks them: once `init` lands in src/cli/index.ts its real options are checked.
 */
const DOCUMENTED_AHEAD: Record<string, string[]> = { init: ['--yes', '-y'] };

/** Keys documented before the schema has them: their sentence is kept, not reported as stale. */
const NOTES_AHEAD = new Set(['siteUrl', 'openapi', 'openapi.apiKeyVariable']);

/** Ids the page layout uses (src/markdown/headings.ts): a heading may not take them. */
const LAYOUT_IDS = new Set(['main', 'sidebar', 'page-title', 'announcer']);
const anchor = (key: string) => (LAYOUT_IDS.has(key.toLowerCase()) ? `${key.toLowerCase()}-option` : key.toLowerCase());

const text = (note: Note | undefined) => (typeof note === 'string' ? note : note?.text);
/** A table cell: pipes escaped, one line, and `<` outside code spans written as an entity (a command's `<name>` is not HTML). */
const cell = (s: string) =>
  s
    .replace(/\|/g, '\\|')
    .replace(/\n/g, ' ')
    .split('`')
    .map((part, i) => (i % 2 ? part : part.replace(/</g, '&lt;')))
    .join('`');
/** A type short enough for the summary table: `Array<string | object> | Record<...>` becomes `Array | Record`. */
const shortType = (type: string) =>
  type.length <= 28 ? type : [...new Set(type.split(/ \| (?![^<]*>)/).map((t) => t.replace(/<.*$/, '')))].join(' | ');
const code = (s: string) => `\`${s.replace(/\|/g, '\\|')}\``;

/** The default of a key: from the configuration resolved with nothing set, else from its note. */
function defaultOf(row: SchemaRow, resolved: Record<string, unknown>, root: string): string {
  const note = configNotes[row.path];
  if (typeof note === 'object') return note.default;
  if (row.path.includes('[]') || row.path.includes('<key>')) return '';
  const lookup = (from: unknown) =>
    row.path.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), from);
  let value = lookup(resolved);
  if (value === undefined) value = lookup(resolved.theme);
  if (value === undefined) return row.optional ? 'none' : 'required';
  // Folders are resolved against the project root: show them as written.
  if (typeof value === 'string' && (value === root || value.startsWith(root + path.sep))) value = path.relative(root, value) || '.';
  if (Array.isArray(value)) return value.length ? code(JSON.stringify(value)) : '`[]`';
  if (value && typeof value === 'object') return Object.keys(value).length ? '' : '`{}`';
  return code(typeof value === 'string' ? JSON.stringify(value) : String(value));
}

/** The configuration reference's Markdown, and the problems of the notes. */
export function configurationReference(root: string): { markdown: string; problems: string[]; keys: string[] } {
  const schema = configSchema();
  const rows = schemaRows(schema);
  const resolved = resolveConfig({}, root) as unknown as Record<string, unknown>;
  const problems: string[] = [];
  const paths = new Set(rows.map((r) => r.path));
  for (const key of Object.keys(configNotes))
    if (!paths.has(key) && !NOTES_AHEAD.has(key)) problems.push(`docs/plugins/config-notes.ts describes "${key}", which the configuration schema does not have`);
  const tops = rows.filter((r) => r.depth === 0);
  const out: string[] = [
    'Every key `docs.config.ts` accepts. This page is generated at each build from the schema that validates the configuration, so it lists exactly what the build accepts: a key added to the schema appears here, and a key removed disappears. Every key is optional unless marked *required* (inside an object you set).',
    '',
    '::: tip Types as you type',
    'Wrap the object in `defineConfig` and your editor completes every key below and flags a wrong type before a build does. The build validates the file again and names the key of any mistake.',
    ':::',
    '',
    '| Key | Type | Default |',
    '| --- | --- | --- |',
    ...tops.map((r) => `| [${code(r.path)}](#${anchor(r.path)}) | ${code(shortType(r.type))} | ${cell(defaultOf(r, resolved, root)) || ''} |`),
    '',
  ];
  for (const top of tops) {
    const note = text(configNotes[top.path]);
    if (!note) problems.push(`the configuration key "${top.path}" has no description in docs/plugins/config-notes.ts`);
    out.push(`## ${top.path} {#${anchor(top.path)}}`, '');
    const def = defaultOf(top, resolved, root);
    out.push(`**Type** ${code(top.type)}${def ? ` · **Default** ${def}` : ''}`, '');
    if (note) out.push(note, '');
    const nested = rows.filter((r) => r.top === top.path && r.depth > 0);
    if (nested.length) {
      out.push('| Key | Type | Default | What it does |', '| --- | --- | --- | --- |');
      for (const r of nested)
        out.push(
          `| ${code(r.path)} | ${code(r.type)} | ${r.optional ? cell(defaultOf(r, resolved, root)) : '*required*'} | ${cell(text(configNotes[r.path]) ?? '')} |`,
        );
      out.push('');
    }
  }
  return { markdown: out.join('\n'), problems, keys: tops.map((t) => t.path) };
}

/** The commands of the CLI, from the commander program itself. */
export function cliCommands(program: Command = createProgram()): Command[] {
  return [...program.commands];
}

function usage(cmd: Command): string {
  const args = cmd.registeredArguments.map((a) => (a.required ? `<${a.name()}>` : `[${a.name()}]`));
  return ['pagewright', cmd.name(), ...args, cmd.options.length ? '[options]' : ''].filter(Boolean).join(' ');
}

/** The CLI reference's Markdown. */
export function cliReference(): string {
  const program = createProgram();
  const out: string[] = [
    'Every command and option of the `pagewright` command line (also installed as `docs`). This page is generated at each build from the program that parses the command line, so it cannot list an option that does not exist.',
    '',
    '| Command | What it does |',
    '| --- | --- |',
    ...cliCommands(program).map((c) => `| [${code(c.name())}](#${c.name()}) | ${cell(c.description())} |`),
    '',
    'Global options: ' + program.options.map((o) => `${code(o.flags)} (${o.description})`).join(', ') + ', and `-h, --help` on every command.',
    '',
    '## Exit codes',
    '',
    '| Code | Meaning |',
    '| --- | --- |',
    '| `0` | Success. |',
    '| `1` | A problem in the content or the configuration; every problem is printed with its file, line and fix. |',
    '| `2` | A usage error: an unknown command or option, a bad value, a missing folder, `serve` before `build`, a port that is taken. One `error:` line, no stack trace. |',
    '',
  ];
  for (const cmd of cliCommands(program)) {
    out.push(`## ${cmd.name()} {#${cmd.name()}}`, '', `${cmd.description().replace(/^./, (c) => c.toUpperCase())}.`, '');
    out.push('```bash', usage(cmd), '```', '');
    if (cmd.registeredArguments.length) {
      out.push('| Argument | What it is | Default |', '| --- | --- | --- |');
      for (const a of cmd.registeredArguments)
        out.push(`| ${code(a.name())} | ${cell(a.description)} | ${a.required ? '*required*' : a.defaultValue === undefined ? '' : code(String(a.defaultValue))} |`);
      out.push('');
    }
    if (cmd.options.length) {
      out.push('| Option | What it does | Default |', '| --- | --- | --- |');
      for (const o of cmd.options)
        out.push(`| ${code(o.flags)} | ${cell(o.description)} | ${o.defaultValue === undefined ? '' : code(String(o.defaultValue))} |`);
      out.push('');
    }
  }
  return out.join('\n');
}

/** The commands of the program with their option flags, plus those documented ahead of it. */
function knownCommands(): Map<string, Set<string>> {
  const known = new Map<string, Set<string>>();
  for (const c of cliCommands()) {
    const flags = new Set(['-h', '--help']);
    for (const o of c.options) for (const f of o.flags.split(/[ ,|]+/)) if (f.startsWith('-')) flags.add(f.replace(/[<[].*$/, ''));
    known.set(c.name(), flags);
  }
  for (const [name, flags] of Object.entries(DOCUMENTED_AHEAD)) if (!known.has(name)) known.set(name, new Set(['-h', '--help', ...flags]));
  return known;
}

/** The problems of the shell examples in one page body: commands the program does not have, flags they do not take. */
export function checkCommands(body: string, known = knownCommands()): { line: number; message: string; fix: string }[] {
  const found: { line: number; message: string; fix: string }[] = [];
  let fence: string | undefined;
  body.split('\n').forEach((line, i) => {
    const open = /^\s*(`{3,}|~{3,})\s*(\w*)/.exec(line);
    if (open && !fence) return void (fence = /^(bash|sh|shell|console)$/.test(open[2]) ? open[1] : `skip${open[1]}`);
    if (fence && new RegExp(`^\\s*${fence.replace('skip', '')}\\s*$`).test(line)) return void (fence = undefined);
    if (!fence || fence.startsWith('skip')) return;
    for (const segment of line.split(/&&|\|\||;|\|/)) {
      const words = segment.trim().replace(/^\$\s+/, '').replace(/^(?:[A-Z_]+=\S*\s+)*/, '').replace(/^sudo\s+/, '');
      const m = /^(?:npx\s+(?:--yes\s+)?|node\s+bin\/docs\.js\s+)?(pagewright|docs)\s+([a-z][\w-]*)(.*)$/.exec(words) ??
        /^node\s+bin\/docs\.js\s+()([a-z][\w-]*)(.*)$/.exec(words);
      if (!m) continue;
      const binary = m[1] || 'docs';
      const [command, rest] = [m[2], m[3]];
      const flags = known.get(command);
      if (!flags) {
        found.push({ line: i, message: `\`${binary} ${command}\` is not a command`, fix: `use one of: ${[...known.keys()].join(', ')}` });
        continue;
      }
      for (const flag of rest.match(/(?<=\s|^)--?[a-zA-Z][\w-]*/g) ?? [])
        if (!flags.has(flag)) found.push({ line: i, message: `\`${binary} ${command}\` has no option ${flag}`, fix: `its options: ${[...flags].join(', ')}` });
    }
  });
  return found;
}

export function referencePlugin() {
  return definePlugin({
    name: 'guide-reference',
    pages({ config, sources, addPage, report }) {
      const configFile = path.relative(config.root, config.configFile ?? path.join(config.root, 'docs.config.ts'));
      const reference = configurationReference(config.root);
      for (const problem of reference.problems)
        report(problem, { file: configFile }, 'keep docs/plugins/config-notes.ts in step with the configuration schema');
      addPage({
        route: '/reference/configuration/',
        title: 'Configuration reference',
        description: 'Every key of docs.config.ts with its type and default, generated from the schema the build validates with.',
        markdown: reference.markdown,
        frontmatter: { order: 1 },
      });
      addPage({
        route: '/reference/cli/',
        title: 'CLI reference',
        description: 'Every pagewright command, argument and option, generated from the program that parses the command line.',
        markdown: cliReference(),
        frontmatter: { order: 2 },
      });
      const known = knownCommands();
      for (const source of sources)
        for (const p of checkCommands(source.body, known))
          report(p.message, { file: source.relativePath, line: p.line + 1 + source.lineOffset }, p.fix);
    },
  });
}
