import { createHash } from 'node:crypto';
import { chmod, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSite } from '../../src/build/index.js';
import { loadConfig, type UserConfig, resolveConfig } from '../../src/config/index.js';
import { createStaticServer, listen } from '../../src/serve/index.js';
import { FsWriter, MemoryWriter } from '../../src/write/index.js';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const fixture = (name: string) => path.join(REPO, 'test/fixtures', name);

/**
 * Copies a fixture site without its node_modules: other test files build the same fixture meanwhile, and their
 * builds write and delete its cache (node_modules/.cache/docs), so a copy that took it could find a file listed and
 * gone (ENOENT) before it was copied. The copy starts with no cache, as a fresh checkout does.
 */
export const fixtureCopyOptions = (name: string) => {
  const from = fixture(name);
  return {
    recursive: true,
    filter: (source: string) => !path.relative(from, source).split(path.sep).includes('node_modules'),
  };
};

/** Builds a fixture (or the real site with root REPO) into a fresh temp folder, so test files never race. */
export async function buildToTemp(
  root: string,
  overrides: Partial<UserConfig> = {},
): Promise<{ outDir: string; base: string; cleanup: () => Promise<void> }> {
  // The output path is a link to a version folder beside it (src/write/output-link.ts): both go with the temp folder.
  const temp = await mkdtemp(path.join(os.tmpdir(), 'docs-build-'));
  await chmod(temp, 0o755); // mkdtemp's 0700 would keep a web server's workers out (nginx.test.ts)
  const outDir = path.join(temp, 'dist');
  const loaded = await loadConfig(root, { outDir });
  const config = Object.keys(overrides).length ? { ...loaded, ...resolveOverrides(loaded, overrides) } : loaded;
  await buildSite(config, new FsWriter(outDir));
  return { outDir, base: config.base, cleanup: () => rm(temp, { recursive: true, force: true }) };
}

/**
 * A fixture (or the real site) built once per test run and shared by every file that reads it, whatever
 * worker it runs in: the first to ask builds (a folder it creates is the lock), the others wait for its
 * marker. The output must only be read; `cleanup` does nothing (the run's folder goes at the end).
 */
export async function sharedBuild(
  root: string,
  overrides: Partial<UserConfig> = {},
): Promise<{ outDir: string; base: string; cleanup: () => Promise<void> }> {
  const runDir = process.env.DOCS_TEST_RUN;
  if (!runDir) return buildToTemp(root, overrides); // outside vitest.config.ts: a build of its own
  const dir = path.join(
    runDir,
    createHash('sha1')
      .update(JSON.stringify([root, overrides]))
      .digest('hex')
      .slice(0, 16),
  );
  const marker = path.join(dir, 'built.json');
  await mkdir(runDir, { recursive: true });
  const won = await mkdir(dir).then(
    () => true,
    (error: NodeJS.ErrnoException) => (error.code === 'EEXIST' ? false : Promise.reject(error)),
  );
  if (won) {
    const outDir = path.join(dir, 'out');
    try {
      const loaded = await loadConfig(root, { outDir });
      const config = Object.keys(overrides).length ? { ...loaded, ...resolveOverrides(loaded, overrides) } : loaded;
      await buildSite(config, new FsWriter(outDir));
      await writeAtomically(marker, JSON.stringify({ outDir, base: config.base }));
    } catch (error) {
      await writeAtomically(marker, JSON.stringify({ error: String((error as Error).stack ?? error) }));
      throw error;
    }
  }
  const built = JSON.parse(await waitForFile(marker)) as { outDir: string; base: string; error?: string };
  if (built.error) throw new Error(`the shared build of ${root} failed in another test file:\n${built.error}`);
  return { outDir: built.outDir, base: built.base, cleanup: async () => {} };
}

/** Readers never see half of it. */
async function writeAtomically(file: string, text: string): Promise<void> {
  await writeFile(`${file}.tmp`, text);
  await rename(`${file}.tmp`, file);
}

/** Waits for another process to write a file: a condition, polled, with no deadline of its own (the hook's applies). */
async function waitForFile(file: string): Promise<string> {
  for (;;) {
    const text = await readFile(file, 'utf8').catch(() => undefined);
    if (text) return text;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function resolveOverrides(loaded: Awaited<ReturnType<typeof loadConfig>>, overrides: Partial<UserConfig>) {
  const partial = resolveConfig(overrides, loaded.root);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(overrides)) out[key] = (partial as unknown as Record<string, unknown>)[key];
  return out;
}

/**
 * Builds in memory: for tests that read the output without a server. A fixture (never changed by a
 * test) is built once in this worker for every file that reads it (the workers keep their modules
 * from file to file: vitest.config.ts), so its result must only be read.
 */
export function buildInMemory(root: string): ReturnType<typeof buildAnew> {
  if (!root.startsWith(path.join(REPO, 'test/fixtures') + path.sep)) return buildAnew(root);
  let built = fixturesInMemory.get(root);
  if (!built) {
    built = buildAnew(root);
    fixturesInMemory.set(root, built);
    built.catch(() => fixturesInMemory.delete(root));
  }
  return built;
}

const fixturesInMemory = new Map<string, ReturnType<typeof buildAnew>>();

async function buildAnew(root: string) {
  const config = await loadConfig(root);
  const writer = new MemoryWriter();
  const result = await buildSite(config, writer);
  return { ...result, writer, config };
}

/** Serves a built folder over real HTTP on a free port. */
export async function serveDir(
  dir: string,
  base = '/docs/',
): Promise<{ origin: string; server: Server; close: () => Promise<void> }> {
  const server = createStaticServer({ dir, base });
  const port = await listen(server, 0, '127.0.0.1');
  return {
    origin: `http://127.0.0.1:${port}`,
    server,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
