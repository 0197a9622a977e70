/**
 * Frontmatter: the YAML block a page starts with. One zod schema is both the validation and the
 * type (`Frontmatter`); each field's problem is reported at the line of its key, which the YAML
 * parse records once (`keyLines`), so no later check has to read the file again.
 */
import YAML from 'yaml';
import { z } from 'zod';
import { BuildError, type Place, type Problems } from '../model/errors.js';
import { closest } from '../shared/spelling.js';

const nonEmpty = z.string().refine((s) => s.trim() !== '');
/** A route, a relative .md path, or false to hide the link. */
const pageRef = z.union([z.string(), z.literal(false)]);

/** The colours a badge beside a sidebar item may have. */
export const BADGE_VARIANTS = ['note', 'new', 'beta', 'deprecated'] as const;
/** A badge beside a sidebar item: a word ("New"), or a word and its variant. Also the sidebar configuration's. */
export const badgeSchema = z.union([
  z.string().min(1),
  z.strictObject({
    text: z.string().min(1),
    /** @default "note" */
    variant: z.enum(BADGE_VARIANTS).optional(),
  }),
]);

export const frontmatterSchema = z.looseObject({
  title: nonEmpty,
  description: nonEmpty,
  prev: pageRef.optional(),
  next: pageRef.optional(),
  layout: z.enum(['doc', 'page']).optional(),
  /** Position in a generated sidebar (lower first). */
  order: z.number().optional(),
  /** Badge beside the page's link in a generated sidebar. */
  badge: badgeSchema.optional(),
});

export type Frontmatter = z.infer<typeof frontmatterSchema>;

type Key = keyof typeof frontmatterSchema.shape;

/** What to say about a field that fails the schema, and how to fix it. */
const RULES: Record<Key, { wrong: string; missing?: string; fix: string }> = {
  title: {
    wrong: 'frontmatter "title" must be a non-empty string',
    missing: 'missing frontmatter "title"',
    fix: 'add a line `title: Page title` to the frontmatter',
  },
  description: {
    wrong: 'frontmatter "description" must be a non-empty string',
    missing: 'missing frontmatter "description"',
    fix: 'add a line `description: One sentence on what this page covers` (under 160 characters) to the frontmatter',
  },
  prev: {
    wrong: 'frontmatter "prev" must be a route, a .md path or false',
    fix: 'for example `prev: ../quickstart/hello-world.md` or `prev: false`',
  },
  next: {
    wrong: 'frontmatter "next" must be a route, a .md path or false',
    fix: 'for example `next: ../quickstart/hello-world.md` or `next: false`',
  },
  layout: {
    wrong: 'frontmatter "layout" must be "doc" or "page"',
    fix: 'use `layout: doc` (sidebar and outline) or `layout: page` (full width)',
  },
  order: {
    wrong: 'frontmatter "order" must be a number',
    fix: 'for example `order: 2` (lower comes first in the sidebar)',
  },
  badge: {
    wrong: 'frontmatter "badge" must be text or `{ text, variant }`',
    fix: `for example \`badge: New\` or \`badge: { text: Beta, variant: beta }\` (variants: ${BADGE_VARIANTS.join(', ')})`,
  },
};

/**
 * Every key a feature of ours reads: the schema's, and those of features that read their own
 * (feeds, search, OpenAPI pages; `generatedBy` and `fallbackOf` the build sets on pages it makes).
 */
export const KNOWN_KEYS: readonly string[] = [
  ...Object.keys(frontmatterSchema.shape),
  'feed',
  'search',
  'openapi',
  'openapiTags',
  'generatedBy',
  'fallbackOf',
];

/**
 * A key no feature reads is most often a typo (`decription`) or a peer's key that does something
 * there and nothing here (`sidebar`, `draft`, `head`, `image`): a warning at its line, with the
 * key it may have meant.
 */
function warnUnknownKeys(data: Record<string, unknown>, lines: KeyLines, file: string, problems: Problems): void {
  for (const key of Object.keys(data)) {
    if (KNOWN_KEYS.includes(key)) continue;
    // Strictly near: a short key of a peer's ("head") is not a typo of one of ours ("feed").
    const near = closest(key, KNOWN_KEYS.slice(0, -2), Math.max(1, Math.floor(key.length / 4)));
    problems.warn(
      new BuildError(
        `unknown frontmatter key "${key}": no feature reads it`,
        { file, line: frontmatterLine({ keyLines: lines }, key) },
        near
          ? `did you mean "${near}"?`
          : `remove it; the keys read are ${KNOWN_KEYS.slice(0, -2)
              .map((k) => `"${k}"`)
              .join(', ')}`,
      ),
    );
  }
}

/** The file line of each top-level key of the frontmatter ("title" -> 2). */
export type KeyLines = Record<string, number>;

/** The line of a frontmatter key in the page's file, or 1 (the frontmatter's start) when it has none. */
export function frontmatterLine(page: { keyLines?: KeyLines }, key: string): number {
  return page.keyLines?.[key] ?? 1;
}

