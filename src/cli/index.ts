import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Command, CommanderError, InvalidArgumentError } from 'commander';
import { build } from '../build/index.js';
import { checkContent } from './check.js';
import { loadConfig } from '../config/index.js';
import { BuildError, BuildFailure, fileSystemProblem, formatWarnings, UsageError } from '../model/errors.js';
import { startDevServer } from '../dev/index.js';
import { createLogger } from '../build/log.js';
import { builtBase, createStaticServer, listen } from '../serve/index.js';
import { formatMissingTranslations } from '../i18n/locales.js';
import { snapshotVersion } from '../versions/snapshot.js';
import { formatMigration, migrate, PEERS, type Peer } from './migrate.js';
import { GENERATOR_ROOT } from '../generator-root.js';
import { askOptions, nextSteps, scaffold } from './init.js';

const pkg = JSON.parse(readFileSync(path.join(GENERATOR_ROOT, 'package.json'), 'utf8')) as { version: string };

/** Exit codes: 0 success, 1 a problem in the content or configuration, 2 a usage error. */
/** The build itself, for programs that load the compiled CLI (bench/build-once.mjs). */
export { build };

export const EXIT = { ok: 0, content: 1, usage: 2 } as const;

function port(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535)
    throw new InvalidArgumentError('expected a port number from 0 to 65535.');
  return n;
}

function isDirectory(dir: string): boolean {
  return existsSync(dir) && statSync(dir).isDirectory();
}

/** The options of a command that listens (`serve`, `dev`). */
function withListenOptions(command: Command): Command {
  return command
    .option('-p, --port <port>', 'port to listen on', port, 4173)
    .option('--host [host]', 'listen on all interfaces, or on the given address (default: localhost only)');
}

/** `--host` alone listens on every interface, `--host <address>` on that one; without it, localhost only. */
function listenHost(option: string | boolean | undefined): string {
  return option === true ? '0.0.0.0' : typeof option === 'string' ? option : '127.0.0.1';
}

/** Prints a user error without a stack trace; returns the exit code. Every command's errors end here. */
export function reportError(error: unknown, write: (s: string) => void = (s) => process.stderr.write(s)): number {
  if (error instanceof UsageError) {
    write(`error: ${error.message}\n`);
    return EXIT.usage;
  }
  if (error instanceof BuildFailure) {
    write(`${error.format()}\n`);
    // Problems placed on a flag (--base, --out) are in the command line, not the content.
    return error.problems.every((p) => p.place.file.startsWith('--')) ? EXIT.usage : EXIT.content;
  }
  if (error instanceof BuildError) {
    write(`${error.toString()}\n`);
    return EXIT.content;
  }
  const onDisk = fileSystemProblem(error);
  if (onDisk) {
    write(`${onDisk.toString()}\n`);
    return EXIT.content;
  }
  write(`Internal error: ${(error as Error).stack ?? String(error)}\n`);
  return EXIT.content;
}

/**
 * The commander program. `root` lets tests pass a Command already set up with exitOverride() and
 * configureOutput(), which commander copies into subcommands when they are created.
 */
