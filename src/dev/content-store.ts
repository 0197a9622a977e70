import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Processor } from 'unified';
import type { ResolvedConfig } from '../config.js';
import { contentFolderProblem, contentHash, listContent, parseSource, unreadableFile, type RefusedPath } from '../content.js';
import { BuildError, Problems } from '../errors.js';
import { renderPage } from '../markdown/index.js';
import { loadMdxCompiler } from '../markdown/mdx.js';
import { renderMarkdown } from '../pages.js';
import { expandOpenApiPages } from '../openapi.js';
import type { OutputFile, PageRecord, PageSource } from '../types.js';

/** What changed under the content folder, as paths relative to it. */
export interface ContentChanges {
  pages: string[];
  /** Files beside the pages: images, downloads. */
  statics: string[];
  /** Files under "_" folders: the reference model the checks and OpenAPI pages read. */
  data: string[];
  /** A folder came, went or was renamed: list the content again. */
  folders: boolean;
}

/** The key of the problems of the content folder as a whole (it cannot be listed). */
const FOLDER = '.';

/**
 * The content folder as the dev build last read it: a record for every page (rendered Markdown),
 * each page's problems under its path (so that saving it again replaces them), the files beside
 * the pages, and what the data files held. A change re-reads only the files it names.
 */
export class ContentStore {
  readonly records = new Map<string, PageRecord>();
  /** Files beside the pages, with a hash of their content. */
  private readonly statics = new Map<string, string>();
  /** Problems by the page (or folder) they came from. */
  readonly problems = new Map<string, BuildError[]>();
  /** The records' paths in the order the build lists pages; kept until a page comes or goes. */
  private order: string[] | null = null;
  private readonly dataHashes = new Map<string, string | null>();
  /** Paths the last listing refused (symbolic links out of the folder or into a folder containing them), as `build` does. */
  private refused = new Set<string>();

  constructor(
    private readonly config: ResolvedConfig,
    private readonly processor: Processor,
  ) {}

  get staticFiles(): string[] {
    return [...this.statics.keys()];
  }

  isStatic(file: string): boolean {
    return this.statics.has(file);
  }

  /**
   * Reads every page (Markdown rendered on all cores for a large site) and the files beside the
   * pages, which it returns for the output.
   */
  async loadAll(): Promise<OutputFile[]> {
    const { contentDir } = this.config;
    let files: string[] = [];
    let statics: OutputFile[] = [];
    try {
      const { pages, staticFiles: others, refused } = await listContent(contentDir);
      this.setRefused(refused);
      files = pages;
      statics = (await this.updateStatics(others)).copy;
    } catch (error) {
      this.problems.set(FOLDER, [contentFolderProblem(this.config, error)]);
    }
    const sources: PageSource[] = [];
    await Promise.all(
      files.map(async (relativePath) => {
        const problems = new Problems();
        const source = await this.loadSource(relativePath, problems);
        if (source) sources.push(source);
        if (problems.list.length) this.problems.set(relativePath, problems.list);
      }),
    );
    // Markdown problems always name their page.
    const markdownProblems = new Problems();
    for (const record of await renderMarkdown(sources, this.config, markdownProblems)) this.records.set(record.relativePath, record);
    for (const problem of markdownProblems.list) this.problems.set(problem.place.file, [...(this.problems.get(problem.place.file) ?? []), problem]);
    return statics;
  }

  /** The records in the order the build lists pages (by path). */
  sorted(): PageRecord[] {
    this.order ??= [...this.records.keys()].sort((a, b) => a.localeCompare(b));
    return this.order.map((p) => this.records.get(p)!);
  }

  /** Whether the content folder could not be listed at the last look (gone, moved away, unreadable). */
  get unlisted(): boolean {
    return this.problems.has(FOLDER);
  }

  /** Why the content folder could not be listed, if it could not. */
  get folderProblems(): BuildError[] {
    return this.problems.get(FOLDER) ?? [];
  }

  /**
   * Reads what changed again. Returns false when nothing really did (a file saved as it was), and
   * the files beside the pages to copy into the output or remove from it. While the folder cannot
   * be listed (deleted, moved away, a folder in it unreadable), nothing is forgotten: the last
   * site stays served with the reason as its problem, and once the folder can be listed again
   * every file is read again (what changed meanwhile was not seen).
   */
  async apply(changes: ContentChanges): Promise<{ changed: boolean; copy: OutputFile[]; remove: string[] }> {
    const wasUnlisted = this.unlisted;
    const before = this.problemText();
    let listed: { pages: string[]; staticFiles: string[] } | undefined;
    // A new file that is not a page may be a symbolic link the listing refuses: list again to know.
    if (changes.folders || changes.statics.length || wasUnlisted || !(await isFolder(this.config.contentDir))) {
      try {
        const listing = await listContent(this.config.contentDir);
        listed = listing;
        this.setRefused(listing.refused);
        this.problems.delete(FOLDER);
      } catch (error) {
        this.problems.set(FOLDER, [contentFolderProblem(this.config, error)]);
        return { changed: this.problemText() !== before, copy: [], remove: [] };
      }
    }
    const pages = changes.pages.filter((p) => !this.refused.has(p));
    const statics = changes.statics.filter((p) => !this.refused.has(p));
    const data = [...changes.data];
    if (listed) {
      const all = wasUnlisted;
      pages.push(...diff(listed.pages, this.records, all));
      statics.push(...diff(listed.staticFiles, this.statics, all));
      if (all) data.push(...this.dataHashes.keys());
    }
    const { copy, remove } = await this.updateStatics(statics);
    let changed = copy.length > 0 || remove.length > 0;
    for (const relativePath of new Set(pages)) if (await this.updatePage(relativePath)) changed = true;
    if (await this.dataChanged(data)) {
      changed = true;
      // A changed model (an OpenAPI document) changes the pages that show it.
      for (const [relativePath, record] of this.records) if (record.frontmatter.openapi !== undefined || record.includes?.some((f) => changes.data.includes(f))) await this.updatePage(relativePath, true);
    }
    return { changed: changed || this.problemText() !== before, copy, remove };
  }

