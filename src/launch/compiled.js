// The CLI as one compiled file, made on first run and whenever a file of src/ changes: Node then loads
// plain JavaScript instead of running every TypeScript module through tsx's loader hooks, which cost
// a second of CPU on every start (each import of a package crosses to the hooks' thread and back).
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const SRC = path.join(REPO, 'src');

/**
 * The compiled files `npm pack` ships (`npm run prepack`: precompile below). An installed package has them and
 * no TypeScript sources but src/shared/ (client/ imports it); a clone has the sources and compiles them.
 */
export const LIB = path.join(REPO, 'lib');
export const INSTALLED = !existsSync(path.join(SRC, 'cli/index.ts')) && existsSync(path.join(LIB, 'cli.mjs'));

/** Beside the page workers' bundle: inside the repo, so the bundle's imports find its node_modules. */
export const BUNDLE_DIR = path.join(REPO, 'node_modules/.cache/docs');

/** A key of every source file's path, size and modification time: any edit makes another bundle. */
export async function sourceKey(dir = SRC) {
  const hash = createHash('sha1');
  // A folder the package does not ship (src/ of an installed package holds only src/shared/, which client/ imports; lib/ only a packed one).
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath ?? entry.path, entry.name))
    .sort();
  const stats = await Promise.all(files.map((file) => stat(file)));
  files.forEach((file, i) => hash.update(`${path.relative(dir, file)}\0${stats[i].size}\0${stats[i].mtimeMs}\n`));
  return hash.digest('hex').slice(0, 16);
}

/**
 * Each module keeps its own `import.meta.url` (the file it was compiled from), so the paths the
 * sources resolve next to themselves (templates, the client, the workers' entry) stay right.
 */
const ownUrls = {
  name: 'own-import-meta-url',
  setup(build) {
    // This file too (src/incremental/build-record.ts imports sourceKey): its REPO must stay the repo.
    build.onLoad({ filter: /\.(tsx?|js)$/ }, async (args) => ({
      contents: (await readFile(args.path, 'utf8')).replaceAll(
        'import.meta.url',
        JSON.stringify(pathToFileURL(args.path).href),
      ),
      loader: args.path.endsWith('.tsx') ? 'tsx' : args.path.endsWith('.js') ? 'js' : 'ts',
    }));
  },
};

/**
 * The one "the generator changed" key: the stats of the generator's own files (src/, templates/, client/, and the
 * compiled lib/ of an installed package, which has no sources) and of its installed packages (npm rewrites the
 * lockfiles on every install). The compiled files are named by it and every store of src/incremental is salted
 * with it, so any edit of the generator or of its packages makes new ones. Stats, not contents: about 250 files,
 * stat'd in a few milliseconds, on every build's record.
 */
export async function generatorKey() {
  const dirs = INSTALLED ? ['src', 'templates', 'client', 'lib'] : ['src', 'templates', 'client'];
  const folders = await Promise.all(dirs.map((dir) => sourceKey(path.join(REPO, dir))));
  const lockfiles = await Promise.all(
    ['package-lock.json', 'node_modules/.package-lock.json'].map((file) =>
      stat(path.join(REPO, file)).then(
        (stats) => `${stats.size}\0${stats.mtimeMs}`,
        () => '',
      ),
    ),
  );
  return createHash('sha1')
    .update([...folders, ...lockfiles].join('\0'))
    .digest('hex')
    .slice(0, 16);
}

/**
 * Node resolves, reads and links an ES module file by file, and the Markdown chain is hundreds of
 * small packages: compiled into the worker's one file, a page worker starts on about 0.5 s of CPU
 * instead of 1.2 s. esbuild stays a package (its binary is found next to its own files), and so
 * does React: the components of MDX pages and layout overrides require it (src/markdown/mdx.ts),
 * and their hooks work only with the copy that renders them. The bundled CommonJS packages'
 * `require` of Node's modules needs a real `require`.
 */
