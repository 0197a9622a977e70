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


// ---------------------------------------------------------------------------------------------
// Home layout and per-page SEO (issue 41): `layout: home` with `hero` and `features` (VitePress's
// shape; Starlight's `template: splash` and its `hero` too), and `head`, `noindex`, `canonical`,
// `image`. Kept in this one block: the keys are spread into the schema below and their rules into
// RULES, so peers' keys go elsewhere without touching these lines.
// ---------------------------------------------------------------------------------------------

/**
 * An image of the hero or of a feature: a path (relative to the page's file, or "/" for the
 * content folder) or a URL; one for each theme (`light`, `dark`); Starlight's `file`.
 */
const homeImage = z.union([
  z.string().min(1),
  z.strictObject({ src: z.string().min(1), alt: z.string().optional() }),
  z.strictObject({ file: z.string().min(1), alt: z.string().optional() }),
  z.strictObject({ light: z.string().min(1), dark: z.string().min(1), alt: z.string().optional() }),
]);
export type HomeImage = z.infer<typeof homeImage>;

/**
 * A button of the hero: VitePress's `theme` (brand, alt) or Starlight's `variant` (primary, secondary,
 * minimal). Loose, as the hero: keys of the peers that have no meaning here (Starlight's `icon`, `attrs`) are ignored.
 */
const heroAction = z.looseObject({
  text: nonEmpty,
  /** A relative .md path, a route ("/guide/") or a URL. */
  link: nonEmpty,
  theme: z.enum(['brand', 'alt']).optional(),
  variant: z.enum(['primary', 'secondary', 'minimal']).optional(),
});

const hero = z.looseObject({
  /** The big line: the product's name (VitePress). @default the page title */
  name: z.string().optional(),
  /** Starlight's name for the big line. */
  title: z.string().optional(),
  /** A second big line under the name (VitePress). */
  text: z.string().optional(),
  /** A sentence under them. */
  tagline: z.string().optional(),
  image: homeImage.optional(),
  actions: z.array(heroAction).optional(),
});
export type Hero = z.infer<typeof hero>;

const feature = z.strictObject({
  /** An emoji or short text, or an image (a path or `{ src }`, `{ light, dark }`). */
  icon: homeImage.optional(),
  title: nonEmpty,
  details: z.string().optional(),
  /** Makes the whole card a link: a relative .md path, a route or a URL. */
  link: z.string().min(1).optional(),
  /** The words shown at the foot of a linked card ("Learn more"). */
  linkText: z.string().optional(),
});
export type HomeFeature = z.infer<typeof feature>;

/** Attributes of a page's own head tag. */
const pageHeadAttrs = z.record(z.string().regex(/^[a-zA-Z][\w:-]*$/), z.string());
/**
 * Link relations a page may add: none that loads a stylesheet, a script or a font (the site's
 * Content-Security-Policy is the same for every page, and pages may come from pull requests).
 */
export const PAGE_HEAD_LINK_RELS = ['alternate', 'author', 'help', 'license', 'me', 'related'] as const;
const pageHeadTag = z
  .union([
    z.tuple([z.enum(['meta', 'link']), pageHeadAttrs]),
    z.strictObject({ tag: z.enum(['meta', 'link']), attrs: pageHeadAttrs }),
  ])
  .transform((t) => (Array.isArray(t) ? { tag: t[0], attrs: t[1] } : t))
  .refine((t) => t.tag === 'meta' || (PAGE_HEAD_LINK_RELS as readonly string[]).includes(t.attrs.rel ?? ''));
export type PageHeadTag = z.output<typeof pageHeadTag>;

const homeAndSeoKeys = {
  layout: z.enum(['doc', 'page', 'home']).optional(),
  /** Starlight: `splash` is the home layout (no sidebar, no outline). */
  template: z.enum(['doc', 'splash']).optional(),
  hero: hero.optional(),
  features: z.array(feature).optional(),
  /** Tags added to this page's head: `[meta, { name, content }]` or `{ tag, attrs }` (meta, or link with an inert `rel`). */
  head: z.array(pageHeadTag).optional(),
  /** Asks search engines not to index the page (and leaves it out of the sitemap). */
  noindex: z.boolean().optional(),
  /** The page's canonical URL, when another address is the original: a URL, or a route of this site. */
  canonical: z.string().min(1).optional(),
  /** The image shown when the page is shared, in place of its generated social card: a path or a URL. */
  image: z.string().min(1).optional(),
};

