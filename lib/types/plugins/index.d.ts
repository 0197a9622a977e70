import type { ResolvedConfig, UserConfig } from '../config/index.js';
import { BuildFailure } from '../model/errors.js';
import type { Plugin } from './types.js';
export type { MarkdownPluginEntry, Plugin } from './types.js';
type HookName = Exclude<keyof Plugin, 'name'>;
/** The file problems of plugins are placed in: the configuration that lists them. */
export declare function configFileName(config: Pick<ResolvedConfig, 'root' | 'configFile'>): string;
/**
 * A hook that threw, as the writer of the site sees it: the plugin's name and hook, its message,
 * and the place in the plugin's code it came from (never a bare stack). A BuildError it threw on
 * purpose keeps its own place.
 */
export declare function hookFailure(plugin: string, hook: string, error: unknown, file: string): BuildFailure;
/** Runs one hook of one plugin; what it throws (or its promise rejects with) becomes a hookFailure. */
export declare function callHook<T>(plugin: Plugin, hook: HookName, file: string, run: () => T): T;
/** The lists a hook returns, from every plugin that has it, in plugin order. */
export declare function collect<K extends 'head' | 'css' | 'clientModules' | 'searchRecords' | 'checks' | 'outputs'>(config: Pick<ResolvedConfig, 'root' | 'configFile' | 'plugins'>, hook: K, context: Parameters<NonNullable<Plugin[K]>>[0]): NonNullable<ReturnType<NonNullable<Plugin[K]>>>;
/** Runs every plugin's `config` hook, each on the configuration as the ones before left it. */
export declare function applyConfigHooks(user: UserConfig, plugins: Plugin[], file: string): UserConfig;
/** Whether any plugin has a hook: a site without one takes none of the plugin paths. */
export declare function hasHook(config: Pick<ResolvedConfig, 'plugins'>, hook: HookName): boolean;
/** The `buildEnd` hooks, in order, once the output is written: every file of the site, sorted. */
export declare function runBuildEnd(config: ResolvedConfig, files: Iterable<string>): Promise<void>;
