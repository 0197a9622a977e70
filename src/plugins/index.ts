import path from 'node:path';
import type { ResolvedConfig, UserConfig } from '../config/schema.js';
import { BuildError, BuildFailure } from '../model/errors.js';
import type { Plugin } from './types.js';
import { GENERATOR_ROOT } from '../generator-root.js';
import { DEFAULT_LIMITS } from '../markdown/limits.js';
import { DeadlineExceeded, settleWithin, withinSync } from '../build/deadline.js';
import { outputPathProblem } from '../shared/paths.js';

export type { MarkdownPluginEntry, Plugin } from './types.js';

type HookName = Exclude<keyof Plugin, 'name'>;

/** The file problems of plugins are placed in: the configuration that lists them. */
export function configFileName(config: Pick<ResolvedConfig, 'root' | 'configFile'>): string {
  return config.configFile ? path.relative(config.root, config.configFile) : 'configuration';
}

/**
 * A hook that threw, as the writer of the site sees it: the plugin's name and hook, its message,
 * and the place in the plugin's code it came from (never a bare stack). A BuildError it threw on
 * purpose keeps its own place.
 */
export function hookFailure(plugin: string, hook: string, error: unknown, file: string): BuildFailure {
  if (error instanceof DeadlineExceeded)
    return new BuildFailure([
      new BuildError(
        `plugin "${plugin}": its "${hook}" hook ran longer than ${error.ms} ms (a loop that never ends, or a promise that never settles?)`,
        { file },
        `fix the plugin, or remove "${plugin}" from \`plugins\`; a hook that needs longer may have it: raise \`limits.hookMs\` in docs.config.ts`,
      ),
    ]);
  const who = `plugin "${plugin}" failed in its "${hook}" hook`;
  if (error instanceof BuildFailure)
    return new BuildFailure(error.problems.map((p) => new BuildError(`${who}: ${p.message}`, p.place, p.fix)));
  if (error instanceof BuildError)
    return new BuildFailure([new BuildError(`${who}: ${error.message}`, error.place, error.fix)]);
  const message = error instanceof Error ? error.message : String(error);
  const at = codeFrame(error);
  return new BuildFailure([
    new BuildError(
      `${who}: ${message}${at ? ` (at ${at})` : ''}`,
      { file },
      `the message is the plugin's own: fix its code or its options, or remove "${plugin}" from \`plugins\``,
      { cause: error },
    ),
  ]);
}

/** The configuration's `limits.hookMs`. */
export const hookMs = (config: { limits?: { hookMs?: number } }): number =>
  config.limits?.hookMs ?? DEFAULT_LIMITS.hookMs;

