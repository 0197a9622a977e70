import { z } from 'zod';
import type { Problems } from '../model/errors.js';
/** The colours a badge beside a sidebar item may have. */
export declare const BADGE_VARIANTS: readonly ['note', 'new', 'beta', 'deprecated'];
/** A badge beside a sidebar item: a word ("New"), or a word and its variant. Also the sidebar configuration's. */
export declare const badgeSchema: z.ZodUnion<readonly [z.ZodString, z.ZodObject<{
    text: z.ZodString;
    variant: z.ZodOptional<z.ZodEnum<{
        beta: "beta";
        deprecated: "deprecated";
        new: "new";
        note: "note";
    }>>;
}, z.core.$strict>]>;
export declare const frontmatterSchema: z.ZodObject<{
    title: z.ZodString;
    description: z.ZodString;
    prev: z.ZodOptional<z.ZodUnion<readonly [z.ZodString, z.ZodLiteral<false>]>>;
    next: z.ZodOptional<z.ZodUnion<readonly [z.ZodString, z.ZodLiteral<false>]>>;
    layout: z.ZodOptional<z.ZodEnum<{
        doc: "doc";
        page: "page";
    }>>;
    order: z.ZodOptional<z.ZodNumber>;
    badge: z.ZodOptional<z.ZodUnion<readonly [z.ZodString, z.ZodObject<{
        text: z.ZodString;
        variant: z.ZodOptional<z.ZodEnum<{
            beta: "beta";
            deprecated: "deprecated";
            new: "new";
            note: "note";
        }>>;
    }, z.core.$strict>]>>;
}, z.core.$loose>;
export type Frontmatter = z.infer<typeof frontmatterSchema>;
/** The file line of each top-level key of the frontmatter ("title" -> 2). */
export type KeyLines = Record<string, number>;
/** The line of a frontmatter key in the page's file, or 1 (the frontmatter's start) when it has none. */
export declare function frontmatterLine(page: {
    keyLines?: KeyLines;
}, key: string): number;
/**
 * Checks parsed frontmatter against the schema. Every problem goes to `problems` at its key's line;
 * the page is still returned, a wrong field replaced (a title from the file name, an empty
 * description) or dropped, so that the rest of the run can check the page and links to it.
 */
export declare function validateFrontmatter(data: Record<string, unknown>, lines: KeyLines, file: string, fallbackTitle: string, problems: Problems): Frontmatter;
/**
 * Aliases a frontmatter may expand: a few hundred bytes of nested aliases ("billion laughs") would
 * otherwise expand to gigabytes. Real frontmatter uses none.
 */
export declare const MAX_YAML_ALIASES = 100;
/**
 * Parses the YAML of a frontmatter block with the `yaml` package (YAML 1.2, rather than
 * gray-matter's js-yaml 3, which has no alias limit), and records the line of each top-level key.
 * The text starts with the newline after the opening "---": its line n is the file's line n.
 */
export declare function parseFrontmatterYaml(text: string, lines: KeyLines, 
/** What reads text that is not plain strings (src/incremental/frontmatter-cache.ts keeps its results between builds). */
parseYaml?: (text: string, lines: KeyLines) => object): object;
/** The YAML parser's reading of a frontmatter text (`parseFrontmatterYaml` without its fast path for plain strings). */
export declare function parseYamlDocument(text: string, lines: KeyLines): object;
/**
 * The usual frontmatter, one `key: string` a line (and blank lines), read without the YAML parser,
 * which costs a page about 0.4 ms on a cold start (0.4 s of the serial content stage of 1,000
 * pages). Exactly what YAML gives for such text, key lines included; null for anything else (other
 * types, nesting, comments, quotes with escapes, a key twice...), which the YAML parser reads.
 */
export declare function simpleFrontmatter(text: string): {
    data: Record<string, string>;
    lines: KeyLines;
} | null;
