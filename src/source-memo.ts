import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sha1 } from './hash.js';
import type { BuildError } from './errors.js';
import type { PageSource } from './types.js';
import type { ResolvedVersion } from './versions/config.js';
import { contentFile, splitVersion } from './versions/paths.js';

interface Remembered {
  /** The file's text (compared as it is: cheaper than hashing every page on every build). */
  raw: string;
  source: PageSource;
  /** What parsing and expanding it reported: said again each time it is reused. */
  problems: BuildError[];
  /** The other files it took in (partials, its OpenAPI document), with their hashes then. */
  inputs: [file: string, hash: string][];
}

/**
 * Parsed page sources kept between the builds of one process (`dev`): a page whose file, partials
 * and OpenAPI document read the same as last time is not parsed and expanded again (validating an
 * OpenAPI document costs more than reading every page). `build` starts without one.
 */
export class SourceMemo {
  private readonly sources = new Map<string, Remembered>();
  /** Hashes of the other files, read once a build. */
  private inputHashes = new Map<string, string>();

  /** `versions`: a versioned site's, whose pages' files are in each version's folder (src/versions/paths.ts). */
  constructor(
    private readonly contentDir: string,
    private readonly versions?: ResolvedVersion[],
  ) {}

  /** Called as a build starts listing the content: the other files may have changed since the last one. */
  startBuild(): void {
    this.inputHashes = new Map();
  }

  get(relativePath: string, raw: string): { source: PageSource; problems: BuildError[] } | undefined {
    const known = this.sources.get(relativePath);
    if (!known || known.raw !== raw || known.inputs.some(([file, hash]) => this.hashOf(file) !== hash))
      return undefined;
    return known;
  }

  set(source: PageSource, raw: string, problems: BuildError[]): void {
    const openapi =
      typeof source.frontmatter.openapi === 'string'
        ? [this.nameOf(source.relativePath, path.resolve(path.dirname(source.file), source.frontmatter.openapi))]
        : [];
    const inputs = [...(source.included?.files ?? []), ...openapi].map((file): [string, string] => [
      file,
      this.hashOf(file),
    ]);
    this.sources.set(source.relativePath, { raw, source, problems, inputs });
  }

  /** A file beside a page, named as the site names content files ("1.0/api.yaml" in version 1.0's folder). */
  private nameOf(page: string, file: string): string {
    const version = this.versions && splitVersion(this.versions, page).version;
    const inner = path
      .relative(version?.contentDir ?? this.contentDir, file)
      .split(path.sep)
      .join('/');
    return version?.key ? `${version.key}/${inner}` : inner;
  }

  private hashOf(file: string): string {
    let hash = this.inputHashes.get(file);
    if (hash === undefined) {
      try {
        hash = sha1(readFileSync(contentFile({ contentDir: this.contentDir, versions: this.versions }, file)));
      } catch {
        hash = 'unreadable';
      }
      this.inputHashes.set(file, hash);
    }
    return hash;
  }
}