/** The first frame of a stack outside node's internals and the generator: where the plugin's code threw. */
function codeFrame(error: unknown): string | undefined {
  const here = path.join(GENERATOR_ROOT, 'src');
  for (const line of (error as Error | undefined)?.stack?.split('\n').slice(1) ?? []) {
    const match = /\(?((?:file:\/\/)?[^\s()]+):(\d+):(\d+)\)?$/.exec(line.trim());
    if (!match) continue;
    const file = match[1].replace(/^file:\/\//, '');
    // The generator's frames: its sources, or the compiled CLI bin/docs.js runs (src/launch/compiled.js).
    if (file.startsWith('node:') || file.startsWith(here) || file.includes('/node_modules/.cache/docs/')) continue;
    return `${path.relative(process.cwd(), file)}:${match[2]}:${match[3]}`;
  }
  return undefined;
}

/**
 * Runs one hook of one plugin; what it throws (or its promise rejects with) becomes a hookFailure.
 * A hook that runs (or whose promise stays pending) longer than `ms` fails the same way, named, with
 * the limit: src/build/deadline.ts says how a synchronous loop is stopped.
 */
export function callHook<T>(plugin: Plugin, hook: HookName, file: string, run: () => T, ms = DEFAULT_LIMITS.hookMs): T {
  const what = `plugin "${plugin.name}", hook "${hook}"`;
  try {
    const result = withinSync(ms, what, run);
    if (result instanceof Promise)
      return settleWithin(ms, what, result).catch((error: unknown) =>
        Promise.reject(hookFailure(plugin.name, hook, error, file)),
      ) as T;
    return result;
  } catch (error) {
    throw hookFailure(plugin.name, hook, error, file);
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object';
const describe = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'a list' : typeof value);

/**
 * What is wrong with one item a hook returned (a phrase ending the sentence "item 2 ... "), or null:
 * the stages that take the items (the writer, the search index) would otherwise fail on them far
 * from the plugin, as an internal error.
 */
const ITEM_CHECKS: Partial<Record<HookName, (item: unknown) => string | null>> = {
  outputs(item) {
    if (!isRecord(item)) return `is ${describe(item)}, not { path, contents }`;
    const at = item.path;
    if (typeof at !== 'string' || !at.trim())
      return `has the path ${JSON.stringify(at) ?? 'undefined'}: give a file path relative to the output folder ("feeds/all.xml")`;
    if (at.startsWith('/') || at.endsWith('/') || at.split('/').some((s) => s === '' || s === '.' || s === '..'))
      return `has the path "${at}": give a file path relative to the output folder, without "." or ".." segments ("feeds/all.xml")`;
    if (at === 'assets' || at.split('/')[0] === 'assets')
      return `has the path "${at}": assets/ is the generator's folder (hashed files, cached for a year); pick another folder`;
    // A file that writes itself (src/outputs/pieces.ts) is not read: its `contents` would make it in memory (at
    // 10,000 pages, 70 MB of llms-full.txt read back from the last output in a one-page edit: 3.6 s).
    if (typeof item.writeTo === 'function') return null;
    if (typeof item.contents !== 'string' && !(item.contents instanceof Uint8Array))
      return `at "${at}" has contents that are ${describe(item.contents)}: give a string or a Uint8Array (Buffer)`;
    return null;
  },
  searchRecords(item) {
    if (!isRecord(item)) return `is ${describe(item)}, not a search record { route, url, title, group, sections }`;
    for (const key of ['route', 'url', 'title'] as const)
      if (typeof item[key] !== 'string') return `has a "${key}" that is ${describe(item[key])}, not text`;
    if (item.group !== undefined && typeof item.group !== 'string')
      return `has a "group" that is ${describe(item.group)}, not text`;
    if (!Array.isArray(item.sections))
      return `has "sections" that are ${describe(item.sections)}, not a list of { slug, heading, text }`;
    const bad = item.sections.findIndex(
      (s) => !isRecord(s) || typeof s.slug !== 'string' || typeof s.heading !== 'string' || typeof s.text !== 'string',
    );
    if (bad >= 0) return `has a section ${bad} that is not { slug, heading, text } (each text)`;
    return null;
  },
};

/** The lists a hook returns, from every plugin that has it, in plugin order. */
export function collect<K extends 'head' | 'css' | 'clientModules' | 'searchRecords' | 'checks' | 'outputs'>(
  config: Pick<ResolvedConfig, 'root' | 'configFile' | 'plugins'> & { limits?: { hookMs?: number } },
  hook: K,
  context: Parameters<NonNullable<Plugin[K]>>[0],
): NonNullable<ReturnType<NonNullable<Plugin[K]>>> {
  const file = configFileName(config);
  const out: unknown[] = [];
  for (const plugin of config.plugins) {
    const fn = plugin[hook] as ((context: unknown) => unknown) | undefined;
    if (!fn) continue;
    const result = callHook(plugin, hook, file, () => fn.call(plugin, context), hookMs(config));
    if (result === undefined) continue;
    if (!Array.isArray(result))
      throw hookFailure(plugin.name, hook, new Error(`it returned ${typeof result}, not a list`), file);
    const check = ITEM_CHECKS[hook];
    result.forEach((item, i) => {
      const wrong = check?.(item);
      if (wrong) throw hookFailure(plugin.name, hook, new Error(`item ${i} of the list it returned ${wrong}`), file);
    });
    if (hook === 'outputs') checkOutputPaths(plugin.name, result, file);
    out.push(...result);
  }
  return out as NonNullable<ReturnType<NonNullable<Plugin[K]>>>;
}

/** A plugin's output must land inside the output folder: `path: '../../X'` would write into the project, or anywhere. */
function checkOutputPaths(plugin: string, files: unknown[], file: string): void {
  const wrong = files.flatMap((f) => {
    const at = (f as { path?: unknown } | null)?.path;
    const why = typeof at === 'string' ? outputPathProblem(at) : null;
    return why
      ? [
          new BuildError(
            `plugin "${plugin}" returned an output at ${JSON.stringify(at)}, which ${why}`,
            { file },
            `give a path relative to the output folder, such as "${plugin}/data.json": a plugin writes only inside it`,
          ),
        ]
      : [];
  });
  if (wrong.length) throw new BuildFailure(wrong);
}

/** Runs every plugin's `config` hook, each on the configuration as the ones before left it. */
export function applyConfigHooks(user: UserConfig, plugins: Plugin[], file: string): UserConfig {
  let config = user;
  for (const plugin of plugins) {
    if (!plugin.config) continue;
    const added = callHook(plugin, 'config', file, () => plugin.config!(config), user.limits?.hookMs);
    if (added && typeof added === 'object') config = merge(config, added) as UserConfig;
  }
  return config;
}

/** Objects merged key by key, lists appended, anything else replaced. */
function merge(into: unknown, from: unknown): unknown {
  if (Array.isArray(into) && Array.isArray(from)) return [...into, ...from];
  if (isPlainObject(into) && isPlainObject(from)) {
    const out: Record<string, unknown> = { ...into };
    for (const [key, value] of Object.entries(from)) out[key] = key in out ? merge(out[key], value) : value;
    return out;
  }
  return from;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype;

/** Whether any plugin has a hook: a site without one takes none of the plugin paths. */
export function hasHook(config: Pick<ResolvedConfig, 'plugins'>, hook: HookName): boolean {
  return config.plugins.some((p) => typeof p[hook] === 'function');
}

/** The `buildEnd` hooks, in order, once the output is written: every file of the site, sorted. */
export async function runBuildEnd(config: ResolvedConfig, files: Iterable<string>): Promise<void> {
  const file = configFileName(config);
  const list = [...new Set(files)].sort();
  for (const plugin of config.plugins) {
    if (plugin.buildEnd)
      await callHook(
        plugin,
        'buildEnd',
        file,
        () => plugin.buildEnd!({ config, outDir: config.outDir, files: list }),
        hookMs(config),
      );
  }
}
