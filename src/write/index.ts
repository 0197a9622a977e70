import { randomBytes } from 'node:crypto';
import {
  copyFileSync,
  linkSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmdirSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { link, mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { folderIdentity, identity } from '../incremental/file-identity.js';
import { statsOf } from '../incremental/identities.js';
import { sha1 } from '../incremental/hash.js';
import { buildEnded, buildStarted, OutputLink } from './output-link.js';
import {
  readManifest,
  writeManifest,
  type OutputManifest,
  type PageEntry,
  type StoredManifest,
} from '../incremental/stored-manifest.js';
import type { OutputFile } from '../model/page.js';
import { BuildError, BuildFailure } from '../model/errors.js';
import { outputPathProblem } from '../shared/paths.js';

export type { OutputManifest, PageEntry } from '../incremental/stored-manifest.js';

/** Changes when the stored manifest's shape does: an older one is then ignored. */
const MANIFEST_FORMAT = 4;

/** Where the spare version's manifest is kept, beside the current one's. */
const spareManifest = (manifest: string) => `${manifest}.spare`;

/** The previous output as found on disk, against its manifest. */
interface Found {
  /** The folder it is in (pinned until this build ends). */
  dir: string;
  /** What of it can be kept (intact files only). */
  intact: OutputManifest;
  /**
   * Whether it holds files nobody wrote (the output then cannot stay as it is). Asked only when
   * nothing else changed: it walks the whole folder, which a build that makes a new version needs
   * not do (the new version holds only files it lists).
   */
  strays: () => boolean;
  /** Each file the manifest lists that is still there, and its identity now. */
  onDisk: Map<string, string>;
  /** The manifest as stored. */
  stored: StoredManifest;
  /** The spare version's manifest (src/write/output-link.ts), when its folders are as it says (nothing added, removed or replaced in any). */
  spare?: StoredManifest;
}

/** A version of the output as a build left it: its folder, and a digest of its files' identities. */
export interface ShownVersion {
  dir: string;
  digest: string;
}

export interface BuildOutput {
  /** Files to write: everything but the pages already written to the staging folder or kept. */
  files: OutputFile[];
  /** Every page of the site. */
  pages: Map<string, PageEntry>;
  /** Routes whose files are those of the previous output (`Writer.previous`). */
  kept: Set<string>;
  /** Site files kept from the previous output unread (path -> content hash, from `Writer.previous`): the search index. */
  keptFiles?: Map<string, string>;
}

/** Where a build's files go. Only the pages stage (into `staging`) and `commit` touch the output. */
export interface Writer {
  /** A folder pages may be written into while the build runs, or null: their files come with `commit`. */
  readonly staging: string | null;
  /** What of the previous output can be kept: the pages and site files still on disk as the last build left them. */
  previous(): Promise<OutputManifest | undefined>;
  commit(output: BuildOutput): Promise<void>;
  /** Ends the build: drops what was staged (unless committed), and what earlier builds left. */
  discard(): Promise<void>;
}

/**
 * A fault injected into the writer (tests): `kill` runs just before the writer's change to the disk
 * number `at` (counted from 0), and again before every later one, so that nothing more changes,
 * as if the process had died there. By default it kills the process (SIGKILL: no clean-up runs).
 * `DOCS_WRITE_FAULT=N` injects it into any build, as a crash or an impatient CI would.
 */
export interface WriteFault {
  at: number;
  kill?: () => void;
  /**
   * The file-system error the change fails with instead (`ENOSPC`: a full disk; `EROFS`; `EACCES`):
   * thrown once, at change `at`, as the system call would; the build goes on to fail and clean up.
   */
  errorCode?: string;
}

/** `DOCS_WRITE_FAULT=N` kills the process before change N; `DOCS_WRITE_FAULT=N:ENOSPC` fails that change with the error. */
const envFault = (): WriteFault | undefined => {
  const match = /^(\d+)(?::(E[A-Z]+))?$/.exec(process.env.DOCS_WRITE_FAULT ?? '');
  return match ? { at: Number(match[1]), ...(match[2] ? { errorCode: match[2] } : {}) } : undefined;
};

/** The error a system call fails with, as node makes it (code, syscall, path). */
function systemError(code: string, at: string): NodeJS.ErrnoException {
  const error: NodeJS.ErrnoException = new Error(`${code}: injected fault, write '${at}'`);
  Object.assign(error, { code, syscall: 'write', path: at });
  return error;
}

/**
 * Writes the output so that it is never half a site (src/write/output-link.ts): each build that changes
 * anything writes a new version of the site and points the output path at it at once. Its pages
 * are staged there while the build runs (so a failed build touches nothing); with a manifest file
 * (kept in the cache), the files of unchanged pages and site files are hard links to the previous
 * version's, so a one-page edit writes a few files; a build that changes nothing writes nothing.
 */
export class FsWriter implements Writer {
  readonly staging: string;
  private readonly link: OutputLink;
  private steps = 0;
  private dead = false;
  private published = false;
  /** The folders of the version this build made from the spare that it left as they were, with their identities. */
  private unchangedFolders?: Map<string, string>;
  private readonly fault?: WriteFault;

  constructor(
    readonly outDir: string,
    private readonly options: { manifest?: string; fault?: WriteFault } = {},
  ) {
    this.fault = options.fault ?? envFault();
    // Unique per build: two builds in one process (or one millisecond) must not share folders.
    const stamp = `${process.pid}-${Date.now()}-${randomBytes(4).toString('hex')}`;
    this.link = new OutputLink(outDir, stamp, () => this.step());
    this.staging = this.link.version;
    buildStarted(stamp);
  }

  /** Called before every change to the disk: where a fault strikes. */
  private step(): void {
    if (this.fault?.errorCode) {
      if (this.steps++ === this.fault.at) throw systemError(this.fault.errorCode, this.staging);
      return;
    }
    if (!this.dead && this.steps++ !== this.fault?.at) return;
    this.dead = true;
    buildEnded(this.link.stamp); // a dead build runs no more: the next one sweeps what it left
    (this.fault!.kill ?? (() => process.kill(process.pid, 'SIGKILL')))();
  }

  private found?: Promise<Found | undefined>;

  /** A manifest describes one output folder, in one format. */
  private manifestSalt(): string {
    return `${this.outDir}\0${MANIFEST_FORMAT}`;
  }

  /** The manifest's pages and files that are still on disk as the last build left them. */
  async previous(): Promise<OutputManifest | undefined> {
    return (await this.findPrevious())?.intact;
  }

  private findPrevious(): Promise<Found | undefined> {
    this.found ??= this.readPrevious();
    return this.found;
  }

  private async readPrevious(): Promise<Found | undefined> {
    if (!this.options.manifest) return undefined;
    // The spare's manifest too, for `fromSpare`: its folders are checked with the files, in the stat thread.
    const [stored, spareStored] = await Promise.all([
      readManifest(this.options.manifest, this.manifestSalt()),
      readManifest(spareManifest(this.options.manifest), this.manifestSalt()),
    ]);
    if (!stored) return undefined;
    const dir = this.link.pin();
    if (!dir) return undefined;
    const spare = stored.spare && spareStored?.version === stored.spare ? spareStored : undefined;
    const spareFolders = spare?.folders ? [...spare.folders] : [];
    // Every file as it is now: one deleted, replaced or edited by hand (or by another build) is
    // written again; one nobody wrote is left out of the next version.
    // The listed files by a stat each: no walk of the folder (10,000 pages: 10,000 folders read).
    const files = [...stored.identities.keys()];
    const now = await statsOf({
      dir,
      files,
      ...(spare
        ? { folders: { dir: this.link.spare(spare.version!), list: spareFolders.map(([folder]) => folder) } }
        : {}),
    });
    const onDisk = new Map<string, string>();
    for (let i = 0; i < files.length; i++) if (now.files[i]) onDisk.set(files[i], now.files[i]);
    const intact = (file: string) => {
      const now = onDisk.get(file);
      return now !== undefined && stored.identities.get(file) === now;
    };
    const spareSame =
      spare?.folders !== undefined && spareFolders.every(([, expected], i) => now.folders[i] === expected);
    const strays = () => listFiles(dir).some((file) => !stored.identities.has(file));
    const pages = new Map([...stored.pages].filter(([, entry]) => entry.paths.every(intact)));
    const siteFiles = new Map([...stored.siteFiles].filter(([file]) => intact(file)));
    return { dir, intact: { pages, siteFiles, dir }, strays, onDisk, stored, ...(spareSame ? { spare } : {}) };
  }

  /**
   * Whether the output shows `version` still as the build that made it left it: no file added,
   * removed, replaced or edited since (src/incremental/build-record.ts keeps the last build's). Reads no manifest.
   */
  isUntouched(version: ShownVersion): boolean {
    return this.link.shows === version.dir && digest(identities(version.dir)) === version.digest;
  }

  /** The version the output shows after `commit`: this build's, or the previous one when nothing changed. */
  shown?: ShownVersion;

  /**
   * The new version: the pages rendered into it already, the kept pages' files and unchanged
   * site files linked from the previous version, the other site files written; then published.
   */
  async commit(built: BuildOutput): Promise<void> {
    try {
      const found = await this.findPrevious();
      const output = { ...built, files: built.files.map(asBytes) };
      const siteFiles = new Map(output.files.map((f) => [f.path, f.hash ?? sha1(f.contents)]));
      for (const [file, hash] of output.keptFiles ?? []) siteFiles.set(file, hash);
      const previous = found?.intact;
      if (
        previous &&
        output.kept.size === output.pages.size &&
        sameEntries(siteFiles, previous.siteFiles) &&
        sameEntries(output.pages, previous.pages, (a, b) => a.renderKey === b.renderKey) &&
        !found.strays()
      ) {
        this.shown = { dir: found.dir, digest: digest(found.onDisk) };
        return; // nothing changed: the output stays as it is
      }
      // A hard link is the same file as the one linked: its identity is known without a stat.
      const linked =
        (found && (await this.fromSpare(output, siteFiles, found))) || this.linkAll(output, siteFiles, found);
      // The previous version is the next build's spare only while most of its pages are this version's too: the
      // version before a full rebuild would be changed file by file (`fromSpare` refuses it), so it goes now, with
      // the rebuild, and a copy of this version takes its place (else the next one-page edit links every file anew).
      const previousServes = output.kept.size * 2 >= output.pages.size;
      const published = this.link.publish({ keepSpare: Boolean(this.options.manifest) && previousServes });
      this.published = true;
      const copy = this.options.manifest && !published.spare ? this.copyAsSpare(output, siteFiles) : undefined;
      // The previous version is deleted while the copy is made and the manifest saved.
      await Promise.all([
        copy === undefined
          ? this.saveManifest(output, siteFiles, linked, found, published.spare)
          : copy.then((made) => this.saveManifest(output, siteFiles, linked, found, undefined, made)),
        published.sweeping,
      ]);
    } finally {
      await this.discard();
    }
  }

  /**
   * The new version in the staging folder: the pages rendered into it already, the kept pages'
   * files and unchanged site files linked from the previous version, the other site files written.
   * Returns the identities of the files linked.
   */
  private linkAll(output: BuildOutput, siteFiles: Map<string, string>, found: Found | undefined): Map<string, string> {
    const previous = found?.intact;
    const staged = folderMaker(this.staging);
    const linked = new Map<string, string>();
    const keep = (file: string) => {
      if (linkOrCopy(path.join(found!.dir, file), staged(file))) linked.set(file, found!.onDisk.get(file) ?? '');
    };
    this.step();
    mkdirSync(this.staging, { recursive: true });
    for (const route of output.kept) {
      for (const file of output.pages.get(route)!.paths) {
        this.step();
        keep(file);
      }
    }
    for (const file of output.keptFiles?.keys() ?? []) {
      this.step();
      keep(file);
    }
    for (const file of output.files) {
      this.step();
      if (previous?.siteFiles.get(file.path) === siteFiles.get(file.path)) keep(file.path);
      else writeFile(staged(file.path), file);
    }
    return linked;
  }

  /**
   * The new version made from the spare (the version before the previous one, src/write/output-link.ts):
   * it already holds most files as they must be, so only those that differ are changed (each
   * replaced by a new file, never written into: the spare shares its files with the previous
   * version by hard links), and the pages rendered are moved in from the staging folder. The spare
   * is renamed into this build's names first: killed meanwhile, the build leaves it to the sweep.
   * Returns the identities of the files not written by this build, or undefined when there is no
   * spare to use (none kept, its manifest lost, or taken by another build).
   */
  private async fromSpare(
    output: BuildOutput,
    siteFiles: Map<string, string>,
    found: Found,
  ): Promise<Map<string, string> | undefined> {
    const spare = found.spare;
    if (!spare?.version || !spare.folders) return undefined;
    const name = spare.version;
    // A spare most of whose pages differ (the version before a full rebuild) would be changed file by file: no gain.
    let differ = 0;
    for (const [route, entry] of output.pages) if (spare.pages.get(route)?.renderKey !== entry.renderKey) differ++;
    if (differ * 2 > output.pages.size || !this.link.adoptSpare(name)) return undefined;
    const root = this.link.adopted;
    const folders = folderMaker(root);
    // A file of the spare is as its manifest says unless it was edited in place (while its version
    // was shown, or since, through the previous version's hard link to it): when the previous
    // version has the same file (inode), its stat in \`readPrevious\` tells; else a stat of its own.
    // (Files added, removed or replaced change their folder's time: \`readPrevious\` checked every folder's.)
    const sure = (file: string) => {
      const expected = spare.identities.get(file);
      if (expected === undefined) return false;
      return found.onDisk.get(file) === expected || identity(path.join(root, file)) === expected;
    };
    const ids = new Map<string, string>();
    // The folders this build changes, and their parents (a folder made or removed changes its parent's time).
    const changed = new Set<string>();
    const change = (file: string) => eachNewFolder(file, changed, (dir) => changed.add(dir));
    const replace = (file: string, make: (full: string) => void) => {
      this.step();
      change(file);
      rmSync(path.join(root, file), { force: true });
      make(folders(file));
    };
    const fromPrevious = (file: string) => {
      replace(file, (full) => {
        if (linkOrCopy(path.join(found.dir, file), full)) ids.set(file, found.onDisk.get(file) ?? '');
      });
    };
    // What the spare has that this version has not: deleted, and so are the folders that empties. First: a page's
    // folder may be a file's name now, or a file's name a page's folder.
    const wanted = new Set([...[...output.pages.values()].flatMap((entry) => entry.paths), ...siteFiles.keys()]);
    for (const file of spare.identities.keys()) {
      if (wanted.has(file)) continue;
      this.step();
      change(file);
      rmSync(path.join(root, file), { force: true });
      removeEmptyFolders(root, path.dirname(file));
    }
    for (const [route, entry] of output.pages) {
      const had = spare.pages.get(route);
      if (!output.kept.has(route)) {
        for (const file of entry.paths) {
          this.step();
          change(file);
          renameSync(path.join(this.staging, file), folders(file));
        }
      } else if (had?.renderKey === entry.renderKey && entry.paths.every(sure)) {
        for (const file of entry.paths) ids.set(file, spare.identities.get(file)!);
      } else entry.paths.forEach(fromPrevious);
    }
    const made = new Map(output.files.map((f) => [f.path, f]));
    for (const [file, hash] of siteFiles) {
      if (spare.siteFiles.get(file) === hash && sure(file)) ids.set(file, spare.identities.get(file)!);
      else if (found.intact.siteFiles.get(file) === hash) fromPrevious(file);
      else replace(file, (full) => writeFile(full, made.get(file)!));
    }
    this.step();
    await rm(this.staging, { recursive: true, force: true });
    this.step();
    await rename(root, this.staging);
    // The other folders are as `readPrevious` found them: their times need no stat again.
    this.unchangedFolders = new Map([...spare.folders].filter(([dir]) => !changed.has(dir)));
    return ids;
  }

  /**
   * A spare made of this version (just published): every folder made anew and every file a hard link to this
   * version's, so each has the identity this version's manifest gives it. Returns its name and its folders'
   * identities, or undefined when it could not be made whole (a full disk; another build's publish removed it
   * meanwhile, as it removes every spare but the one it keeps): what was made of it is then deleted.
   */
  private async copyAsSpare(
    output: BuildOutput,
    siteFiles: Map<string, string>,
  ): Promise<{ name: string; folders: Map<string, string> } | undefined> {
    const name = `${this.link.stamp}.copy`;
    const root = this.link.spare(name);
    const files = [...[...output.pages.values()].flatMap((entry) => entry.paths), ...siteFiles.keys()];
    const folders = new Set<string>();
    for (const file of files) eachNewFolder(file, folders, (dir) => folders.add(dir));
    // Each depth's folders once their parents are made.
    const levels: string[][] = [];
    for (const dir of folders) if (dir !== '.') (levels[depth(dir)] ??= []).push(dir);
    this.step();
    try {
      await mkdir(root);
      for (const level of levels) if (level) await inBatches(level, (dir) => mkdir(path.join(root, dir)));
      await inBatches(files, (file) => link(path.join(this.staging, file), path.join(root, file)));
      return { name, folders: folderIdentities(root, files) };
    } catch {
      await rm(root, { recursive: true, force: true }).catch(() => {});
      return undefined;
    }
  }

  private async saveManifest(
    output: BuildOutput,
    siteFiles: Map<string, string>,
    linked: Map<string, string>,
    found: Found | undefined,
    spare: string | undefined,
    /** The spare made of this version (`copyAsSpare`), when the previous version is not kept as the spare. */
    copy?: { name: string; folders: Map<string, string> },
  ): Promise<void> {
    this.step();
    if (!this.options.manifest) return;
    const identities = new Map<string, string>();
    for (const file of [...[...output.pages.values()].flatMap((entry) => entry.paths), ...siteFiles.keys()])
      identities.set(file, linked.get(file) || identity(path.join(this.staging, file)));
    this.shown = { dir: this.staging, digest: digest(identities) };
    // The previous version is the spare now: its manifest goes beside this one's.
    const spareKept = spare !== undefined && found?.stored.version === spare;
    if (spareKept) await moveCache(this.options.manifest, spareManifest(this.options.manifest));
    // The copy's files are this version's (hard links): the same identities, in folders of its own.
    else if (copy)
      await writeManifest(spareManifest(this.options.manifest), this.manifestSalt(), {
        pages: output.pages,
        siteFiles,
        identities,
        version: copy.name,
        folders: copy.folders,
      } satisfies StoredManifest);
    await writeManifest(this.options.manifest, this.manifestSalt(), {
      pages: output.pages,
      siteFiles,
      identities,
      version: path.basename(this.staging),
      ...(spareKept ? { spare } : copy ? { spare: copy.name } : {}),
      folders: folderIdentities(this.staging, identities.keys(), this.unchangedFolders),
    } satisfies StoredManifest);
  }

  /** Ends the build: what it staged goes (unless published), and so does what earlier builds left. */
  async discard(): Promise<void> {
    // A build that failed early may still be reading the previous output (which pins its folder).
    await this.found?.catch(() => undefined);
    if (!this.published) await this.link.release();
    buildEnded(this.link.stamp);
  }
}

/**
 * The full path of a file under `root`, its folder made first: each folder once, however many
 * files go in it (the stages that write thousands of files).
 */
export function folderMaker(root: string): (file: string) => string {
  const made = new Set<string>();
  return (file) => {
    const outside = outputPathProblem(file);
    if (outside)
      throw new BuildFailure([
        new BuildError(
          `an output file at ${JSON.stringify(file)} ${outside}`,
          { file: '(build output)' },
          'every file the build writes stays inside the output folder: give a path relative to it, such as "data/list.json"',
        ),
      ]);
    const full = path.join(root, file);
    const dir = path.dirname(full);
    if (!made.has(dir)) mkdirSync(dir, { recursive: true });
    made.add(dir);
    return full;
  };
}

/** Every folder of a version's files (its root as '.'), with its identity (`known`, or a stat). */
function folderIdentities(
  root: string,
  files: Iterable<string>,
  known = new Map<string, string>(),
): Map<string, string> {
  const folders = new Map<string, string>();
  for (const file of files)
    eachNewFolder(file, folders, (dir) => folders.set(dir, known.get(dir) ?? folderIdentity(path.join(root, dir))));
  return folders;
}

/**
 * Calls `add` for each folder holding `file` (a path in a version, with forward slashes), innermost
 * first up to the root ('.'), until one `seen` has: its parents were added with it.
 */
function eachNewFolder(file: string, seen: { has(dir: string): boolean }, add: (dir: string) => void): void {
  for (let dir = path.posix.dirname(file); !seen.has(dir); dir = path.posix.dirname(dir)) {
    add(dir);
    if (dir === '.') break;
  }
}

/** How deep a folder of a version is ('.' its root, 0). */
const depth = (dir: string) => (dir === '.' ? 0 : dir.split('/').length);

/** Files made or linked at a time: the file system's calls run on libuv's threads while this one saves the caches. */
const AT_ONCE = 64;

/** `make` for every item, `AT_ONCE` at a time; a failure is thrown once the calls under way have ended. */
async function inBatches<T>(items: T[], make: (item: T) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < items.length; i += AT_ONCE) {
    const results = await Promise.allSettled(items.slice(i, i + AT_ONCE).map(make));
    for (const result of results) if (result.status === 'rejected') throw result.reason;
  }
}

/** Removes `folder` (relative to `root`) and its parents up to `root` while they are empty. */
function removeEmptyFolders(root: string, folder: string): void {
  for (let dir = folder; dir !== '.' && dir !== ''; dir = path.dirname(dir)) {
    try {
      rmdirSync(path.join(root, dir));
    } catch {
      return; // not empty (or gone)
    }
  }
}

/** Renames a value stored by `writeCache` (src/incremental/cache.ts: its key is in its file). */
async function moveCache(from: string, to: string): Promise<void> {
  await rename(from, to).catch(() => {});
}

/** A site file written: by its own means when it has them (its contents are then not in memory). */
function writeFile(full: string, file: OutputFile): void {
  if (file.writeTo) file.writeTo(full);
  else writeFileSync(full, file.contents);
}

/** A hard link (true); a copy where the file system has none (or the versions are on two). */
function linkOrCopy(from: string, to: string): boolean {
  try {
    linkSync(from, to);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'ENOTSUP') throw error;
    copyFileSync(from, to);
    return false;
  }
}

