import { createRequire } from 'node:module';
import path from 'node:path';
import type { common as Common, createLowlight as CreateLowlight } from 'lowlight';

/**
 * lowlight's own modules, by file: its package entry also re-exports `all`, whose 190 grammar
 * modules Node loads on import (1.3 s of every process that imports the highlighter, workers
 * included, whether or not it renders a code block); the core and the 37 common grammars are a
 * tenth of that. lowlight's `exports` names only its entry, hence the paths; `require` (Node 20.19
 * loads ES modules so) keeps this module free of top-level await, which a config compiled to
 * CommonJS cannot import. The page workers' bundle puts the same two files in its one file instead
 * (src/launch/compiled.js `lowlightFiles`).
 */
const require = createRequire(import.meta.url);
const lowlightLib = path.join(path.dirname(require.resolve('lowlight')), 'lib');
export const { createLowlight } = require(path.join(lowlightLib, 'index.js')) as {
  createLowlight: typeof CreateLowlight;
};
export const { grammars: common } = require(path.join(lowlightLib, 'common.js')) as { grammars: typeof Common };
