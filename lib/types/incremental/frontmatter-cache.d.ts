import type { ResolvedConfig } from '../config/index.js';
import { type KeyLines } from '../content/frontmatter.js';
/**
 * Parsed frontmatter by its YAML text, kept between builds. Reading the YAML is about half of the
 * content stage (0.3 ms a page, 3 s at 10,000 pages), which every build runs, changed or not;
 * the same text always parses to the same value, so a build parses only the frontmatter it has
 * not seen before. Only this build's texts are stored, so it never grows past the site. Text
 * that does not parse is never stored: its problem must show every run.
 */
export declare class FrontmatterCache {
    private readonly file;
    private readonly salt;
    private readonly used;
    private added;
    /** The stored texts, read when a page first needs its YAML parsed: most frontmatter is plain strings, read without it (src/content/frontmatter.ts). */
    private stored?;
    private constructor();
    static open(config: Pick<ResolvedConfig, 'root'>): Promise<FrontmatterCache>;
    private get known();
    /**
     * `parseYamlDocument`, from the cache when the text was seen before: the value (a copy each time,
     * since the content stage completes it in place), and the key lines added to `lines`. Given only
     * text that is not plain strings (src/content/frontmatter.ts parseFrontmatterYaml reads those itself).
     */
    parse(text: string, lines: KeyLines): object;
    /**
     * `prune`: keep only the texts asked for since `open` (every page was parsed); else add them to
     * the others. A build that parsed no YAML and was not told to prune writes nothing.
     */
    save({ prune }?: {
        prune?: boolean | undefined;
    }): Promise<void>;
}