/**
 * A file with its text as UTF-8 bytes: encoded once, for its hash and for its write (hashing a
 * string and writing it encoded it twice: at 10,000 pages llms-full.txt is 70 MB, 0.3-0.4 s a time).
 */
function asBytes(file: OutputFile): OutputFile {
  // writeTo first: reading `contents` of a file that writes itself would make it in memory (src/outputs/pieces.ts).
  return !file.writeTo && typeof file.contents === 'string' ? { ...file, contents: Buffer.from(file.contents) } : file;
}

/** Every file under a folder, with its identity. */
function identities(dir: string): Map<string, string> {
  return new Map(listFiles(dir).map((file) => [file, identity(path.join(dir, file))]));
}

/** One digest of files and identities: equal digests, the same files, none touched since. */
function digest(identities: Map<string, string>): string {
  return sha1(...[...identities].map(([file, id]) => `${file} ${id}`).sort());
}

/**
 * Every file under a folder (none if it does not exist), as paths relative to it with forward
 * slashes. Walked a folder at a time: Node 20's `readdirSync(dir, { recursive: true })` took 8
 * times as long on an output of 1,000 pages (1.8 s against 0.2 s), in every build.
 */
function listFiles(dir: string): string[] {
  const files: string[] = [];
  const walk = (folder: string, prefix: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(path.join(folder, entry.name), `${prefix}${entry.name}/`);
      else if (entry.isFile() || entry.isSymbolicLink()) files.push(`${prefix}${entry.name}`);
    }
  };
  try {
    walk(dir, '');
    return files;
  } catch {
    return [];
  }
}

function sameEntries<T>(
  a: Map<string, T>,
  b: Map<string, T>,
  same: (x: T, y: T) => boolean = (x, y) => x === y,
): boolean {
  if (a.size !== b.size) return false;
  for (const [key, value] of a) {
    const other = b.get(key);
    if (other === undefined || !same(value, other)) return false;
  }
  return true;
}

/** Keeps the site in memory: for tests. */
export class MemoryWriter implements Writer {
  readonly staging = null;
  readonly files = new Map<string, string | Uint8Array>();
  async previous(): Promise<undefined> {
    return undefined;
  }
  async commit(output: BuildOutput): Promise<void> {
    this.files.clear();
    for (const f of output.files) this.files.set(f.path, f.contents);
  }
  async discard(): Promise<void> {}
  text(file: string): string | undefined {
    const c = this.files.get(file);
    return c === undefined ? undefined : typeof c === 'string' ? c : Buffer.from(c).toString('utf8');
  }
}

/** A whole site as files, committed without any page kept (tests). */
export function allFiles(files: OutputFile[]): BuildOutput {
  return { files, pages: new Map(), kept: new Set() };
}
