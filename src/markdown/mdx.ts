import { existsSync, realpathSync } from 'node:fs';
import { DeadlineExceeded, withinSync } from '../build/deadline.js';
import { DEFAULT_LIMITS } from './limits.js';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parse } from 'acorn';
import * as esbuild from 'esbuild';
import type { ComponentType } from 'react';
import { BuildError, BuildFailure, type Problems } from '../model/errors.js';
import { sha1 } from '../incremental/hash.js';
import type { PageSource } from '../model/page.js';
import type { SecurityConfig } from './security.js';
import { isInside } from '../content/project-files.js';
import { fencedLines } from './fences.js';

/**
 * MDX pages (`.mdx`): Markdown with JSX components, compiled by @mdx-js/mdx with the same remark
 * and rehype plugins as `.md` pages (so links, headings, constants, search and code checks work
 * alike), then rendered once with React's renderToStaticMarkup, like the layout. Built-in
 * components are expanded into HTML at compile time (src/markdown/builtins.ts); the project's own
 * come from `mdx.components` in the configuration or from imports in the page, bundled by esbuild.
 */

export const isMdx = (relativePath: string) => /\.mdx$/i.test(relativePath);

/**
 * Why an .mdx page may not be built here (`security.mdx`), or null. MDX is code: its expressions,
 * exports and imports run at build time with the build's rights, so a project that builds pull
 * requests from strangers can refuse it, or allow it only in folders its maintainers own.
 */
export function mdxRefusal(security: Pick<SecurityConfig, 'mdx'>, relativePath: string): BuildError | null {
  const rule = security.mdx ?? 'allow';
  if (!isMdx(relativePath) || rule === 'allow') return null;
  if (Array.isArray(rule) && rule.some((folder) => relativePath.startsWith(folder))) return null;
  return new BuildError(
    rule === 'refuse'
      ? 'an MDX page, and this project refuses MDX (`security.mdx: "refuse"`): its code would run at build time'
      : `an MDX page outside the folders that may hold MDX (\`security.mdx\`: ${rule.join(', ') || 'none'}): its code would run at build time`,
    { file: relativePath },
    'write the page in Markdown (rename it to .md and drop its JSX), or have a maintainer move it to a folder `security.mdx` lists',
  );
}

/** The compiler (@mdx-js/mdx and React's server renderer: half a second to load), loaded only for sites with .mdx pages. */
let compiler: typeof import('./mdx-compile.js') | undefined;

/** Loads the compiler when any of these pages is MDX; every thread that renders pages awaits this first. */
export async function loadMdxCompiler(pages: { relativePath: string }[]): Promise<void> {
  if (!compiler && pages.some((p) => isMdx(p.relativePath))) compiler = await import('./mdx-compile.js');
}

export function mdxCompiler(): typeof import('./mdx-compile.js') {
  if (!compiler) throw new Error('Internal error: an .mdx page is rendered before loadMdxCompiler');
  return compiler;
}

/** Components as a page receives them: by the name the page writes. */
export type Components = Record<string, ComponentType<Record<string, unknown>>>;

/** The fix for any MDX syntax error: what trips writers coming from plain Markdown. */
export const MDX_SYNTAX_FIX =
  'MDX reads `<` as the start of a component and `{` as a JavaScript expression: write `\\<` and `\\{` for the characters, close every tag (`<br />`), or rename the page to .md';

/** A component's own failure, named and placed: React's message says neither. */
export class ComponentError extends Error {
  constructor(
    readonly component: string,
    readonly place: { line: number; column: number } | undefined,
    readonly original: unknown,
  ) {
    super(`component <${component}> threw: ${original instanceof Error ? original.message : String(original)}`);
  }
}

/** Component modules bundled for this process, by their code. */
const evaluated = new Map<string, Components>();
const requireHere = createRequire(import.meta.url);

