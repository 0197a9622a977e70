import { rm } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { buildAssets } from '../../../src/build/assets.js';
import { buildSite } from '../../../src/build/index.js';
import { loadConfig } from '../../../src/config/index.js';
import { MemoryWriter } from '../../../src/write/index.js';
import { coldCopy, EDITS, kindsInTurn, makeSite, random } from '../../helpers/differential.js';
import { bytes } from '../../helpers/full-build.js';
import { startDev } from './harness.js';

/**
 * The differential guard of `dev` (beside test/integration/build/differential.test.ts): a real
 * `dev` server on a copy of the guard's site, seeded random edits of every kind of input (pages,
 * partials, configuration, stylesheet, logo, social icons, the runtime settings the client bundle
 * embeds, overrides, plugin data, versions, locales), and after each save every file `dev` serves
 * must equal, byte for byte, a cold build of the same inputs with a bundle of its own (made in dev
 * mode, as `dev` makes it: never the bundle `dev` holds, which is what a stale `dev` would share).
 * `DEV_DIFF_SEED=<seed>` replays a run, `DEV_DIFF_STEPS=<n>` sets its length (each kind once by default).
 */
const SEED = Number(process.env.DEV_DIFF_SEED ?? Math.floor(Math.random() * 2 ** 31));
const STEPS = Number(process.env.DEV_DIFF_STEPS ?? Object.keys(EDITS).length);
/** How long `dev` may take to show one save before the run fails: a bound for a stuck server, not a pace. */
const SETTLE_MS = 90_000;

const made: string[] = [];
afterAll(async () => {
  await Promise.all(made.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A cold build of the project as it is now: a fresh copy, its own dev-mode bundle, every output file. */
async function coldBuild(root: string): Promise<MemoryWriter> {
  const copy = await coldCopy(root);
  made.push(copy);
  try {
    const config = await loadConfig(copy);
    const writer = new MemoryWriter();
    await buildSite(config, writer, undefined, { assets: await buildAssets(config, { dev: true }) });
    return writer;
  } finally {
    await rm(copy, { recursive: true, force: true });
  }
}

/** What `dev` serves at a file of the output, without the script of its reload client. */
async function served(origin: string, file: string): Promise<Buffer> {
  const url = `${origin}/docs/${file.replace(/(^|\/)index\.html$/, '$1')}`;
  const body = Buffer.from(await (await fetch(url)).arrayBuffer());
  if (!file.endsWith('.html')) return body;
  return Buffer.from(
    body.toString('utf8').replace('<script type="module" src="/docs/__dev/client.js"></script>\n', ''),
  );
}

/**
 * The first output `dev` serves otherwise than the cold build wrote it, or undefined when all match:
 * every file but the host's (its server does what they say) and those named by a hash of a page's
 * text (chunks and route shards: `dev` hashes its pages with its bundle's URLs as tokens, so their
 * names differ); each page's chunk is compared by its route instead, as the router finds it.
 */
async function firstDifference(
  origin: string,
  cold: MemoryWriter,
): Promise<{ file: string; mine: Buffer; theirs: Buffer } | undefined> {
  for (const [file, contents] of cold.files) {
    if (/^(_headers|_redirects|nginx-.*|(.+\/)?routes\.json|assets\/routes\/.*|assets\/js\/v-.*)$/.test(file)) continue;
    const theirs = Buffer.from(contents);
    const mine = await served(origin, file);
    if (!mine.equals(theirs)) return { file, mine, theirs };
  }
  for (const index of [...cold.files.keys()].filter((f) => /(^|\/)routes\.json$/.test(f))) {
    const shards = (text: string) => (JSON.parse(text) as { shards: Record<string, string> }).shards;
    const coldShards = shards(cold.text(index)!);
    const devShards = shards((await served(origin, index)).toString('utf8'));
    for (const [name, url] of Object.entries(coldShards)) {
      const coldChunks = JSON.parse(cold.text(url.slice('/docs/'.length))!) as Record<string, string>;
      const devChunks = devShards[name]
        ? (JSON.parse((await served(origin, devShards[name].slice('/docs/'.length))).toString('utf8')) as Record<
            string,
            string
          >)
        : {};
      for (const [route, chunk] of Object.entries(coldChunks)) {
        const theirs = Buffer.from(cold.files.get(chunk.slice('/docs/'.length))!);
        const mine = devChunks[route]
          ? await served(origin, devChunks[route].slice('/docs/'.length))
          : Buffer.from('(none)');
        if (!mine.equals(theirs)) return { file: `the chunk of ${route} (${index})`, mine, theirs };
      }
    }
  }
  return undefined;
}

describe('dev serves what a cold build writes after random edits of every kind of input', () => {
  it(`seed ${SEED}, ${STEPS} steps`, { timeout: 120_000 + STEPS * (SETTLE_MS + 30_000) }, async () => {
    const r = random(SEED);
    const { root, state } = await makeSite();
    made.push(root);
    const dev = await startDev(root, { watchLayout: false });
    let rebuilt = 0;
    const rebuilds: (() => void)[] = [];
    dev.onRebuild(() => {
      rebuilt++;
      for (const wake of rebuilds.splice(0)) wake();
    });
    /** Resolves at `dev`'s next rebuild, or after a short look if none comes (an edit `dev` rightly ignores). */
    const nextRebuild = () =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 500);
        rebuilds.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    try {
      const nextKind = kindsInTurn(r);
      const log: string[] = [];
      for (let step = 0; step < STEPS; step++) {
        const count = r.int(4) === 0 ? 2 : 1;
        for (let i = 0; i < count; i++) log.push(`${step}: ${await EDITS[nextKind()]!(root, state, r)}`);
        const context = `DEV_DIFF_SEED=${SEED}, after:\n  ${log.slice(-6).join('\n  ')}`;
        const cold = await coldBuild(root);
        // `dev` shows the save when it has rebuilt (once or more): the served site must come to equal the
        // cold build; a difference still there after SETTLE_MS is the failure.
        const deadline = Date.now() + SETTLE_MS;
        let difference = await firstDifference(dev.origin, cold);
        while (difference && Date.now() < deadline) {
          await nextRebuild();
          difference = await firstDifference(dev.origin, cold);
        }
        if (difference) {
          const { file, mine, theirs } = difference;
          expect(bytes(mine), `${file} (after ${rebuilt} rebuilds)\n${context}`).toBe(bytes(theirs));
        }
      }
    } finally {
      await dev.close();
    }
  });
});
