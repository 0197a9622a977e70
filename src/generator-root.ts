import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The generator's own folder (the package root: src/, client/, templates/, package.json), from this file's place.
 * The one module that derives it: the compiled CLI keeps each module's own `import.meta.url` (src/launch/compiled.js,
 * `ownUrls`), so this holds in the sources and in the bundle alike.
 */
export const GENERATOR_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
