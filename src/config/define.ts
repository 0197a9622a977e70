/**
 * What a `docs.config.ts` (and a plugin in a file of its own) imports: typed identity helpers and
 * BuildError. Its imports are types and errors.ts alone, so loading a configuration compiles this
 * file, not the generator (src/config/index.ts and all it imports, 2 s of CPU through tsx on every run).
 */
import type { UserConfig } from './schema.js';
import type { Plugin } from '../plugins/types.js';

export { BuildError } from '../model/errors.js';
export type { Plugin, UserConfig };

/** Identity helper that gives `docs.config.ts` types and completion. */
export function defineConfig(config: UserConfig): UserConfig {
  return config;
}

/** Identity helper that types a plugin written in a file of its own. */
export function definePlugin(plugin: Plugin): Plugin {
  return plugin;
}