export function createProgram(root: Command = new Command()): Command {
  const program = root
    .name('pagewright')
    .description('Build, check and preview a static documentation site from a folder of Markdown.')
    .version(pkg.version, '-v, --version', 'print the version')
    .showHelpAfterError('(run with --help for usage)');

  program
    .command('build')
    .description('build the site into the output folder (default: dist)')
    .argument('[root]', 'folder with content/ (the Markdown) and, optionally, docs.config.ts', '.')
    .option('-o, --out <dir>', 'output folder, relative to root (default: dist)')
    .option('-b, --base <path>', 'public path the site is served under (default: from config, else /)')
    .action(async (rootDir: string, opts: { out?: string; base?: string }) => {
      const root = path.resolve(rootDir);
      if (!isDirectory(root)) throw new UsageError(`no folder ${rootDir} (the root holds docs.config.ts and content/)`);
      const logger = createLogger();
      const result = await build(root, { outDir: opts.out, base: opts.base, logger });
      if (result.warnings.length) process.stderr.write(`${formatWarnings(result.warnings)}\n`);
      if (result.missingTranslations)
        for (const line of formatMissingTranslations(result.missingTranslations, result.locales!)) logger.info(line);
      logger.info(
        `built ${result.pages} pages and ${result.redirects} redirects in ${(result.ms / 1000).toFixed(2)} s -> ${path.relative(process.cwd(), path.resolve(root, opts.out ?? 'dist')) || '.'}`,
      );
    });

  withListenOptions(
    program
      .command('serve')
      .description('serve the built site the way a static host would (run build first)')
      .argument('[root]', 'folder the site was built in', '.'),
  )
    .option('-o, --out <dir>', 'built site folder, relative to root (default: dist)')
    .action(async (rootDir: string, opts: { port: number; host?: string | boolean; out?: string }) => {
      const root = path.resolve(rootDir);
      const config = await loadConfig(root);
      // Only read here, so any folder will do (build's --out is checked against the project).
      const dir = opts.out ? path.resolve(root, opts.out) : config.outDir;
      if (!existsSync(path.join(dir, '404.html'))) {
        throw new UsageError(
          `no built site in ${path.relative(process.cwd(), dir) || '.'}: run \`docs build${rootDir === '.' ? '' : ` ${rootDir}`}\` first`,
        );
      }
      // The base the site was built with (`build --base` may differ from the configuration).
      const base = (await builtBase(dir)) ?? config.base;
      const server = createStaticServer({ dir, base });
      const host = listenHost(opts.host);
      const actual = await listen(server, opts.port, host);
      process.stdout.write(
        `serving ${path.relative(process.cwd(), dir) || '.'} at http://${host === '0.0.0.0' ? 'localhost' : host}:${actual}${base}\n`,
      );
    });

  withListenOptions(
    program
      .command('dev')
      .description('build and serve the site, rebuild what changes, and reload open tabs (for writing)')
      .argument('[root]', 'folder with docs.config.ts and content/', '.'),
  ).action(async (rootDir: string, opts: { port: number; host?: string | boolean }) => {
    const host = listenHost(opts.host);
    // Started by bin/docs.js (bin/dev-process.js): the CLI process it answers to may go, killed or not, even while
    // the first build runs.
    const parentGone =
      process.env.DOCS_DEV_PROCESS && process.send
        ? new Promise<void>((resolve) => process.once('disconnect', resolve))
        : undefined;
    const dev = await startDevServer({ root: path.resolve(rootDir), port: opts.port, host });
    process.stdout.write(
      `dev server at ${dev.url}${host === '127.0.0.1' ? '' : ` (listening on ${host})`}; press Ctrl-C to stop\n`,
    );
    const stop = () => void dev.close().then(() => process.exit(EXIT.ok));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    void parentGone?.then(stop);
  });

  program
    .command('check')
    .description('run every content check without writing output; exits 1 on any problem')
    .argument('[root]', 'folder with docs.config.ts and content/', '.')
    .option('--format <format>', 'output format: text or json (default: text)', 'text')
    .action(async (rootDir: string, opts: { format: string }) => {
      if (opts.format !== 'text' && opts.format !== 'json')
        throw new UsageError(`--format must be "text" or "json", not "${opts.format}"`);
      process.exitCode = await checkContent(path.resolve(rootDir), opts.format);
    });

  program
    .command('init')
    .description('create a new documentation site: configuration, starter pages, .gitignore and a CI workflow')
    .argument('[folder]', 'folder for the new site (asked on a terminal; default: the current folder)')
    .option('-y, --yes', 'ask nothing: the folder given (or the current one) and a title from its name')
    .option('-t, --title <title>', "the site's title (default: from the folder's name)")
    .option('-f, --force', 'write into a folder that holds files already (package.json is merged)')
    .action(async (folder: string | undefined, opts: { yes?: boolean; title?: string; force?: boolean }) => {
      const asked = await askOptions(folder, Boolean(opts.yes || opts.title));
      const files = await scaffold(
        { dir: asked.dir, title: opts.title ?? asked.title, force: opts.force },
        pkg.version,
      );
      process.stdout.write(nextSteps(asked.dir, files));
    });

  program
    .command('version')
    .description(
      'snapshot the current docs (content, sidebar, constants) as a version in versions/<name>/ and list it in versions.json',
    )
    .argument('<name>', 'the version\'s name, its folder and URL segment ("2.0")')
    .argument('[root]', 'folder with docs.config.ts and content/', '.')
    .action(async (name: string, rootDir: string) => {
      const config = await loadConfig(path.resolve(rootDir), { withoutVersions: true });
      const { dir, versions } = snapshotVersion(config, name);
      process.stdout.write(
        `version ${name} -> ${path.relative(process.cwd(), dir) || '.'}; versions.json: ${versions.join(', ')}\n`,
      );
    });

  program
    .command('migrate')
    .description(
      "convert a VitePress, Docusaurus or Starlight project's configuration and sidebar files into docs.config.ts; lists what it could not convert",
    )
    .argument('<folder>', "the peer project's folder (with its configuration file)")
    .requiredOption('--from <peer>', `the generator it was written for: ${PEERS.join(', ')}`)
    .action(async (folder: string, opts: { from: string }) => {
      if (!(PEERS as readonly string[]).includes(opts.from))
        throw new UsageError(`--from must be one of ${PEERS.join(', ')}, not "${opts.from}"`);
      const result = await migrate(path.resolve(folder), opts.from as Peer);
      process.stdout.write(formatMigration(result));
    });

  return program;
}

/** Runs the CLI; every error a command throws is printed by reportError: usage errors exit 2, content errors 1. */
export async function run(argv: string[]): Promise<void> {
  const program = createProgram(new Command().exitOverride());
  try {
    await program.parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      process.exitCode = error.exitCode === 0 ? EXIT.ok : EXIT.usage;
      return;
    }
    process.exitCode = reportError(error);
  }
}
