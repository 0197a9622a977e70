import { parse } from 'acorn';
import { transform, type Loader, type Message } from 'esbuild';
import YAML from 'yaml';
import { sha1, type PassedCache } from '../incremental/cache.js';
import { BuildError } from '../model/errors.js';
import type { CodeBlock, PageRecord } from '../model/page.js';
import { pythonProblem } from './python.js';

/** The languages whose blocks must parse, and how to parse them. */
const LOADERS: Record<string, Loader> = {
  js: 'js',
  javascript: 'js',
  mjs: 'js',
  cjs: 'js',
  jsx: 'jsx',
  ts: 'ts',
  typescript: 'ts',
  mts: 'ts',
  cts: 'ts',
  tsx: 'tsx',
};
const JSON_LANGS = new Set(['json']);
const YAML_LANGS = new Set(['yaml', 'yml']);
const PYTHON_LANGS = new Set(['python', 'py']);

/** A writer marks a deliberately partial snippet with ```js no-check. */
export const NO_CHECK = /(^|\s)no-check(\s|$)/;

const FIX = (lang: string) =>
  `fix the ${lang} so it parses, or mark a deliberately partial snippet with \`\`\`${lang} no-check`;

/**
 * Whether a block is one the code check reads: a language it can parse, among those `strict.codeParse` names
 * (`true`: all of them; by default none, as documentation is full of deliberate fragments), not marked no-check.
 */
export function isCheckedBlock(block: CodeBlock, languages: true | readonly string[] = true): boolean {
  const lang = block.lang.toLowerCase();
  return (
    (lang in LOADERS || JSON_LANGS.has(lang) || YAML_LANGS.has(lang) || PYTHON_LANGS.has(lang)) &&
    (languages === true || languages.includes(lang)) &&
    !NO_CHECK.test(block.meta)
  );
}

/**
 * Every js/ts/json/yaml block of a page must parse (and every Python block tokenize): readers copy them. Problems point at the
 * file line of the error inside the block. Blocks in `passed` parsed in an earlier build.
 */
export async function codeBlockProblems(
  page: PageRecord,
  passed?: PassedCache,
  languages: true | readonly string[] = true,
): Promise<BuildError[]> {
  const problems = await Promise.all(
    page.codeBlocks.filter((block) => isCheckedBlock(block, languages)).map(async (block) => {
      const key = passed && sha1(block.lang.toLowerCase(), block.code);
      if (key && passed.has(key)) return null;
      const problem = await blockProblem(block.source ?? page.relativePath, block);
      if (key && !problem) passed.add(key);
      return problem;
    }),
  );
  return problems.filter((p): p is BuildError => p !== null);
}

/**
 * The block as the page's record keeps it: a checked plain-JavaScript block carries acorn's
 * verdict, reached in the thread that rendered the page (a page worker, mostly), so the checks
 * stage, which runs in the main thread alone, does not parse the blocks again: 0.5 s of a cold
 * build of the 1,000-page bench corpus moved into the parallel pages stage.
 */
export function withParseVerdict(block: CodeBlock): CodeBlock {
  if (LOADERS[block.lang.toLowerCase()] !== 'js' || NO_CHECK.test(block.meta)) return block;
  return { ...block, parses: parsesAsModule(block.code) };
}

/**
 * A fast first look at plain JavaScript, in this thread (or the page's, `withParseVerdict`): what acorn parses as a strict module,
 * esbuild parses too. The rest (and its error message) is esbuild's to judge. An esbuild call per
 * block is a round trip to its process: 2.2 s for the 10,000 blocks of the large benchmark corpus,
 * against 0.2 s with acorn first.
 */
function parsesAsModule(code: string): boolean {
  try {
    parse(code, { ecmaVersion: 'latest', sourceType: 'module' });
    return true;
  } catch {
    return false;
  }
}

async function blockProblem(file: string, block: CodeBlock): Promise<BuildError | null> {
  const lang = block.lang.toLowerCase();
  const at = (codeLine: number, column?: number) => ({ file, line: block.line + codeLine, column });
  if (lang in LOADERS) {
    if (LOADERS[lang] === 'js' && (block.parses ?? parsesAsModule(block.code))) return null;
    try {
      await transform(block.code, { loader: LOADERS[lang], logLevel: 'silent' });
      return null;
    } catch (error) {
      const first: Message | undefined = (error as { errors?: Message[] }).errors?.[0];
      if (!first) throw error;
      const place = first.location ? at(first.location.line, first.location.column + 1) : at(1);
      return new BuildError(`${block.lang} code block does not parse: ${first.text}`, place, FIX(block.lang));
    }
  }
  if (JSON_LANGS.has(lang)) {
    try {
      JSON.parse(block.code);
      return null;
    } catch (error) {
      const message = (error as Error).message;
      const position = /position (\d+)/.exec(message);
      const before = position ? block.code.slice(0, Number(position[1])) : '';
      const line = position ? before.split('\n').length : 1;
      const column = position ? Number(position[1]) - before.lastIndexOf('\n') : undefined;
      return new BuildError(
        `JSON code block does not parse: ${message.replace(/ in JSON at position \d+.*$/, '')}`,
        at(line, column),
        `${FIX(block.lang)} (JSON allows no comments or trailing commas: use \`\`\`jsonc for those)`,
      );
    }
  }
  if (PYTHON_LANGS.has(lang)) {
    const problem = pythonProblem(block.code);
    return (
      problem &&
      new BuildError(
        `Python code block does not tokenize: ${problem.message}`,
        at(problem.line, problem.column),
        FIX(block.lang),
      )
    );
  }
  for (const doc of YAML.parseAllDocuments(block.code)) {
    const error = doc.errors[0];
    if (!error) continue;
    const pos = error.linePos?.[0];
    return new BuildError(
      `YAML code block does not parse: ${error.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '')}`,
      at(pos?.line ?? 1, pos?.col),
      FIX(block.lang),
    );
  }
  return null;
}