const HOME_AND_SEO_RULES: Record<keyof typeof homeAndSeoKeys, { wrong: string; fix: string }> = {
  layout: {
    wrong: 'frontmatter "layout" must be "doc", "page" or "home"',
    fix: 'use `layout: doc` (sidebar and outline), `layout: page` (full width) or `layout: home` (hero and features)',
  },
  template: {
    wrong: 'frontmatter "template" must be "doc" or "splash"',
    fix: 'use `template: splash` for a home page (the same as `layout: home`)',
  },
  hero: {
    wrong: 'frontmatter "hero" must be `{ name, text, tagline, image, actions }`',
    fix: 'for example `hero: { name: Acme, tagline: Ship faster, actions: [{ text: Get started, link: ./start.md }] }`; each action has `text` and `link`',
  },
  features: {
    wrong: 'frontmatter "features" must be a list of `{ icon, title, details, link }`',
    fix: 'each feature needs a `title`; `icon` is an emoji, a path or `{ light, dark }`',
  },
  head: {
    wrong: 'frontmatter "head" must be a list of meta tags and inert links',
    fix: `for example \`head: [[meta, { name: keywords, content: webhooks }]]\`; a link's rel is one of ${PAGE_HEAD_LINK_RELS.join(', ')} (no scripts or stylesheets)`,
  },
  noindex: { wrong: 'frontmatter "noindex" must be true or false', fix: 'write `noindex: true`' },
  canonical: {
    wrong: 'frontmatter "canonical" must be a URL or a route',
    fix: 'for example `canonical: https://example.com/original/`',
  },
  image: {
    wrong: 'frontmatter "image" must be a path or a URL',
    fix: 'for example `image: ./share.png` (relative to the page) or a full URL',
  },
};
// ------------------------------------------------------------------ end of the issue 41 block --

export const frontmatterSchema = z.looseObject({
  title: nonEmpty,
  description: z.string(),
  prev: pageRef.optional(),
  next: pageRef.optional(),
  /** Position in a generated sidebar (lower first). */
  order: z.number().optional(),
  /** Badge beside the page's link in a generated sidebar. */
  badge: badgeSchema.optional(),
  /** The page's entry in a generated sidebar: its label, and whether it is left out (Starlight's form). */
  sidebar: z
    .looseObject({ label: z.string().min(1).optional(), hidden: z.boolean().optional() })
    .optional(),
  /** `false`: no "On this page" outline beside the page. */
  outline: z.literal(false).optional(),
  /** `false`: the page is left out of search. */
  search: z.boolean().optional(),
  /** `true`: the page is not built (Docusaurus's drafts). */
  draft: z.boolean().optional(),
  // hero: in the home layout's block above (VitePress's and Starlight's shapes).
  ...homeAndSeoKeys,
});

export type Frontmatter = z.infer<typeof frontmatterSchema>;

type Key = keyof typeof frontmatterSchema.shape;

/** What to say about a field that fails the schema, and how to fix it. */
const RULES: Partial<Record<Key, { wrong: string; missing?: string; fix: string }>> = {
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
  order: {
    wrong: 'frontmatter "order" must be a number',
    fix: 'for example `order: 2` (lower comes first in the sidebar)',
  },
  badge: {
    wrong: 'frontmatter "badge" must be text or `{ text, variant }`',
    fix: `for example \`badge: New\` or \`badge: { text: Beta, variant: beta }\` (variants: ${BADGE_VARIANTS.join(', ')})`,
  },
  sidebar: {
    wrong: 'frontmatter "sidebar" must be `{ label, order, badge, hidden }`',
    fix: 'for example `sidebar: { label: Short name, order: 2 }`',
  },
  outline: { wrong: 'frontmatter "outline" may only be false', fix: 'write `outline: false`, or remove the line' },
  search: { wrong: 'frontmatter "search" must be true or false', fix: 'write `search: false` to leave the page out of search' },
  draft: { wrong: 'frontmatter "draft" must be true or false', fix: 'write `draft: true` to leave the page out of the build' },
  ...HOME_AND_SEO_RULES,
};

/** The types a configuration may declare for a frontmatter key of its own (`frontmatter` in docs.config.ts). */
export const FRONTMATTER_TYPES = ['string', 'number', 'boolean', 'list', 'object', 'any'] as const;
export type FrontmatterType = (typeof FRONTMATTER_TYPES)[number];

