/**
 * The generator's own folder (the package root: src/, client/, templates/, package.json), from this file's place.
 * The one module that derives it: the compiled CLI keeps each module's own `import.meta.url` (bin/bundle.js,
 * `ownUrls`), so this holds in the sources and in the bundle alike.
 */
export declare const GENERATOR_ROOT: string;