const PACKAGES_INSIDE = {
  // tsx starts its loader thread from its own files, and sharp loads its native binary beside its own.
  external: ['esbuild', 'react', 'react/*', 'react-dom', 'react-dom/*', 'tsx', 'tsx/*', 'sharp'],
  // The meta property spelled in two parts: `ownUrls` rewrites it wherever it appears in this file.
  banner: {
    js: `import { createRequire as __docsRequire } from 'node:module'; const require = __docsRequire(${'import.meta'}.url);`,
  },
};

/**
 * In the page workers' one file, src/markdown/lowlight-files.ts becomes the two lowlight files it
 * loads at run time (by path: lowlight's `exports` names only its entry), so they and the 37
 * highlight.js grammars they import are compiled in too (0.15 s of CPU a worker to load one by one).
 */
const lowlightFiles = {
  name: 'lowlight-files',
  setup(build) {
    build.onLoad({ filter: /[\\/]src[\\/]markdown[\\/]lowlight-files\.ts$/ }, () => {
      const lib = path.join(path.dirname(createRequire(path.join(REPO, 'package.json')).resolve('lowlight')), 'lib');
      return {
        contents: [
          `export { createLowlight } from ${JSON.stringify(path.join(lib, 'index.js'))};`,
          `export { grammars as common } from ${JSON.stringify(path.join(lib, 'common.js'))};`,
        ].join('\n'),
        loader: 'js',
      };
    });
  },
};

/** The compiled entries of src/: the CLI and the files of its worker threads. */
const ENTRIES = {
  cli: 'cli/index.ts',
  'pages-worker': 'pages/workers/entry.ts',
  'stat-thread': 'incremental/stat-thread.ts',
};

/**
 * The compiled file of one entry of src/ (`cli`, `pages-worker`), with its packages inside, for the sources as
 * they are now, compiled first if there is none yet, named by `generatorKey`. What the sources import on demand
 * (`await import('./mdx-compile.js')`: the MDX compiler) is split into chunks beside it
 * (`<entry>-<key>.chunks/`), so a build that needs none does not load their packages.
 */
async function compiled(entry) {
  if (INSTALLED) return path.join(LIB, `${entry}.mjs`);
  const key = await generatorKey();
  const name = `${entry}-${key}`;
  const file = path.join(BUNDLE_DIR, `${name}.mjs`);
  if (await stat(file).catch(() => null)) return file;
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    entryPoints: { [name]: path.join(SRC, ENTRIES[entry]) },
    bundle: true,
    splitting: true,
    outdir: BUNDLE_DIR,
    entryNames: '[name]',
    chunkNames: `${name}.chunks/[name]-[hash]`,
    outExtension: { '.js': '.mjs' },
    platform: 'node',
    format: 'esm',
    ...PACKAGES_INSIDE,
    jsx: 'automatic',
    tsconfig: path.join(REPO, 'tsconfig.json'),
    plugins: [lowlightFiles, ownUrls],
    write: false,
    logLevel: 'silent',
  });
  // Each file written aside and renamed, the entry last: another process may be starting from the same files.
  for (const output of [...result.outputFiles].sort((a) => (a.path === file ? 1 : -1))) {
    await mkdir(path.dirname(output.path), { recursive: true });
    const partial = `${output.path}.${process.pid}.tmp`;
    await writeFile(partial, output.contents);
    await rename(partial, output.path);
  }
  // Files of earlier sources: a process running one has read it already (Node reads a module once).
  const earlier = new RegExp(`^${entry}-[0-9a-f]{16}(\\.mjs|\\.chunks)$`);
  for (const old of await readdir(BUNDLE_DIR))
    if (earlier.test(old) && !old.startsWith(`${name}.`))
      await rm(path.join(BUNDLE_DIR, old), { recursive: true, force: true });
  return file;
}

/**
 * The compiled CLI (src/cli/index.ts), with its packages inside as the page workers have them: Node then
 * reads one file instead of resolving and linking several hundred, and a command starts on about
 * 0.5 s of CPU less (the main thread's start-up is on every command's critical path).
 */
export function cliBundle() {
  return compiled('cli');
}

/**
 * The compiled page worker (src/pages/workers/entry.ts): workers do not inherit the tsx loader, and
 * starting it costs half a second a worker. Made once for the sources, not once a build.
 */
export function workerBundle() {
  return compiled('pages-worker');
}

