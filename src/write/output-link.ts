import {
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { BuildError } from '../model/errors.js';

/**
 * The output path as a symbolic link to one complete version of the site. Versions live in a
 * folder beside it (`dist` -> `.dist.builds/<id>`); a build writes a new version there and points
 * the link at it with one rename(2) of a link over the link, which is atomic: whenever the process
 * dies, the output path shows the whole previous site or the whole new one. Whatever is not the
 * current version, nor in use by a running build, is removed by the next build (`sweep`).
 *
 * Every name here starts with a build's stamp (`<pid>-<ms>-<8 hex>`): what a build made is
 * recognisable, and whether that build still runs is a question about its process.
 */
export class OutputLink {
  /** The folder of versions, beside the output path. */
  readonly home: string;

  constructor(
    readonly outDir: string,
    readonly stamp: string,
    /** Called before every change to the disk (the writer's fault injector). */
    private readonly step: () => void,
  ) {
    this.home = path.join(path.dirname(outDir), `.${path.basename(outDir)}.builds`);
  }

  /** This build's new version (its staging folder while the build runs). */
  get version(): string {
    return path.join(this.home, this.stamp);
  }

  /** Which version a build reads from: named so that no other build removes it meanwhile. */
  private get pinFile(): string {
    return path.join(this.home, `${this.stamp}.base`);
  }

  /**
   * The folder the output path shows now, kept until this build ends (`release`): the version
   * the link points at, or a plain folder (an older generator's output) at the output path.
   */
  pin(): string | undefined {
    return this.locked(() => {
      const current = this.current();
      if (current?.version) {
        this.step();
        writeFileSync(this.pinFile, current.version);
      }
      return current?.dir;
    });
  }

  /**
   * Points the output path at this build's version (complete on disk), then sweeps. A plain
   * folder left at the output path by an older generator is moved aside first: that one time the
   * swap takes two renames, and a build that dies between them leaves the old folder to put back.
   */
  publish(options: { keepSpare?: boolean } = {}): { sweeping: Promise<void>; spare?: string } {
    const link = path.join(this.home, `${this.stamp}.link`);
    this.step();
    symlinkSync(path.relative(path.dirname(this.outDir), this.version), link);
    let spare: string | undefined;
    const doomed = this.locked(() => {
      if (lstatSync(this.outDir, { throwIfNoEntry: false })?.isDirectory()) {
        this.step();
        renameSync(this.outDir, path.join(this.home, `${this.stamp}.was`));
      }
      const previous = this.current()?.version;
      this.step();
      renameSync(link, this.outDir);
      this.unpin(); // the version it pinned is the previous one now: the sweep removes it
      // Its version is protected by the link from now on; once another build's replaces it, it goes.
      buildEnded(this.stamp);
      if (options.keepSpare && previous && previous !== this.stamp && !this.pinned().has(previous)) {
        this.step();
        renameSync(path.join(this.home, previous), path.join(this.home, `${SPARE}${previous}`));
        spare = previous;
      }
      return [...this.sparesBut(spare), ...this.sweepLocked()];
    });
    return { sweeping: this.remove(doomed), spare };
  }

  /**
   * Takes the spare version named `name` (the one before the current, kept by `publish`) as this
   * build's next version: it is renamed into this build's names (`adopted`), so that a build killed
   * while changing it leaves a folder the next sweep removes. False when it is gone (swept, or
   * taken by another build).
   */
  adoptSpare(name: string): boolean {
    return this.locked(() => {
      const spare = this.spare(name);
      if (!lstatSync(spare, { throwIfNoEntry: false })?.isDirectory()) return false;
      this.step();
      renameSync(spare, this.adopted);
      return true;
    });
  }

  /** The folder of the spare version named `name`. */
  spare(name: string): string {
    return path.join(this.home, `${SPARE}${name}`);
  }

  /** Where an adopted spare is changed into this build's version. */
  get adopted(): string {
    return `${this.version}.spare`;
  }

  /** Versions that running builds read from (their pins). */
  private pinned(): Set<string> {
    const pins = new Set<string>();
    for (const entry of readdirSync(this.home))
      if (entry.endsWith('.base') && buildRuns(entry)) pins.add(readFileSync(path.join(this.home, entry), 'utf8'));
    return pins;
  }

  /** Spare versions other than `kept`: only the one before the current is of use. */
  private sparesBut(kept: string | undefined): string[] {
    return readdirSync(this.home)
      .filter((entry) => entry.startsWith(SPARE) && entry !== `${SPARE}${kept}`)
      .map((entry) => path.join(this.home, entry));
  }

  /** The build ends without a new version: its staging folder and pin go, and so does any leftover. */
  release(): Promise<void> {
    if (!lstatSync(this.home, { throwIfNoEntry: false })) return Promise.resolve(); // nothing of ours here
    const doomed = this.locked(() => {
      this.removeOwn();
      return this.sweepLocked();
    });
    return this.remove(doomed);
  }

  /** This build's staging folder, link and pin. */
  private removeOwn(): void {
    for (const own of [this.version, this.pinFile, `${this.version}.link`, this.adopted]) {
      if (lstatSync(own, { throwIfNoEntry: false })) {
        this.step();
        rmSync(own, { recursive: true, force: true });
      }
    }
  }

  private unpin(): void {
    if (!lstatSync(this.pinFile, { throwIfNoEntry: false })) return;
    this.step();
    unlinkSync(this.pinFile);
  }

  /** The folder the output path shows now, without pinning it (a build that only looks). */
  get shows(): string | undefined {
    return this.current()?.dir;
  }

  /** Where the output path leads now; `version` when it is one of ours. */
  private current(): { dir: string; version?: string } | undefined {
    const stat = lstatSync(this.outDir, { throwIfNoEntry: false });
    if (!stat) return undefined;
    if (stat.isSymbolicLink()) {
      const target = path.resolve(path.dirname(this.outDir), readlinkSync(this.outDir));
      if (path.dirname(target) === this.home) return { dir: target, version: path.basename(target) };
    }
    return { dir: this.outDir };
  }

  /**
   * Removes what killed or finished builds left: versions no link points at, pins, links, and the
   * `<out>.tmp-*` / `<out>.old-*` folders of the generator's earlier swap. Kept: the current
   * version, everything of a build still running, and the versions running builds read from. A
   * plain folder moved aside by a build killed mid-swap goes back to the output path if that is empty.
   * Returns what goes, chosen under the lock and deleted after it (while the build saves its
   * caches): a folder no link points at never becomes current again, and two builds deleting it
   * both succeed.
   */
  private sweepLocked(): string[] {
    const doomed: string[] = [];
    const entries = readdirSync(this.home);
    const current = this.current()?.version;
    const keep = new Set([...(current ? [current] : []), ...this.pinned()]);
    for (const entry of entries) {
      if (entry === LOCK || keep.has(entry) || !STAMPED.test(entry) || buildRuns(entry)) continue;
      const full = path.join(this.home, entry);
      if (entry.endsWith('.was') && !lstatSync(this.outDir, { throwIfNoEntry: false })) {
        this.step();
        renameSync(full, this.outDir);
      } else doomed.push(full);
    }
    const name = path.basename(this.outDir);
    for (const entry of readdirSync(path.dirname(this.outDir))) {
      const stamp =
        entry.startsWith(`${name}.tmp-`) || entry.startsWith(`${name}.old-`) ? entry.slice(name.length + 5) : '';
      if (!STAMPED.test(stamp) || buildRuns(stamp)) continue;
      doomed.push(path.join(path.dirname(this.outDir), entry));
    }
    return doomed;
  }

  /** Deletes folders one at a time; one that resists is left for the next sweep. */
  private async remove(doomed: string[]): Promise<void> {
    for (const folder of doomed) {
      this.step();
      await rm(folder, { recursive: true, force: true }).catch(() => {});
    }
  }

  /**
   * Runs `fn` while holding the lock file of the versions folder, so that flips and sweeps of
   * concurrent builds (other processes) come one after the other. `fn` is synchronous: writers of
   * one process never meet inside it. A lock whose build no longer runs is taken over.
   */
  private locked<T>(fn: () => T): T {
    const lock = path.join(this.home, LOCK);
    if (!lstatSync(this.home, { throwIfNoEntry: false })) {
      this.step();
      mkdirSync(this.home, { recursive: true });
    }
    const started = Date.now();
    for (;;) {
      try {
        this.step();
        writeFileSync(lock, this.stamp, { flag: 'wx' });
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const holder = readIfThere(lock);
      if (holder === undefined) continue; // released meanwhile
      if (!buildRuns(holder)) {
        // Its build was killed. (Two builds taking over the same stale lock at once is not prevented.)
        this.step();
        rmSync(lock, { force: true });
      } else if (Date.now() - started > LOCK_WAIT_MS) {
        const message = `another build (process ${holder.split('-')[0]}) has held this lock for ${LOCK_WAIT_MS / 1000} s`;
        throw new BuildError(
          message,
          { file: lock },
          'wait for that build to finish; if no build is running, delete the lock file',
        );
      } else {
        Atomics.wait(SLEEP, 0, 0, 50);
      }
    }
    try {
      return fn();
    } finally {
      this.step();
      unlinkSync(lock);
    }
  }
}

const LOCK = 'lock';
/**
 * The name of the version before the current one, kept (`publish`) so that the next build can change
 * it into its own version by the few files that differ, instead of linking every file anew. After a
 * full build the version before has little in common with the current one: a copy of the current one
 * (hard links, src/write/index.ts `copyAsSpare`) is the spare then.
 */
const SPARE = 'spare-';
const LOCK_WAIT_MS = 120_000;
const SLEEP = new Int32Array(new SharedArrayBuffer(4));
/** A name that starts with a build's stamp. */
const STAMPED = /^\d+-\d+-[0-9a-f]{8}/;

/** Stamps of this process's builds that have not ended. */
const running = new Set<string>();

export function buildStarted(stamp: string): void {
  running.add(stamp);
}

export function buildEnded(stamp: string): void {
  running.delete(stamp);
}

function readIfThere(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Whether the build that made a stamped name still runs: in this process, or in a live one. */
function buildRuns(name: string): boolean {
  const stamp = STAMPED.exec(name)?.[0];
  if (!stamp) return false;
  const pid = Number(stamp.split('-')[0]);
  if (pid === process.pid) return running.has(stamp);
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