  /** Refused paths are problems under their own path, and never read; a path no longer refused loses its problem. */
  private setRefused(refused: RefusedPath[]): void {
    for (const p of this.refused) this.problems.delete(p);
    this.refused = new Set(refused.map((r) => r.path));
    for (const r of refused) this.problems.set(r.path, [new BuildError(r.message, { file: r.path }, r.fix)]);
  }

  /**
   * After a batch was read: a folder deleted while it was read (`rm -rf content` under way) counts
   * as gone, so the pages found missing are not taken off the site being served. True when it
   * was found gone only now.
   */
  async confirmFolder(): Promise<boolean> {
    if (this.unlisted) return false;
    return readdir(this.config.contentDir).then(
      () => false,
      (error: unknown) => Boolean(this.problems.set(FOLDER, [contentFolderProblem(this.config, error)])),
    );
  }

  private problemText(): string {
    return [...this.problems.values()].flat().map(String).join('\n');
  }

  /** The files beside the pages that are new or changed (to copy), and those gone (to remove). */
  private async updateStatics(files: string[]): Promise<{ copy: OutputFile[]; remove: string[] }> {
    const copy: OutputFile[] = [];
    const remove: string[] = [];
    for (const file of files) {
      let contents: Buffer;
      try {
        contents = await readFile(path.join(this.config.contentDir, file));
        this.problems.delete(file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') this.problems.delete(file);
        else this.problems.set(file, [unreadableFile(file, error)]);
        if (this.statics.delete(file)) remove.push(file);
        continue;
      }
      const hash = contentHash(contents.toString('latin1'));
      if (this.statics.get(file) === hash) continue;
      this.statics.set(file, hash);
      copy.push({ path: file, contents });
    }
    return { copy, remove };
  }

  /**
   * Reads and renders one page again, or forgets it when its file is gone; false when nothing
   * changed. `force` renders it even when its file did not change (its OpenAPI document did).
   */
  private async updatePage(relativePath: string, force = false): Promise<boolean> {
    const problems = new Problems();
    const source = await this.loadSource(relativePath, problems);
    const known = this.records.get(relativePath);
    // Saved as it was, or gone and never known: nothing to redo (the watcher also looks twice).
    const unchanged = source ? known?.hash === source.hash : !known && !problems.list.length && !this.problems.has(relativePath);
    if (unchanged && !force) return false;
    if ((source !== null) !== Boolean(known)) this.order = null; // a page came or went
    if (source) await loadMdxCompiler([source]);
    if (source) this.records.set(relativePath, renderPage(source, this.config, this.processor, problems, contentHash));
    else this.records.delete(relativePath);
    if (problems.list.length) this.problems.set(relativePath, problems.list);
    else this.problems.delete(relativePath);
    return true;
  }

  /** One page's source as the build loads it: frontmatter parsed, an OpenAPI reference appended. */
  private async loadSource(relativePath: string, problems: Problems): Promise<PageSource | null> {
    const file = path.join(this.config.contentDir, relativePath);
    let raw: string;
    try {
      raw = await readFile(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') problems.push(unreadableFile(relativePath, error));
      return null;
    }
    const source = parseSource(raw, relativePath, file, problems);
    await expandOpenApiPages([source], this.config, problems);
    return source;
  }

  /** Whether any of these data files changed since last seen. */
  private async dataChanged(files: string[]): Promise<boolean> {
    let changed = false;
    for (const file of files) {
      const text = await readFile(path.join(this.config.contentDir, file), 'utf8').catch(() => null);
      const hash = text === null ? null : contentHash(text);
      if (this.dataHashes.get(file) !== hash) changed = true;
      this.dataHashes.set(file, hash);
    }
    return changed;
  }
}

/** The files that came or went since they were known; with `all`, every file listed or known. */
function diff(now: string[], known: Set<string> | Map<string, unknown>, all: boolean): string[] {
  const listed = new Set(now);
  return [...now.filter((f) => all || !known.has(f)), ...[...known.keys()].filter((f) => !listed.has(f))];
}

async function isFolder(dir: string): Promise<boolean> {
  return (await stat(dir).catch(() => null))?.isDirectory() ?? false;
}