/** The compiled stat thread (src/incremental/stat-thread.ts), for the same reason. */
export function statThreadBundle() {
  return compiled('stat-thread');
}

/**
 * The CLI's module, as every entry loads it (bin/docs.js, bench/build-once.mjs): the compiled file,
 * or the sources through tsx when it cannot be made (DOCS_FROM_SOURCE=1 asks for that; a source
 * that does not compile is then reported by tsx where it is), with the repo's tsconfig. The compiled
 * CLI needs no global loader: the project's own TypeScript goes through tsx's `tsImport`
 * (docs.config.ts and what it imports) or esbuild (layout parts, MDX components), and registering
 * one costs a thread and about 0.4 s of CPU on every command.
 */
export async function loadCli() {
  // React renders pages several times faster in production mode; it is read when React loads.
  process.env.NODE_ENV ??= 'production';
  if (!process.env.DOCS_FROM_SOURCE) {
    const cli = await cliBundle()
      .then((file) => import(pathToFileURL(file).href))
      .catch(() => undefined);
    if (cli) return cli;
  }
  const { register } = await import('tsx/esm/api');
  register({ tsconfig: path.join(REPO, 'tsconfig.json') });
  return import(pathToFileURL(path.join(SRC, ENTRIES.cli)).href);
}

/** The package's public entry points (package.json `exports`), each compiled alone with its packages left as imports. */
const PUBLIC_ENTRIES = {
  config: 'config/define.ts',
  theme: 'theme/index.ts',
  plugin: 'plugins/types.ts',
  blog: 'plugins/blog/index.ts',
};

/**
 * What `npm pack` ships instead of the sources (package.json `prepack`), in lib/: the CLI and the page workers'
 * file as `cliBundle` and `workerBundle` make them, the public entry points, and their type declarations. A
 * module's `import.meta.url` becomes the URL its source file would have in the installed package (lib/ sits
 * beside src/, client/ and templates/ as in the repo), so what the sources read beside themselves is found.
 */
export async function precompile() {
  const esbuild = await import('esbuild');
  await rm(LIB, { recursive: true, force: true });
  const own = (file) => file.startsWith(SRC + path.sep) || file.startsWith(path.join(REPO, 'bin') + path.sep);
  const packageUrls = {
    name: 'package-import-meta-url',
    setup(build) {
      build.onLoad({ filter: /\.(tsx?|js)$/ }, async (args) => {
        if (!own(args.path)) return undefined; // a package's own: the compiled file's URL is right for it
        const relative = path.relative(LIB, args.path).split(path.sep).join('/');
        return {
          contents: (await readFile(args.path, 'utf8')).replaceAll(
            'import.meta.url',
            `new URL(${JSON.stringify(relative)}, ${'import.meta'}.url).href`,
          ),
          loader: args.path.endsWith('.tsx') ? 'tsx' : args.path.endsWith('.js') ? 'js' : 'ts',
        };
      });
    },
  };
  const common = {
    bundle: true,
    outdir: LIB,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    jsx: 'automatic',
    tsconfig: path.join(REPO, 'tsconfig.json'),
    legalComments: 'none',
    logLevel: 'warning',
  };
  await esbuild.build({
    ...common,
    ...PACKAGES_INSIDE,
    entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([name, file]) => [name, path.join(SRC, file)])),
    splitting: true,
    chunkNames: '[name]-[hash]',
    outExtension: { '.js': '.mjs' },
    plugins: [lowlightFiles, packageUrls],
  });
  await esbuild.build({
    ...common,
    entryPoints: Object.fromEntries(Object.entries(PUBLIC_ENTRIES).map(([name, file]) => [name, path.join(SRC, file)])),
    packages: 'external',
    plugins: [packageUrls],
  });
  // The declarations of the public entry points and of the types they name (tsconfig.lib.json), in lib/types/.
  const { execFileSync } = await import('node:child_process');
  const typescript = path.dirname(createRequire(path.join(REPO, 'package.json')).resolve('typescript/package.json'));
  const tsc = path.join(typescript, 'bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', path.join(REPO, 'tsconfig.lib.json')], { stdio: 'inherit' });
}
