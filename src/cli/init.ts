/**
 * `pagewright init [folder]`: a new documentation project from templates/starter/, ready for
 * `npm install && npm run dev`. Template files named `_x` are written as `.x` (npm leaves `.gitignore`
 * out of a package, and a `.github` folder in it would be taken for the package's own).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { UsageError } from '../model/errors.js';
import { GENERATOR_ROOT } from '../generator-root.js';

export const STARTER_DIR = path.join(GENERATOR_ROOT, 'templates/starter');

/** The files a template folder holds, as paths relative to it. */
function templateFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** `_gitignore` -> `.gitignore`, `_github/workflows/docs.yml` -> `.github/workflows/docs.yml`. */
const target = (file: string) =>
  file
    .split(path.sep)
    .map((part) => part.replace(/^_/, '.'))
    .join(path.sep);

/** The folder's name as an npm package name: lower case, letters, digits and `-._` only. */
export function packageName(dir: string): string {
  const name = path
    .basename(path.resolve(dir))
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[._-]+|-+$/g, '');
  return name || 'docs';
}

export interface InitOptions {
  /** The project folder (made when missing). */
  dir: string;
  title: string;
  /** Write into a folder that holds files already: the starter's files replace theirs, package.json is merged. */
  force?: boolean;
}

/** What installing a package into an empty folder leaves there (`npm install pagewright`, then init). */
const INSTALL_FILES = new Set(['node_modules', 'package-lock.json', 'pnpm-lock.yaml', 'yarn.lock']);

/** A package.json an install wrote, with dependencies alone: init merges into it and replaces nothing. */
function installManifest(file: string): boolean {
  try {
    const pkg = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    return Object.keys(pkg).every((key) => key === 'dependencies' || key === 'devDependencies');
  } catch {
    return false;
  }
}

/**
 * What a folder holds that init would not overwrite unasked: a new repository's .git is fine, and so is what
 * installing this package there first left (its package.json is merged, the rest is not the starter's).
 */
function occupied(dir: string): string[] {
  if (!existsSync(dir)) return [];
  if (!statSync(dir).isDirectory()) throw new UsageError(`${dir} is a file, not a folder`);
  return readdirSync(dir).filter(
    (name) =>
      name !== '.git' &&
      !INSTALL_FILES.has(name) &&
      !(name === 'package.json' && installManifest(path.join(dir, name))),
  );
}

/** The starter's package.json: this generator as its dependency and the four scripts, merged into one already there. */
function packageJson(dir: string, version: string, existing: Record<string, unknown> | undefined): string {
  const old = existing ?? {};
  const pkg = {
    name: packageName(dir),
    private: true,
    type: 'module',
    ...old,
    scripts: {
      ...(old.scripts as object | undefined),
      dev: 'pagewright dev',
      build: 'pagewright build',
      preview: 'pagewright serve',
      check: 'pagewright check',
    },
    dependencies: {
      ...(old.dependencies as object | undefined),
      // A dependency already there (a version range, a tarball, a link) is the user's choice.
      pagewright: (old.dependencies as Record<string, string> | undefined)?.pagewright ?? `^${version}`,
    },
    // esbuild's install script only checks for the platform binary npm installs beside it: it need not run
    // (pnpm-workspace.yaml says the same to pnpm).
    allowScripts: { esbuild: false, ...(old.allowScripts as object | undefined) },
  };
  return `${JSON.stringify(pkg, null, 2)}\n`;
}

/** Writes the starter into `options.dir`; returns the files written, relative to it. */
export async function scaffold(options: InitOptions, version: string): Promise<string[]> {
  const dir = path.resolve(options.dir);
  const there = occupied(dir);
  if (there.length && !options.force) {
    throw new UsageError(
      `${options.dir} is not empty (${there.slice(0, 3).join(', ')}${there.length > 3 ? ', ...' : ''}): choose a new folder, or pass --force to write the starter's files into it`,
    );
  }
  const title = JSON.stringify(options.title);
  const description = JSON.stringify(`Guides and reference for ${options.title}.`);
  const written: string[] = [];
  for (const file of templateFiles(STARTER_DIR)) {
    const to = path.join(dir, target(file));
    const text = await readFile(path.join(STARTER_DIR, file), 'utf8');
    // Only the starter's own placeholders: the workflow's `${{ ... }}` expressions are GitHub's.
    const filled = /\.(md|ts)$/.test(file)
      ? text.replace(/\{\{(title|description)\}\}/g, (_m, key: string) => (key === 'title' ? title : description))
      : text;
    await mkdir(path.dirname(to), { recursive: true });
    await writeFile(to, filled);
    written.push(target(file));
  }
  const manifest = path.join(dir, 'package.json');
  const existing = existsSync(manifest)
    ? (JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, unknown>)
    : undefined;
  await writeFile(manifest, packageJson(dir, version, existing));
  written.push('package.json');
  return written.sort();
}

/** The title the starter gets when nobody is asked: the folder's name in words ("my-docs" -> "My docs"). */
export function defaultTitle(dir: string): string {
  const words = path
    .basename(path.resolve(dir))
    .replace(/[-_.]+/g, ' ')
    .trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : 'Documentation';
}

/**
 * The command's questions, asked only on a terminal and without `--yes`: the folder (when not given) and the
 * site's title. An empty answer takes the default shown.
 */
export async function askOptions(folder: string | undefined, yes: boolean): Promise<{ dir: string; title: string }> {
  const interactive = !yes && process.stdin.isTTY && process.stdout.isTTY;
  if (!interactive) {
    const dir = folder ?? '.';
    return { dir, title: defaultTitle(dir) };
  }
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    const dir = folder ?? ((await rl.question('Folder for the new site (my-docs): ')).trim() || 'my-docs');
    const suggested = defaultTitle(dir);
    const title = (await rl.question(`Site title (${suggested}): `)).trim() || suggested;
    return { dir, title };
  } finally {
    rl.close();
  }
}

/** The lines printed after the files are written: what to type next. */
export function nextSteps(dir: string, files: string[]): string {
  const inside = path.relative(process.cwd(), path.resolve(dir));
  // A folder elsewhere is named in full: `cd ../../tmp/site` says less than `cd /tmp/site`.
  const relative = inside.startsWith('..') ? path.resolve(dir) : inside;
  return [
    `created ${files.length} files in ${relative || '.'}`,
    '',
    'next:',
    ...(relative ? [`  cd ${relative.includes(' ') ? JSON.stringify(relative) : relative}`] : []),
    '  npm install',
    '  npm run dev',
    '',
  ].join('\n');
}
