import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { BUNDLE_DIR, cliBundle, sourceKey } from '../../src/launch/compiled.js';
import { fixture, REPO } from '../helpers/site.js';

const run = promisify(execFile);
const BIN = path.join(REPO, 'bin/docs.js');

/** Every file under `dir`, relative, with its bytes. */
async function tree(dir: string): Promise<Map<string, string>> {
  const files = (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
  return new Map(
    await Promise.all(
      files.map(async (e) => {
        const file = path.join(e.parentPath, e.name);
        return [path.relative(dir, file), await readFile(file, 'latin1')] as const;
      }),
    ),
  );
}

describe('bin/docs.js, compiled on first run (src/launch/compiled.js)', () => {
  it('keys the bundle on every source file, so an edit to any of them makes a new one', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'docs-key-'));
    try {
      await writeFile(path.join(dir, 'a.ts'), 'export const a = 1;\n');
      const first = await sourceKey(dir);
      expect(await sourceKey(dir)).toBe(first);
      await writeFile(path.join(dir, 'a.ts'), 'export const a = 2;\n'); // same size, new time
      await utimes(path.join(dir, 'a.ts'), new Date(), new Date(Date.now() + 5_000));
      const edited = await sourceKey(dir);
      expect(edited).not.toBe(first);
      await writeFile(path.join(dir, 'b.ts'), '');
      expect(await sourceKey(dir)).not.toBe(edited);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('holds its packages inside: at start Node reads no package but those that must stay one (their files or React)', async () => {
    const file = await cliBundle();
    const code = await readFile(file, 'utf8');
    const imported = [...code.matchAll(/^import\s[^;]*?from\s*"([^"]+)"/gm), ...code.matchAll(/^import\s*"([^"]+)"/gm)]
      .map((m) => m[1])
      .filter((name) => !name.startsWith('node:') && !name.startsWith('./'));
    expect(new Set(imported)).toEqual(new Set(['react', 'react/jsx-runtime', 'react-dom/server', 'esbuild']));
  });

  // `plugins`: a configuration importing TypeScript (loaded without a global loader); `components`: MDX pages (the
  // compiler is a chunk loaded on demand). Between them every stage of a plain site's build runs too, so `basic` adds none.
  it.each(['plugins', 'components'])(
    'builds %s from the bundle exactly as from the TypeScript sources, and keeps one bundle',
    async (site) => {
      const outs = await mkdtemp(path.join(tmpdir(), 'docs-bundle-'));
      try {
        const env = { ...process.env, CI: 'true' };
        await run(process.execPath, [BIN, 'build', fixture(site), '--out', path.join(outs, 'bundle')], { env });
        const bundles = (await readdir(BUNDLE_DIR)).filter((f) => /^cli-[0-9a-f]{16}\.mjs$/.test(f));
        expect(bundles).toContain(path.basename(await cliBundle())); // made by the run above: found, not made again
        expect(bundles).toHaveLength(1);
        await run(process.execPath, [BIN, 'build', fixture(site), '--out', path.join(outs, 'source')], {
          env: { ...env, DOCS_FROM_SOURCE: '1' },
        });
        const [fromBundle, fromSource] = await Promise.all([
          tree(path.join(outs, 'bundle')),
          tree(path.join(outs, 'source')),
        ]);
        expect(fromBundle.size).toBeGreaterThan(5);
        expect([...fromBundle.keys()].sort()).toEqual([...fromSource.keys()].sort());
        for (const [file, bytes] of fromBundle) expect(bytes, file).toBe(fromSource.get(file));
      } finally {
        await rm(outs, { recursive: true, force: true });
      }
    },
  );
});