/** Runs a bundle from `bundleComponents` and keeps its exports that can be components. */
export function evaluateComponents(code: string): Components {
  let found = evaluated.get(code);
  if (!found) {
    const module = { exports: {} as Record<string, unknown> };
    new Function('require', 'module', 'exports', code)(requireHere, module, module.exports);
    found = {};
    for (const [name, value] of Object.entries(module.exports)) {
      if (
        /^[A-Z]/.test(name) &&
        (typeof value === 'function' || (typeof value === 'object' && value !== null && '$$typeof' in value))
      )
        found[name] = value as ComponentType<Record<string, unknown>>;
    }
    evaluated.set(code, found);
  }
  return found;
}

/**
 * Bundles component modules (TSX, JSX, TS or JS, with what they import) into one CommonJS module
 * whose exports are the components; React stays external so the page and its components share one.
 */
export function bundleComponents(
  contents: string,
  resolveDir: string,
  sourcefile: string,
  within?: string,
): { code: string } | { errors: esbuild.Message[] } {
  try {
    const result = esbuild.buildSync({
      stdin: { contents, resolveDir, sourcefile, loader: 'tsx' },
      bundle: true,
      write: false,
      format: 'cjs',
      platform: 'node',
      jsx: 'automatic',
      external: ['react', 'react/*', 'react-dom', 'react-dom/*'],
      logLevel: 'silent',
      metafile: within !== undefined,
    });
    const outside = within === undefined ? [] : filesOutside(result.metafile!, process.cwd(), within);
    if (outside.length) return { errors: outside };
    return { code: result.outputFiles[0].text };
  } catch (error) {
    return {
      errors: (error as { errors?: esbuild.Message[] }).errors ?? [
        { text: (error as Error).message } as esbuild.Message,
      ],
    };
  }
}

/**
 * The files a bundle took in that are not inside `within` (their real paths: esbuild follows
 * symbolic links) nor an installed package (a `node_modules` folder, which a workspace may hoist
 * above the project), as errors: a page's import must not publish a file of the machine
 * (`import key from '../../../home/ci/.config/key.json'`).
 */
function filesOutside(metafile: esbuild.Metafile, workingDir: string, within: string): esbuild.Message[] {
  const folder = realpathSync(within);
  return Object.keys(metafile.inputs)
    .filter((input) => !input.startsWith('<'))
    .map((input) => path.resolve(workingDir, input.replace(/^[a-z-]+:/, '')))
    // Installed packages are the project's too, wherever a workspace hoisted them.
    .filter((file) => !isInside(file, folder) && !file.split(path.sep).includes('node_modules'))
    .map(
      (file) =>
        ({
          text: `it takes in ${file}, outside the project (after following symbolic links): a page may import only the project's own files`,
        }) as esbuild.Message,
    );
}

const IMPORT_LINE = /^import\s.+?\sfrom\s+['"]([^'"]+)['"];?\s*$/;

/**
 * The lines of an MDX body that are ES imports (`import Chart from './Chart.tsx'`), by index:
 * lines inside fenced code are text to show, not imports, whatever they say.
 */
export function importLines(body: string): { text: string; index: number; from: string }[] {
  const out: { text: string; index: number; from: string }[] = [];
  const lines = body.split('\n');
  const fenced = fencedLines(lines, 'top-level');
  lines.forEach((text, index) => {
    if (fenced[index]) return;
    const from = IMPORT_LINE.exec(text)?.[1];
    if (from !== undefined) out.push({ text, index, from });
  });
  return out;
}

/**
 * The project's files that importing these modules loads (the modules and what they import),
 * relative to `root`, node_modules left out: what a snapshot of the version must keep. None when
 * they do not compile (the build reports that).
 */
