import { sha1 } from '../incremental/hash.js';
import type { OutputFile } from '../model/page.js';
import type { BuildOutput, OutputManifest, PageEntry, Writer } from '../write/index.js';
import type { OutputDir } from './output-dir.js';

/**
 * The build's output in `dev`: the folder the server serves, written file by file as builds
 * change it. What the last build committed stays in memory (it is the next build's `previous`,
 * so unchanged pages keep their files), and only files whose contents changed are written.
 */
export class DevWriter implements Writer {
  /** Pages come back with their contents: they are written with the rest at `commit`. */
  readonly staging = null;
  private pages = new Map<string, PageEntry>();
  /** Every file this writer put in the folder, with a hash of its contents. */
  private hashes = new Map<string, string>();
  /** The page each page file belongs to, by path. */
  private owners = new Map<string, string>();
  /** The contents last committed at each path (the files given, not the kept pages'). */
  private contents = new Map<string, OutputFile['contents']>();
  private renderAll = true;
  /** Whether the last commit wrote or removed anything. */
  changed = false;

  /** `beforeCommit` may refuse the output by throwing (the content folder went away while it was read). */
  constructor(
    private readonly out: OutputDir,
    private readonly beforeCommit: () => Promise<void> = async () => {},
  ) {}

  /** The next build renders every page again (the layout code or the configuration changed). */
  renderAgain(): void {
    this.renderAll = true;
  }

  /** Whether `file` (under the output folder) is one of the build's files, kept current by every build. */
  holds(file: string): boolean {
    return this.hashes.has(file);
  }

  async previous(): Promise<OutputManifest | undefined> {
    return this.renderAll ? undefined : { pages: this.pages, siteFiles: new Map() };
  }

  async commit(output: BuildOutput): Promise<void> {
    await this.beforeCommit();
    // Kept pages' files stay as they are: only the files given, and those of pages not kept, are looked at.
    const hashes = new Map<string, string>();
    const writes = output.files.filter((file) => {
      // The bundle's files are the same objects from one build to the next: hashed once.
      const hash = this.contents.get(file.path) === file.contents ? this.hashes.get(file.path)! : sha1(file.contents);
      hashes.set(file.path, hash);
      return this.hashes.get(file.path) !== hash;
    });
    const owned = (file: string) => {
      const route = this.owners.get(file);
      return route !== undefined && output.kept.has(route);
    };
    const gone = new Set(this.contents.keys());
    for (const [route, entry] of this.pages) if (!output.kept.has(route)) entry.paths.forEach((file) => gone.add(file));
    const removes = [...gone].filter((file) => !hashes.has(file) && !owned(file) && this.hashes.has(file));
    await this.out.apply(writes, removes);
    this.changed = writes.length > 0 || removes.length > 0;
    for (const file of removes) {
      this.hashes.delete(file);
      this.owners.delete(file);
    }
    for (const [file, hash] of hashes) this.hashes.set(file, hash);
    for (const [route, entry] of output.pages)
      if (!output.kept.has(route)) for (const file of entry.paths) this.owners.set(file, route);
    this.pages = output.pages;
    this.contents = new Map(output.files.map((file) => [file.path, file.contents]));
    this.renderAll = false;
  }

  async discard(): Promise<void> {
    this.changed = false;
  }
}
