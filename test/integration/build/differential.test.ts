import { readFile, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../../../src/build/index.js';
import { coldCopy, EDITS, kindsInTurn, makeSite, random } from '../../helpers/differential.js';
import { bytes, listFiles } from '../../helpers/full-build.js';

/**
 * The guard of everything the build keeps between runs: seeded random sequences of edits of every kind of input,
 * and after each one the incremental build's output must equal, byte for byte, a cold build of the same inputs
 * (a copy of the project with no cache and no previous output). A failing run prints its seed and its steps;
 * `DIFF_SEED=<seed> npx vitest run test/integration/build/differential.test.ts` replays it, `DIFF_STEPS=<n>`
 * makes it longer (`npm run bench` runs a long one).
 */
const SEED = Number(process.env.DIFF_SEED ?? Math.floor(Math.random() * 2 ** 31));
const STEPS = Number(process.env.DIFF_STEPS ?? 40);

/** A cold build: the project copied without its output or caches, built once. */
async function coldOutput(root: string): Promise<{ dir: string; files: string[] }> {
  const copy = await coldCopy(root);
  await build(copy, { outDir: path.join(copy, 'dist') });
  const dir = path.join(copy, 'dist');
  return { dir, files: await listFiles(dir) };
}

const made: string[] = [];
afterAll(async () => {
  await Promise.all(made.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('incremental builds equal cold builds after random edits of every kind of input', () => {
  it(`seed ${SEED}, ${STEPS} steps`, { timeout: 60_000 + STEPS * 15_000 }, async () => {
    const r = random(SEED);
    const { root, state } = await makeSite();
    made.push(root);
    const outDir = path.join(root, 'dist');
    await build(root, { outDir });
    const nextKind = kindsInTurn(r);
    const log: string[] = [];
    for (let step = 0; step < STEPS; step++) {
      // Mostly one edit a build; sometimes two before the build, as a save of several files does.
      const count = r.int(4) === 0 ? 2 : 1;
      for (let i = 0; i < count; i++) log.push(`${step}: ${await EDITS[nextKind()]!(root, state, r)}`);
      const context = `DIFF_SEED=${SEED}, after:\n  ${log.slice(-6).join('\n  ')}`;
      await build(root, { outDir });
      const cold = await coldOutput(root);
      made.push(path.dirname(cold.dir));
      expect(await listFiles(outDir), context).toEqual(cold.files);
      for (const file of cold.files) {
        const [mine, theirs] = await Promise.all([readFile(path.join(outDir, file)), readFile(path.join(cold.dir, file))]);
        if (!mine.equals(theirs)) expect(bytes(mine), `${file}\n${context}`).toBe(bytes(theirs));
      }
      await rm(path.dirname(cold.dir), { recursive: true, force: true });
    }
    expect(existsSync(outDir)).toBe(true);
  });
});