export function importedProjectFiles(modules: string[], resolveDir: string, root: string): string[] {
  if (!modules.length) return [];
  // Re-exported, not imported: TypeScript's rules drop an import whose names go unused.
  const contents = modules.map((m) => `export * from ${JSON.stringify(m)};`).join('\n');
  try {
    const result = esbuild.buildSync({
      stdin: { contents, resolveDir, sourcefile: '<imports>', loader: 'tsx' },
      bundle: true,
      write: false,
      metafile: true,
      format: 'cjs',
      platform: 'node',
      jsx: 'automatic',
      absWorkingDir: root,
      external: ['react', 'react/*', 'react-dom', 'react-dom/*'],
      logLevel: 'silent',
    });
    return Object.keys(result.metafile!.inputs).filter(
      (file) => !file.endsWith('<imports>') && !file.includes(':') && !file.split('/').includes('node_modules'),
    );
  } catch {
    return [];
  }
}

/**
 * The peers' component modules, and the built-in component (src/markdown/builtins.ts) each export is here: a
 * page importing them builds as it is, its import standing for ours. `default` is the module's default export.
 */
export const PEER_COMPONENTS: Record<string, Record<string, string>> = {
  '@astrojs/starlight/components': Object.fromEntries(
    ['Tabs', 'TabItem', 'Steps', 'Card', 'CardGrid', 'LinkCard', 'FileTree', 'Badge', 'Aside'].map((n) => [n, n]),
  ),
  '@theme/Tabs': { default: 'Tabs' },
  '@theme/TabItem': { default: 'TabItem' },
  '@theme/Admonition': { default: 'Aside' },
};

/**
 * An import of a peer's components: the line is dropped, the names it imports are the built-ins'. A name written
 * differently from ours (`import Admonition from '@theme/Admonition'`) is renamed in the page. Null for any other import.
 */
function peerImport(
  node: import('acorn').ImportDeclaration,
  renames: Map<string, string>,
): { unknown: string[] } | null {
  const module = PEER_COMPONENTS[String(node.source.value)];
  if (!module) return null;
  const unknown: string[] = [];
  for (const spec of node.specifiers) {
    const imported =
      spec.type === 'ImportDefaultSpecifier'
        ? 'default'
        : spec.type === 'ImportSpecifier'
          ? spec.imported.type === 'Identifier'
            ? spec.imported.name
            : String(spec.imported.value)
          : '*';
    const ours = module[imported];
    if (!ours) unknown.push(imported === 'default' ? spec.local.name : imported);
    else if (spec.local.name !== ours) renames.set(spec.local.name, ours);
  }
  return { unknown };
}

/** `<Local` and `</Local>` as `<Ours`, outside fenced code. */
function renameComponents(body: string, renames: Map<string, string>): string {
  if (!renames.size) return body;
  const lines = body.split('\n');
  const fenced = fencedLines(lines);
  return lines
    .map((line, i) => {
      if (fenced[i]) return line;
      return line.replace(/<(\/?)([A-Z][\w$]*)(?=[\s/>])/g, (whole, slash: string, name: string) =>
        renames.has(name) ? `<${slash}${renames.get(name)}` : whole,
      );
    })
    .join('\n');
}

/**
 * An MDX page's imports of components (`import Chart from '../../components/Chart.tsx'`): taken
 * out of the body (the line stays, empty) and bundled, so the page compiles to a function without
 * imports and its cache key covers the components' code. Imports of Markdown are includes
 * (src/markdown/includes.ts) and are gone by now.
 */
