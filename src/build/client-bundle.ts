/**
 * The browser runtime's bundle (client/), made by esbuild once for its inputs: kept in memory for the next build of
 * the process (`docs dev` builds again on every configuration change; the tests build hundreds of sites in a
 * process) and in the site's cache for the next process (an edit's build). A bundle costs esbuild 80-250 ms of CPU,
 * in a process of its own that a build's stage timings do not show.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { cachePath, codeVersion, readCache, sha1, writeCache } from '../incremental/cache.js';
import type { ResolvedConfig } from '../config/schema.js';
import type { OutputFile } from '../model/page.js';

/** What esbuild is asked, beside the client folder's files: everything else that shapes the bundle. */
export interface ClientBundleRequest {
  clientDir: string;
  /** The options esbuild gets, plain data (entry points in the client folder). */
  options: Omit<esbuild.BuildOptions, 'entryPoints'> & { write: false; entryPoints: Record<string, string> };
  /** Keyed by their names: their code is the generator's, which the key covers. */
  plugins: esbuild.Plugin[];
}

/** The last bundles made in this process, newest last: a few, since each holds its fonts (about 1 MB). */
const recent = new Map<string, Promise<OutputFile[]>>();
const RECENT_KEPT = 4;

/**
 * esbuild's output files for the request, paths relative to the client folder's parent (esbuild's working folder).
 * The key covers every file of the client folder (name and bytes), the options, the generator's code and its
 * packages' lockfile (KaTeX's stylesheet and fonts come from node_modules), so an edit to any of them makes a new
 * bundle.
 */
export async function clientBundle(
  config: Pick<ResolvedConfig, 'root'>,
  request: ClientBundleRequest,
): Promise<OutputFile[]> {
  const key = await bundleKey(request);
  let files = recent.get(key);
  if (!files) {
    files = fromCacheOrEsbuild(config, key, request);
    recent.set(key, files);
    // A failed or stale bundle is not kept: the next build asks esbuild again (and reports an error again).
    files.catch(() => recent.delete(key));
    if (recent.size > RECENT_KEPT) recent.delete(recent.keys().next().value!);
  }
  // A copy of the list: callers add their own files to it.
  try {
    return [...(await files)];
  } catch (error) {
    if (error instanceof StaleBundle) return [...error.files];
    throw error;
  }
}

async function fromCacheOrEsbuild(
  config: Pick<ResolvedConfig, 'root'>,
  key: string,
  request: ClientBundleRequest,
): Promise<OutputFile[]> {
  const file = cachePath(
    config,
    request.options.define?.__DOCS_DEV__ === 'true' ? 'client-bundle-dev' : 'client-bundle',
  );
  const cached = await readCache<OutputFile[]>(file, key);
  if (cached) return cached;
  const workingDir = path.dirname(request.clientDir);
  const result = await esbuild.build({ ...request.options, absWorkingDir: workingDir, plugins: request.plugins });
  const files = result.outputFiles.map((f) => ({
    path: path.relative(workingDir, f.path).split(path.sep).join('/'),
    contents: f.contents,
  }));
  // A file saved while esbuild read the folder (`docs dev`): what it bundled may be neither the keyed state nor
  // the new one, so it is not kept under either (the save's own rebuild bundles again).
  if ((await bundleKey(request)) !== key) throw new StaleBundle(files);
  await writeCache(file, key, files);
  return files;
}

/** A bundle made while its inputs changed: good for the build that asked, not to be kept. */
class StaleBundle extends Error {
  constructor(readonly files: OutputFile[]) {
    super('the client folder changed while it was bundled');
  }
}

async function bundleKey(request: ClientBundleRequest): Promise<string> {
  const parts: (string | Uint8Array)[] = [await codeVersion(), esbuild.version, path.basename(request.clientDir)];
  const names = (await readdir(request.clientDir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(request.clientDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
  for (const name of names) parts.push(name, await readFile(path.join(request.clientDir, name)));
  // The entry points are absolute paths in the client folder: relative ones, so that a copy of the same folder
  // elsewhere (the dev tests' copy) is the same bundle.
  parts.push(JSON.stringify({ ...request.options, entryPoints: relativeEntries(request) }));
  parts.push(request.plugins.map((plugin) => plugin.name).join(','));
  return sha1(...parts);
}

function relativeEntries(request: ClientBundleRequest): Record<string, string> {
  return Object.fromEntries(
    Object.entries(request.options.entryPoints).map(([name, file]) => [name, path.relative(request.clientDir, file)]),
  );
}
