import { sha1 } from '../hash.js';
import type { OutputFile } from '../types.js';
import type { BuildOutput, OutputManifest, PageEntry, Writer } from '../write.js';
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
  /** The contents last committed at each path. */
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
    const hashes = new Map<string, string>();
    for (const route of output.kept)
      for (const file of output.pages.get(route)!.paths) hashes.set(file, this.hashes.get(file)!);
    const writes = output.files.filter((file) => {
      // The bundle's files are the same objects from one build to the next: hashed once.
      const hash = this.contents.get(file.path) === file.contents ? this.hashes.get(file.path)! : sha1(file.contents);
      hashes.set(file.path, hash);
      return this.hashes.get(file.path) !== hash;
    });
    const removes = [...this.hashes.keys()].filter((file) => !hashes.has(file));
    await this.out.apply(writes, removes);
    this.changed = writes.length > 0 || removes.length > 0;
    this.pages = output.pages;
    this.hashes = hashes;
    this.contents = new Map(output.files.map((file) => [file.path, file.contents]));
    this.renderAll = false;
  }

  async discard(): Promise<void> {
    this.changed = false;
  }
}
