import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type * as esbuild from 'esbuild';

/**
 * esbuild names an output file by a hash of its code and of its modules' paths (relative to its working folder,
 * after symbolic links are followed). A package's path depends on how it was installed: in the generator's own
 * node_modules, hoisted beside the generator, in pnpm's store, behind a link. The same site built with two installs
 * of the same generator then named the same bytes differently (the client script's search chunk takes in
 * minisearch, the math stylesheet KaTeX's). A package's modules go by their path inside node_modules instead
 * (`minisearch/dist/es/index.js`), which is the same wherever the package is installed.
 */
export const packagePaths: esbuild.Plugin = {
  name: 'package-paths',
  setup(build) {
    build.onResolve({ filter: /.*/ }, async (args) => {
      if (args.pluginData === RESOLVING || /^[a-z][a-z0-9+.-]*:/i.test(args.path)) return undefined;
      // A package's entry (a bare import), and whatever a package's module imports.
      const fromPackage = args.namespace === NAMESPACE;
      if (!fromPackage && (args.path.startsWith('.') || path.isAbsolute(args.path))) return undefined;
      const resolved = await build.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        ...(fromPackage ? {} : { importer: args.importer }),
        pluginData: RESOLVING,
      });
      if (resolved.errors.length) return { errors: resolved.errors, warnings: resolved.warnings };
      const inside = resolved.namespace === 'file' && !resolved.external ? packagePath(resolved.path) : null;
      const { path: file, external, namespace, sideEffects, suffix } = resolved;
      if (inside === null) return { path: file, external, namespace, sideEffects, suffix };
      return { path: inside, namespace: NAMESPACE, pluginData: file, sideEffects, suffix };
    });
    build.onLoad({ filter: /.*/, namespace: NAMESPACE }, async (args) => ({
      contents: await readFile(loadedFile(args)),
      resolveDir: path.dirname(loadedFile(args)),
      loader: 'default', // by the extension, as for a file
    }));
  },
};

const NAMESPACE = 'package';
/** Marks this plugin's own `build.resolve`, which comes back through its `onResolve`. */
const RESOLVING = Symbol('package-paths');

/** The file a module being loaded was read from: for another plugin's `onLoad` that reads a package's file itself. */
export function loadedFile(args: esbuild.OnLoadArgs): string {
  return args.namespace === NAMESPACE ? (args.pluginData as string) : args.path;
}

/** The path after the last node_modules folder (`katex/dist/katex.min.css`), or null outside any. */
function packagePath(file: string): string | null {
  const marker = `${path.sep}node_modules${path.sep}`;
  const at = file.lastIndexOf(marker);
  return at < 0
    ? null
    : file
        .slice(at + marker.length)
        .split(path.sep)
        .join('/');
}
