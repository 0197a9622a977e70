import { chmod, mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSite } from '../../src/build.js';
import { loadConfig, type UserConfig, resolveConfig } from '../../src/config.js';
import { createStaticServer, listen } from '../../src/serve.js';
import { FsWriter, MemoryWriter } from '../../src/write.js';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const fixture = (name: string) => path.join(REPO, 'test/fixtures', name);

/** Builds a fixture (or the real site with root REPO) into a fresh temp folder, so test files never race. */
export async function buildToTemp(root: string, overrides: Partial<UserConfig> = {}): Promise<{ outDir: string; base: string; cleanup: () => Promise<void> }> {
  // The output path is a link to a version folder beside it (src/output-link.ts): both go with the temp folder.
  const temp = await mkdtemp(path.join(os.tmpdir(), 'docs-build-'));
  await chmod(temp, 0o755); // mkdtemp's 0700 would keep a web server's workers out (nginx.test.ts)
  const outDir = path.join(temp, 'dist');
  const loaded = await loadConfig(root, { outDir });
  const config = Object.keys(overrides).length ? { ...loaded, ...resolveOverrides(loaded, overrides) } : loaded;
  await buildSite(config, new FsWriter(outDir));
  return { outDir, base: config.base, cleanup: () => rm(temp, { recursive: true, force: true }) };
}

function resolveOverrides(loaded: Awaited<ReturnType<typeof loadConfig>>, overrides: Partial<UserConfig>) {
  const partial = resolveConfig(overrides, loaded.root);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(overrides)) out[key] = (partial as unknown as Record<string, unknown>)[key];
  return out;
}

/** Builds in memory: for tests that read the output without a server. */
export async function buildInMemory(root: string) {
  const config = await loadConfig(root);
  const writer = new MemoryWriter();
  const result = await buildSite(config, writer);
  return { ...result, writer, config };
}

/** Serves a built folder over real HTTP on a free port. */
export async function serveDir(dir: string, base = '/docs/'): Promise<{ origin: string; server: Server; close: () => Promise<void> }> {
  const server = createStaticServer({ dir, base });
  const port = await listen(server, 0, '127.0.0.1');
  return { origin: `http://127.0.0.1:${port}`, server, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
