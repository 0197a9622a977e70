import { execFile, spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, realpath, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { serialize } from 'node:v8';
import { build as bundle } from 'esbuild';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { buildAssets, type BuiltAssets } from '../../src/build/assets.js';
import { build, buildSite, outputManifestPath, outputWriter } from '../../src/build/index.js';
import { loadConfig, type ResolvedConfig } from '../../src/config/index.js';
import {
  MemoryWriter,
  type BuildOutput,
  type FsWriter,
  type OutputManifest,
  type Writer,
} from '../../src/write/index.js';
import { REPO } from '../helpers/site.js';
import { configFile, page, tmpSite } from '../helpers/tmp-site.js';

/**
 * The writer dies at each of its steps in turn (before each change it makes to the disk): the
 * output path must then show the whole old site or the whole new one, and the next build must
 * succeed and leave nothing behind. In process, the fault stops the writer as a kill would: it
 * throws before the change, and before every later one (src/write/index.ts, WriteFault), so nothing
 * more is written, renamed or deleted, clean-up included. The killed builds replay one recorded
 * build's calls to its writer (`recordBuild`): the writer's steps are all a fault can strike, and
 * rendering the site again for each step would only repeat the recording. A real SIGKILL checks the
 * same at the two steps around the switch: in a child process that replays the recording to the
 * real writer with DOCS_WRITE_FAULT set (`killedReplay`), and once in a whole `docs build` (a child
 * build loads and runs the whole generator, seconds of CPU: one at every step would take minutes).
 */

const run = promisify(execFile);

const SITE = {
  'docs.config.ts': configFile({ title: 'Old title' }),
  'content/index.md': page('Home', 'Start with [one](guide/one.md).'),
  'content/guide/one.md': page('One', 'See [two](two.md).'),
  'content/guide/two.md': page('Two', 'Back to [one](one.md).'),
  'content/guide/three.md': page('Three', 'Back to [one](one.md).'),
};

type Files = Map<string, Buffer>;

class Killed extends Error {}

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

/**
 * Every file the output path shows (through its link), or null when there is no output. Read
 * synchronously (as the restores and copies below are): a few hundred times a scenario, the
 * promise API's open, stat, read and close a file cost twice the CPU.
 */
function snapshot(dir: string): Files | null {
  if (!existsSync(dir)) return null;
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  return new Map(
    files.map((e) => {
      const file = path.join(e.parentPath, e.name);
      return [path.relative(dir, file), readFileSync(file)];
    }),
  );
}

function same(a: Files | null, b: Files | null): boolean {
  if (a === null || b === null) return a === b;
  return a.size === b.size && [...a].every(([file, contents]) => b.get(file)?.equals(contents));
}

/** What the output shows: the old site, the new one, or (the failure) something else, described. */
function which(now: Files | null, old: Files | null, fresh: Files): string {
  if (same(now, old)) return 'old';
  if (same(now, fresh)) return 'new';
  if (now === null) return 'no output';
  const differs = (other: Files | null) =>
    [...new Set([...now.keys(), ...(other?.keys() ?? [])])].filter(
      (f) => !other?.get(f)?.equals(now.get(f) ?? Buffer.alloc(0)),
    ).length;
  return `a mix: ${differs(old)} files differ from the old site, ${differs(fresh)} from the new`;
}

/** A full build in memory: the files the new site must have. */
async function expected(root: string, outDir: string): Promise<Files> {
  const writer = new MemoryWriter();
  await buildSite(await loadConfig(root, { outDir }), writer);
  return new Map([...writer.files].map(([file, contents]) => [file.split('/').join(path.sep), Buffer.from(contents)]));
}

/**
 * What the generator left beside the output: only the link, the version it points at, and at most
 * one spare version (the one before it, which the next build changes into its own: src/write/output-link.ts).
 */
async function leftovers(root: string, outDir: string): Promise<string[]> {
  const home = path.join(root, '.dist.builds');
  const current = path.basename(await realpath(outDir));
  const beside = (await readdir(root))
    .filter((e) => e.startsWith('dist') || e.startsWith('.dist'))
    .filter((e) => e !== 'dist' && e !== '.dist.builds');
  const versions = (await readdir(home)).filter((e) => e !== current);
  const spares = versions.filter((e) => e.startsWith('spare-'));
  return [...beside, ...versions.filter((e) => spares.length > 1 || !spares.includes(e))];
}

/**
 * The writer's state (the output link, the versions, the output manifest) saved with hard links,
 * so that restoring it keeps each file's identity (inode, size, time) and a rebuild from it keeps
 * the same pages as the first time.
 */
function saveState(root: string, to: string): () => Promise<void> {
  const cache = path.join(root, 'node_modules/.cache/docs');
  const kept = ['dist', '.dist.builds', 'node_modules/.cache/docs'].filter((p) =>
    lstatSync(path.join(root, p), { throwIfNoEntry: false }),
  );
  for (const p of kept)
    copyTree(path.join(root, p), path.join(to, p), (name) => !p.includes('.cache') || name.startsWith('output-'));
  return async () => {
    for (const p of ['dist', '.dist.builds']) rmSync(path.join(root, p), { recursive: true, force: true });
    for (const name of existsSync(cache) ? readdirSync(cache) : [])
      if (name.startsWith('output-')) rmSync(path.join(cache, name));
    for (const p of kept) copyTree(path.join(to, p), path.join(root, p), () => true);
  };
}

/**
 * Copies links as links and files as hard links (never into the same inode's contents), and
 * folders with their times (the spare version's manifest checks its folders' times: src/write/index.ts).
 */
function copyTree(from: string, to: string, take: (name: string) => boolean): void {
  const stat = lstatSync(from);
  if (stat.isSymbolicLink()) symlinkSync(readlinkSync(from), to);
  else if (stat.isFile()) linkSync(from, to);
  else {
    mkdirSync(to, { recursive: true });
    for (const name of readdirSync(from))
      if (take(name)) copyTree(path.join(from, name), path.join(to, name), () => true);
    utimesSync(to, stat.atimeMs / 1000, stat.mtimeMs / 1000);
  }
}

/** A build's calls to its writer: the pages it staged and the output it committed. */
interface Recorded {
  config: ResolvedConfig;
  /** Its client bundle (the builds after it reuse it: `nextBuild`). */
  assets: BuiltAssets;
  /** A copy of the pages staged before the commit (none when the build rendered none). */
  staged?: string;
  output: BuildOutput;
  /** All a replay in a child process needs (`killedReplay`), serialized. */
  file: string;
}

/**
 * Passes a build's calls on to its writer, and keeps, at the commit, a copy of the pages staged so
 * far and the output: what a replay needs to make the same changes to the disk.
 */
class RecordingWriter implements Writer {
  output?: BuildOutput;
  staged?: string;
  constructor(
    private readonly inner: FsWriter,
    private readonly keep: string,
  ) {}
  get staging() {
    return this.inner.staging;
  }
  previous(): Promise<OutputManifest | undefined> {
    return this.inner.previous();
  }
  async commit(output: BuildOutput): Promise<void> {
    // A file that writes itself (src/outputs/pieces.ts) is replayed from its contents, read while the previous version is there.
    const files = output.files.map(({ path: file, contents, hash }) => ({
      path: file,
      contents,
      ...(hash ? { hash } : {}),
    }));
    this.output = { ...output, files };
    if (existsSync(this.inner.staging)) {
      await cp(this.inner.staging, this.keep, { recursive: true });
      this.staged = this.keep;
    }
    return this.inner.commit(output);
  }
  discard(): Promise<void> {
    return this.inner.discard();
  }
}

/** A real build of `root` (it must succeed), recorded; `keep` is a folder for the staged pages and the recording. */
async function recordBuild(root: string, outDir: string, keep: string): Promise<Recorded> {
  const config = await loadConfig(root, { outDir });
  const assets = await buildAssets(config);
  const writer = new RecordingWriter(outputWriter(config), path.join(keep, 'staged'));
  await buildSite(config, writer, undefined, { assets });
  const file = path.join(keep, 'recorded.v8');
  const { staged, output } = writer;
  writeFileSync(file, serialize({ outDir, manifest: outputManifestPath(config), staged, output: output! }));
  return { config, assets, staged, output: output!, file };
}

/**
 * The build after a killed one: `build` of the same site, from the recorded build's configuration
 * and client bundle. The site's files do not change between the steps, so loading the configuration
 * and bundling the client again would make the same ones, and took half of each step's build (about
 * 120 steps in all); the writer, what this file is about, does all it does in a `build`.
 */
function nextBuild(recorded: Recorded) {
  return buildSite(recorded.config, outputWriter(recorded.config), undefined, { assets: recorded.assets });
}

/**
 * The recorded build again, its writer dying at step `at`: 'killed', or 'finished' when it has
 * fewer steps. Its calls come in the build's order (src/build/index.ts: previous, the pages staged, commit;
 * discard on a failure), from the same state on disk, so the writer takes the same steps.
 */
async function replayKilledAt(recorded: Recorded, at: number): Promise<'killed' | 'finished'> {
  const writer = outputWriter(recorded.config, {
    at,
    kill: () => {
      throw new Killed(`killed at step ${at}`);
    },
  });
  try {
    await writer.previous();
    if (recorded.staged) cpSync(recorded.staged, writer.staging, { recursive: true });
    await writer.commit(recorded.output);
    return 'finished';
  } catch (error) {
    if (!(error instanceof Killed)) throw error;
    await writer.discard().catch((again) => (again instanceof Killed ? undefined : Promise.reject(again)));
    return 'killed';
  }
}

/**
 * What `replayKilledAt` does, in a process of its own with DOCS_WRITE_FAULT set: the writer (the
 * one a build makes: `outputWriter`) kills it with a real SIGKILL at that step, so no `finally`,
 * clean-up or pending write runs. It loads src/write/index.ts alone, bundled once (`replayer`).
 */
const REPLAY = `
import { cpSync, readFileSync } from 'node:fs';
import { deserialize } from 'node:v8';
import { FsWriter } from './write/index.ts';
const { outDir, manifest, staged, output } = deserialize(readFileSync(process.argv[2]));
const writer = new FsWriter(outDir, { manifest });
await writer.previous();
if (staged) cpSync(staged, writer.staging, { recursive: true });
await writer.commit(output);
`;

let replayerFolder: string | undefined;
let replayerScript: Promise<string> | undefined;
afterAll(() => replayerFolder && rm(replayerFolder, { recursive: true, force: true }));

/** The replaying program, bundled on first use. */
function replayer(): Promise<string> {
  replayerScript ??= (async () => {
    replayerFolder = await mkdtemp(path.join(os.tmpdir(), 'docs-write-replay-'));
    const outfile = path.join(replayerFolder, 'replay.mjs');
    await bundle({
      stdin: { contents: REPLAY, resolveDir: path.join(REPO, 'src'), sourcefile: 'replay.ts', loader: 'ts' },
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      outfile,
      logLevel: 'silent',
    });
    return outfile;
  })();
  return replayerScript;
}

/** The recorded build's writer in a child process, killed by a real SIGKILL before its step `at`. */
async function killedReplay(recorded: Recorded, at: number): Promise<void> {
  const child = run(process.execPath, [await replayer(), recorded.file], {
    env: { ...process.env, DOCS_WRITE_FAULT: String(at) },
  });
  await expect(child).rejects.toMatchObject({ signal: 'SIGKILL' });
}

interface Scenario {
  /** The site before (none: a first build). */
  before?: Record<string, string>;
  /** Changes to `before` built (and undone) before it: the output then keeps a spare version that differs. */
  earlier?: Record<string, string>;
  /** The changes to its files (null deletes one). */
  change: Record<string, string | null>;
  /** Also a whole `docs build` (bin/docs.js) killed just after the switch. */
  cli?: boolean;
}

const SCENARIOS: Record<string, Scenario> = {
  'a first build': { change: {} },
  // A new title is on every page: every page is rendered again.
  'a full rebuild': { before: SITE, change: { 'docs.config.ts': configFile({ title: 'New title' }) }, cli: true },
  'an incremental rebuild (one page edited, one added, one removed)': {
    before: SITE,
    change: {
      'content/guide/two.md': page('Two', 'Back to [one](one.md). Edited.'),
      'content/guide/four.md': page('Four', 'Back to [one](one.md).'),
      'content/guide/three.md': null,
    },
  },
  // The new version is the spare changed: its page one differs from the old site's, two is rendered, three goes.
  'an incremental rebuild from the spare version': {
    // Enough pages that most are the spare's as they are (else the version is made anew); a page
    // added or removed would change every sidebar of its group.
    before: {
      ...SITE,
      'content/guide/five.md': page('Five', 'Back to [one](one.md).'),
      'content/guide/six.md': page('Six', 'Back to [one](one.md).'),
    },
    earlier: { 'content/guide/one.md': page('One', 'See [two](two.md). Earlier.') },
    change: { 'content/guide/two.md': page('Two', 'Back to [one](one.md). Edited.') },
  },
};

/**
 * A site in a temp folder for one test (removed after it), and a spare folder for the writer's saved
 * state (`saveState`) and a recorded build's pages (`recordBuild`).
 */
async function siteUnderTest(files: Record<string, string> = SITE) {
  const site = await tmpSite(files);
  const spare = await mkdtemp(path.join(os.tmpdir(), 'docs-write-faults-'));
  cleanup = async () => {
    await site.cleanup();
    await rm(spare, { recursive: true, force: true });
  };
  return { root: site.root, outDir: path.join(site.root, 'dist'), spare };
}

/**
 * The output as a scenario finds it (`old`), its state saved (`restore`), the changes made, and the
 * build of them recorded, with the files the new site must have (`fresh`).
 */
async function setUp(scenario: Scenario) {
  const { root, outDir, spare } = await siteUnderTest(scenario.before);
  if (scenario.earlier) {
    for (const [file, contents] of Object.entries(scenario.earlier)) await writeFile(path.join(root, file), contents);
    await build(root, { outDir });
    for (const file of Object.keys(scenario.earlier)) await writeFile(path.join(root, file), scenario.before![file]);
  }
  if (scenario.before) await build(root, { outDir });
  const old = snapshot(outDir);
  const restore = saveState(root, spare);
  for (const [file, contents] of Object.entries(scenario.change)) {
    if (contents === null) await rm(path.join(root, file));
    else await writeFile(path.join(root, file), contents.replace(/__SRC__/g, path.join(REPO, 'src')));
  }
  const recorded = await recordBuild(root, outDir, spare);
  return { root, outDir, old, fresh: await expected(root, outDir), restore, recorded };
}

describe('integration: a build killed at any step of the write leaves the old site or the new one', () => {
  for (const [name, scenario] of Object.entries(SCENARIOS)) {
    it(`${name}: at every step, then the next build succeeds and leaves nothing behind`, async () => {
      const { root, outDir, old, fresh, restore, recorded } = await setUp(scenario);
      const seen: string[] = [];
      for (let at = 0; ; at++) {
        await restore();
        const outcome = await replayKilledAt(recorded, at);
        const shown = which(snapshot(outDir), old, fresh);
        seen.push(shown);
        expect(shown, `killed at step ${at}`).toMatch(/^(old|new)$/);
        if (outcome === 'killed') {
          await nextBuild(recorded);
          expect(which(snapshot(outDir), old, fresh), `the build after step ${at}`).toBe('new');
        }
        expect(await leftovers(root, outDir), `left behind by the build killed at step ${at} and the next`).toEqual([]);
        if (outcome === 'finished') break;
      }
      // The old site until the switch, then the new one: each was seen, and the writer has many steps.
      expect(seen.join(' ')).toMatch(/^(old )+(new ?)+$/);
      expect(seen.length).toBeGreaterThan(20);

      // The same with a real SIGKILL in a child process, just before and just after the switch.
      const flip = seen.indexOf('new');
      const kills = [
        { at: flip - 1, site: 'old', child: 'replay' },
        { at: flip, site: 'new', child: 'replay' },
        ...(scenario.cli ? [{ at: flip, site: 'new', child: 'docs build' }] : []),
      ];
      for (const { at, site, child } of kills) {
        await restore();
        if (child === 'replay') await killedReplay(recorded, at);
        else {
          const killed = run(process.execPath, [path.join(REPO, 'bin/docs.js'), 'build', root], {
            env: { ...process.env, CI: '1', DOCS_WRITE_FAULT: String(at) },
          });
          await expect(killed).rejects.toMatchObject({ signal: 'SIGKILL' });
        }
        expect(which(snapshot(outDir), old, fresh), `SIGKILL of the ${child} at step ${at}`).toBe(site);
        await build(root, { outDir });
        expect(which(snapshot(outDir), old, fresh), `the build after the ${child} killed at step ${at}`).toBe('new');
        expect(
          await leftovers(root, outDir),
          `left behind by the ${child} killed at step ${at} and the next build`,
        ).toEqual([]);
      }
    }, 600_000); // about 40 steps, two builds each: a minute of CPU on a busy machine
  }

  it("sweeps what killed builds left, and the older generator's dist.tmp-/dist.old- folders, not what a running build uses", async () => {
    const { root, outDir } = await siteUnderTest();
    const home = path.join(root, '.dist.builds');
    await build(root, { outDir });
    const current = path.basename(await realpath(outDir));
    const dead = await exitedPid();
    const running = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    try {
      const live = running.pid!;
      const folder = async (file: string) => {
        await mkdir(file, { recursive: true });
        await writeFile(path.join(file, 'index.html'), 'left over');
      };
      // Of killed builds: a staging folder, a pin, a link, a lock, and the earlier generator's swap folders.
      await folder(path.join(home, `${dead}-1-0000000a`));
      await writeFile(path.join(home, `${dead}-1-0000000b.base`), current);
      symlinkSync(`${dead}-1-0000000a`, path.join(home, `${dead}-1-0000000c.link`));
      await writeFile(path.join(home, 'lock'), `${dead}-1-0000000d`);
      await folder(path.join(root, `dist.tmp-${dead}-1-0000000e`));
      await folder(path.join(root, `dist.old-${dead}-1-0000000f-0`));
      // Of a running build: its staging folder, and its pin on a version another build has replaced since.
      await folder(path.join(home, `${live}-1-0000000a`));
      await folder(path.join(home, `${dead}-2-0000000a`));
      await writeFile(path.join(home, `${live}-1-0000000b.base`), `${dead}-2-0000000a`);
      await folder(path.join(root, `dist.tmp-${live}-1-0000000e`));
      // Not the generator's.
      await writeFile(path.join(home, 'notes.txt'), 'mine');
      await folder(path.join(root, 'dist.backup'));

      expect((await build(root, { outDir })).rendered).toBe(0); // even a build that changes nothing sweeps
      expect((await readdir(home)).sort()).toEqual(
        [
          current,
          // The first build's copy of its version, the spare of the next (src/write/index.ts copyAsSpare).
          `spare-${current}.copy`,
          `${dead}-2-0000000a`,
          `${live}-1-0000000a`,
          `${live}-1-0000000b.base`,
          'notes.txt',
        ].sort(),
      );
      expect((await readdir(root)).filter((e) => e.startsWith('dist')).sort()).toEqual([
        'dist',
        'dist.backup',
        `dist.tmp-${live}-1-0000000e`,
      ]);
    } finally {
      running.kill();
    }
  });

  it("replaces a plain output folder (an older generator's) with the link, keeping its unchanged pages; killed between the two renames, the folder comes back", async () => {
    const { root, outDir, spare } = await siteUnderTest();
    await build(root, { outDir });
    // The output as the older generator left it: a plain folder, the same files.
    const version = await realpath(outDir);
    await rm(outDir);
    await rename(version, outDir);
    const old = snapshot(outDir);
    const restore = saveState(root, spare);
    await writeFile(path.join(root, 'content/guide/two.md'), page('Two', 'Back to [one](one.md). Edited.'));
    const recorded = await recordBuild(root, outDir, spare);
    const fresh = await expected(root, outDir);

    let gap = -1;
    for (let at = 0; gap < 0; at++) {
      await restore();
      expect(await replayKilledAt(recorded, at), `step ${at}`).toBe('killed');
      const shown = which(snapshot(outDir), old, fresh);
      if (shown === 'no output') gap = at;
      else expect(shown, `killed at step ${at}`).toMatch(/^(old|new)$/);
    }
    // The one moment without an output: a failed build puts the old folder back.
    await writeFile(path.join(root, 'content/guide/two.md'), page('Two', 'A link to [nowhere](missing.md).'));
    await expect(build(root, { outDir })).rejects.toThrow();
    expect(which(snapshot(outDir), old, fresh)).toBe('old');
    expect(lstatSync(outDir).isDirectory()).toBe(true);

    // From the plain folder, a build keeps the unchanged pages' files and leaves the link alone.
    await restore();
    await writeFile(path.join(root, 'content/guide/two.md'), page('Two', 'Back to [one](one.md). Edited.'));
    expect((await build(root, { outDir })).rendered).toBe(1);
    expect(lstatSync(outDir).isSymbolicLink()).toBe(true);
    // (Expected again: the sitemap's dates follow the page's file, written once more.)
    expect(which(snapshot(outDir), old, await expected(root, outDir))).toBe('new');
    expect(await leftovers(root, outDir)).toEqual([]);
  });
});

/** The pid of a process that has exited (no build runs under it). */
async function exitedPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid!;
}