/**
 * Checks parsed frontmatter against the schema. Every problem goes to `problems` at its key's line;
 * the page is still returned, a wrong field replaced (a title from the file name, an empty
 * description) or dropped, so that the rest of the run can check the page and links to it.
 */
export function validateFrontmatter(
  data: Record<string, unknown>,
  lines: KeyLines,
  file: string,
  fallbackTitle: string,
  problems: Problems,
): Frontmatter {
  warnUnknownKeys(data, lines, file, problems);
  const result = frontmatterSchema.safeParse(data);
  if (result.success) return result.data;
  const fixed = { ...data };
  const wrongKeys = new Set(result.error.issues.map((issue) => issue.path[0] as Key));
  for (const key of Object.keys(RULES) as Key[]) {
    if (!wrongKeys.has(key)) continue;
    const rule = RULES[key];
    const present = key in data;
    const place: Place = { file, line: present ? frontmatterLine({ keyLines: lines }, key) : 1 };
    problems.add(present || !rule.missing ? rule.wrong : rule.missing, place, rule.fix);
    if (key === 'title') fixed.title = fallbackTitle;
    else if (key === 'description') fixed.description = '';
    else delete fixed[key];
  }
  // Each wrong field is now replaced by a value of its type or dropped (an empty description is
  // of the type, though not valid: it was reported), so the record stands in for the page.
  return fixed as Frontmatter;
}

/**
 * Aliases a frontmatter may expand: a few hundred bytes of nested aliases ("billion laughs") would
 * otherwise expand to gigabytes. Real frontmatter uses none.
 */
export const MAX_YAML_ALIASES = 100;

/**
 * Parses the YAML of a frontmatter block with the `yaml` package (YAML 1.2, rather than
 * gray-matter's js-yaml 3, which has no alias limit), and records the line of each top-level key.
 * The text starts with the newline after the opening "---": its line n is the file's line n.
 */
export function parseFrontmatterYaml(
  text: string,
  lines: KeyLines,
  /** What reads text that is not plain strings (src/incremental/frontmatter-cache.ts keeps its results between builds). */
  parseYaml: (text: string, lines: KeyLines) => object = parseYamlDocument,
): object {
  const simple = simpleFrontmatter(text);
  if (simple) {
    Object.assign(lines, simple.lines);
    return simple.data;
  }
  return parseYaml(text, lines);
}

/** The YAML parser's reading of a frontmatter text (`parseFrontmatterYaml` without its fast path for plain strings). */
export function parseYamlDocument(text: string, lines: KeyLines): object {
  const doc = YAML.parseDocument(text);
  if (doc.errors.length) throw doc.errors[0];
  if (YAML.isMap(doc.contents)) {
    for (const pair of doc.contents.items) {
      const start = YAML.isNode(pair.key) ? pair.key.range?.[0] : undefined;
      if (start !== undefined)
        lines[String(YAML.isScalar(pair.key) ? pair.key.value : pair.key)] =
          (text.slice(0, start).match(/\n/g) ?? []).length + 1;
    }
  }
  return (doc.toJS({ maxAliasCount: MAX_YAML_ALIASES }) as object | null) ?? {};
}

/** `key: "text"`: a double-quoted string on one line, with no escape, quote or control character in it. */
const QUOTED_LINE = /^([A-Za-z][\w-]*):[ \t]+"([^"\\\x00-\x1f\x7f\ufeff]*)"[ \t]*$/;

/**
 * `key: text`: a plain string, starting with a letter (not a number), with no control character,
 * no `: ` or ` #` (a mapping or a comment) and no ':' at the end; not a YAML 1.2 core boolean or null.
 */
const PLAIN_LINE = /^([A-Za-z][\w-]*):[ \t]+([A-Za-z][^\x00-\x1f\x7f\ufeff]*?)[ \t]*$/;
const NOT_PLAIN_TEXT = /: |:$| #|^(true|false|null)$/i;

/**
 * The usual frontmatter, one `key: string` a line (and blank lines), read without the YAML parser,
 * which costs a page about 0.4 ms on a cold start (0.4 s of the serial content stage of 1,000
 * pages). Exactly what YAML gives for such text, key lines included; null for anything else (other
 * types, nesting, comments, quotes with escapes, a key twice...), which the YAML parser reads.
 */
export function simpleFrontmatter(text: string): { data: Record<string, string>; lines: KeyLines } | null {
  const data: Record<string, string> = {};
  const lines: KeyLines = {};
  const rows = text.split('\n');
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i].endsWith('\r') ? rows[i].slice(0, -1) : rows[i];
    if (/^[ \t]*$/.test(row)) continue;
    const quoted = QUOTED_LINE.exec(row);
    const plain = quoted ? null : PLAIN_LINE.exec(row);
    const [, key, value] = quoted ?? plain ?? [];
    if (key === undefined || key in lines || (plain && NOT_PLAIN_TEXT.test(value))) return null;
    data[key] = value;
    lines[key] = i + 1; // the text starts with the newline that ends the "---" line: row i is the file's line i + 1
  }
  return { data, lines };
}