/**
 * Keys some feature reads besides the schema's: the OpenAPI reference, feeds, plugins' generated pages, and the
 * peers' keys that `readPeerFrontmatter` maps to ours (kept as written, so a page reads the same in either tool).
 */
export const FEATURE_KEYS = [
  'openapi',
  'openapiTags',
  'openapiOrigin', // set by the reference on its pages: the origins its try-it panels send to
  'feed',
  'generatedBy',
  'fallbackOf',
  // Docusaurus
  'id',
  'slug',
  'sidebar_label',
  'sidebar_position',
  'hide_table_of_contents',
  'pagination_prev',
  'pagination_next',
  // Starlight
  'template',
  'pagefind',
  'tableOfContents',
] as const;

/** Every key a page may set without declaring it. */
export const KNOWN_KEYS: readonly string[] = [...Object.keys(frontmatterSchema.shape), ...FEATURE_KEYS];

/** Starlight's and our badge colours: theirs become the nearest of ours. */
const PEER_BADGE_VARIANTS: Record<string, (typeof BADGE_VARIANTS)[number]> = {
  default: 'note',
  note: 'note',
  tip: 'new',
  success: 'new',
  caution: 'beta',
  danger: 'deprecated',
};

/**
 * The peers' frontmatter keys in our terms, added beside them (a key of ours already set wins):
 * Docusaurus's `sidebar_label`, `sidebar_position`, `hide_table_of_contents`, `pagination_prev/next`;
 * Starlight's `sidebar: { label, order, badge, hidden }`, `template: splash`, `pagefind: false`,
 * `tableOfContents: false`. Each key our form takes its line from the peer's key.
 */
export function readPeerFrontmatter(data: Record<string, unknown>, lines: KeyLines): Record<string, unknown> {
  const out: Record<string, unknown> = { ...data };
  const set = (key: string, value: unknown, from: string) => {
    if (value === undefined || key in data) return;
    out[key] = value;
    if (lines[from] !== undefined && lines[key] === undefined) lines[key] = lines[from];
  };
  const sidebar = data.sidebar;
  if (sidebar && typeof sidebar === 'object' && !Array.isArray(sidebar)) {
    const s = sidebar as Record<string, unknown>;
    set('order', s.order, 'sidebar');
    const badge = s.badge;
    set(
      'badge',
      badge && typeof badge === 'object' && typeof (badge as { variant?: unknown }).variant === 'string'
        ? {
            text: (badge as { text?: unknown }).text,
            variant: PEER_BADGE_VARIANTS[(badge as { variant: string }).variant] ?? (badge as { variant: string }).variant,
          }
        : badge,
      'sidebar',
    );
    const { order: _order, badge: _badge, ...rest } = s;
    out.sidebar = rest;
  }
  if (typeof data.sidebar_label === 'string')
    out.sidebar = { ...(out.sidebar as object | undefined), label: data.sidebar_label };
  set('order', data.sidebar_position, 'sidebar_position');
  if (data.template === 'splash') set('layout', 'home', 'template');
  if (data.pagefind === false) set('search', false, 'pagefind');
  if (data.hide_table_of_contents === true || data.tableOfContents === false) set('outline', false, data.tableOfContents === false ? 'tableOfContents' : 'hide_table_of_contents');
  for (const side of ['prev', 'next'] as const) {
    const value = data[`pagination_${side}`];
    // A doc id ("guides/intro") is its path under the docs folder without the extension: a route from the root
    // (its file's, which a `slug` moves: src/markdown/index.ts `slugRefs`).
    set(side, value === null || value === false ? false : typeof value === 'string' ? `/${value.replace(/^\/+|\/+$/g, '')}/` : undefined, `pagination_${side}`);
  }
  return out;
}

/** The known word nearest to `word` (at most a quarter of its letters off), for "did you mean". */
export function nearest(word: string, known: readonly string[]): string | undefined {
  // Strictly near: a short key of a peer's ("head") is not a typo of one of ours ("hero").
  return closest(word, known, Math.max(1, Math.floor(word.length / 4)));
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
  // Keys no feature reads are the site check's (src/checks/frontmatter.ts): an error unless the configuration declares them.
  const result = frontmatterSchema.safeParse(data);
  if (result.success) return result.data;
  const fixed = { ...data };
  const wrongKeys = new Set(result.error.issues.map((issue) => issue.path[0] as Key));
  for (const key of Object.keys(RULES) as Key[]) {
    if (!wrongKeys.has(key)) continue;
    const rule = RULES[key]!;
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
