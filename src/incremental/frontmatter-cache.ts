import type { ResolvedConfig } from '../config/schema.js';
import { cachePath, codeVersion, readCacheSync, writeCache } from './cache.js';
import { parseYamlDocument, type KeyLines } from '../content/frontmatter.js';

/** What a frontmatter's YAML gives: its value and the line of each key. */
interface Parsed {
  value: object;
  lines: KeyLines;
}

/**
 * Parsed frontmatter by its YAML text, kept between builds. Reading the YAML is about half of the
 * content stage (0.3 ms a page, 3 s at 10,000 pages), which every build runs, changed or not;
 * the same text always parses to the same value, so a build parses only the frontmatter it has
 * not seen before. Only this build's texts are stored, so it never grows past the site. Text
 * that does not parse is never stored: its problem must show every run.
 */
export class FrontmatterCache {
  private readonly used = new Map<string, Parsed>();
  private added = false;
  /** The stored texts, read when a page first needs its YAML parsed: most frontmatter is plain strings, read without it (src/content/frontmatter.ts). */
  private stored?: Map<string, Parsed>;

  private constructor(
    private readonly file: string,
    private readonly salt: string,
  ) {}

  static async open(config: Pick<ResolvedConfig, 'root'>): Promise<FrontmatterCache> {
    const file = cachePath(config, 'frontmatter.v8');
    const salt = await codeVersion(); // the YAML package's version is in the lockfile
    return new FrontmatterCache(file, salt);
  }

  private get known(): Map<string, Parsed> {
    return (this.stored ??= readCacheSync<Map<string, Parsed>>(this.file, this.salt) ?? new Map());
  }

  /**
   * `parseYamlDocument`, from the cache when the text was seen before: the value (a copy each time,
   * since the content stage completes it in place), and the key lines added to `lines`. Given only
   * text that is not plain strings (src/content/frontmatter.ts parseFrontmatterYaml reads those itself).
   */
  parse(text: string, lines: KeyLines): object {
    let parsed = this.used.get(text) ?? this.known.get(text);
    if (!parsed) {
      const own: KeyLines = {};
      parsed = { value: parseYamlDocument(text, own), lines: own };
      this.added = true;
    }
    this.used.set(text, parsed);
    Object.assign(lines, parsed.lines);
    return structuredClone(parsed.value);
  }

  /**
   * `prune`: keep only the texts asked for since `open` (every page was parsed); else add them to
   * the others. A build that parsed no YAML and was not told to prune writes nothing.
   */
  async save({ prune = true } = {}): Promise<void> {
    if (prune && (this.added || this.used.size !== this.known.size)) await writeCache(this.file, this.salt, this.used);
    else if (!prune && this.added) await writeCache(this.file, this.salt, new Map([...this.known, ...this.used]));
  }
}