export function prepareMdxImports(source: PageSource, problems: Problems, root: string): void {
  if (!/^import\s/m.test(source.body)) return;
  const lines = source.body.split('\n');
  const imports: { text: string; line: number }[] = [];
  const names: string[] = [];
  const renames = new Map<string, string>();
  for (const { text, index: i } of importLines(source.body)) {
    try {
      const program = parse(text, { ecmaVersion: 'latest', sourceType: 'module' });
      const declarations = program.body.filter((node) => node.type === 'ImportDeclaration');
      const peer = declarations.length === 1 ? peerImport(declarations[0], renames) : null;
      if (peer) {
        for (const name of peer.unknown)
          problems.push(
            new BuildError(
              `${name} from '${String(declarations[0].source.value)}' has no counterpart here`,
              { file: source.relativePath, line: i + 1 + source.lineOffset },
              `the built-in components are ${Object.keys(PEER_COMPONENTS['@astrojs/starlight/components']).join(', ')}; import a component of the project for the rest (\`docs migrate\` lists them)`,
            ),
          );
        lines[i] = ''; // the built-ins need no import
        continue;
      }
      for (const node of declarations) names.push(...node.specifiers.map((s) => s.local.name));
    } catch {
      continue; // left for MDX to report with its place
    }
    imports.push({ text, line: i + 1 + source.lineOffset });
    lines[i] = ''; // the lines below stay where they were
  }
  if (!imports.length) {
    source.body = renameComponents(lines.join('\n'), renames);
    return;
  }
  const bundled = bundleComponents(
    `${imports.map((i) => i.text).join('\n')}\nexport { ${names.join(', ')} };`,
    path.dirname(source.file),
    `<imports of ${source.relativePath}>`,
    root,
  );
  if ('errors' in bundled) {
    for (const error of bundled.errors) {
      const inPage = Boolean(error.location?.file.endsWith(`<imports of ${source.relativePath}>`));
      const line = (inPage && imports[error.location!.line - 1]?.line) || imports[0].line;
      const where = error.location && !inPage ? ` (in ${error.location.file}:${error.location.line})` : '';
      problems.push(
        new BuildError(
          `cannot import a component: ${error.text}${where}`,
          { file: source.relativePath, line },
          'check the path (relative to the page) and that the module compiles; components are .tsx, .jsx, .ts or .js files',
        ),
      );
    }
    // The names stay known (no second report as unknown components); without code, the page is not rendered.
    source.body = renameComponents(lines.join('\n'), renames);
    source.components = { code: '', names };
    return;
  }
  source.body = renameComponents(lines.join('\n'), renames);
  source.components = { code: bundled.code, names };
}

/** `mdx.components` of the configuration, bundled and checked: a missing file or a compile error fails the build at once. */
export function loadConfigComponents(
  file: string,
  root: string,
  configFile: string,
  ms = DEFAULT_LIMITS.mdxMs,
): { file: string; code: string; names: string[]; hash: string } {
  const relative = path.relative(root, file);
  if (!existsSync(file))
    throw new BuildFailure([
      new BuildError(
        `"mdx.components": ${relative} does not exist`,
        { file: configFile },
        'set it to a module of the project that exports the components, such as ./components/index.tsx',
      ),
    ]);
  const bundled = bundleComponents(`export * from ${JSON.stringify(file)};`, root, '<mdx.components>');
  if ('errors' in bundled)
    throw new BuildFailure(
      bundled.errors.map(
        (e) =>
          new BuildError(
            `cannot compile the MDX components: ${e.text}`,
            {
              file: e.location?.file ?? relative,
              line: e.location?.line,
              column: e.location ? e.location.column + 1 : undefined,
            },
            'fix the module named by "mdx.components"',
          ),
      ),
    );
  let names: string[];
  try {
    names = Object.keys(withinSync(ms, 'loading the MDX components', () => evaluateComponents(bundled.code)));
  } catch (error) {
    if (error instanceof DeadlineExceeded)
      throw new BuildFailure([
        new BuildError(
          `loading the MDX components took longer than ${ms} ms (a loop at the top level of the module?)`,
          { file: relative },
          'fix the module named by "mdx.components"; `limits.mdxMs` in docs.config.ts sets the limit',
        ),
      ]);
    throw new BuildFailure([
      new BuildError(
        `cannot load the MDX components: ${(error as Error).message}`,
        { file: relative },
        'the module must run in Node.js at build time (no browser globals at the top level)',
      ),
    ]);
  }
  if (!names.length)
    throw new BuildFailure([
      new BuildError(
        `"mdx.components": ${relative} exports no component`,
        { file: relative },
        'export each component by a capitalised name: `export function Chart() { ... }`',
      ),
    ]);
  return { file, code: bundled.code, names, hash: sha1(bundled.code) };
}
