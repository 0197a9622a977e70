import { BuildError } from '../model/errors.js';
import type { PageOutline } from '../model/page.js';
import type { Site } from '../model/site.js';
import { fallbackOf } from '../i18n/locales.js';
import { frontmatterLine, KNOWN_KEYS, nearest, type FrontmatterType } from '../content/frontmatter.js';

/**
 * What a page's frontmatter may be, beyond its schema (src/content/frontmatter.ts):
 * - a key that no feature reads and the configuration does not declare (`frontmatter` in docs.config.ts) is a
 *   misspelling until shown otherwise: an error, with the nearest known key;
 * - a declared key has the type declared;
 * - with `strict.title`, a page sets `title` and has no leading `# Heading`; with `strict.description`, it sets
 *   `description` (by default both are derived from the body, as the peers derive them).
 */
export function checkFrontmatter(site: Site): BuildError[] {
  const problems: BuildError[] = [];
  for (const page of site.pages as PageOutline[]) {
    if (fallbackOf(page) || page.frontmatter.generatedBy) continue; // a copy of another page, or made by a plugin
    let known = checked.get(page);
    if (known?.config !== site.config)
      checked.set(page, (known = { config: site.config, problems: pageProblems(page, site.config) }));
    problems.push(...known.problems);
  }
  return problems;
}

/** Each page's findings, by configuration: `dev`'s unchanged pages are the same objects from save to save. */
const checked = new WeakMap<PageOutline, { config: Site['config']; problems: BuildError[] }>();

function pageProblems(page: PageOutline, config: Site['config']): BuildError[] {
  const { strict, frontmatter: declared } = config;
  const known = [...KNOWN_KEYS, ...Object.keys(declared)];
  const problems: BuildError[] = [];
  const file = page.relativePath;
  for (const [key, value] of Object.entries(page.frontmatter)) {
    const type = declared[key];
    if (type) {
      if (!ofType(value, type))
        problems.push(
          new BuildError(
            `frontmatter "${key}" must be ${type === 'list' ? 'a list' : type === 'object' ? 'a mapping' : `a ${type}`}`,
            { file, line: frontmatterLine(page, key) },
            `the configuration declares it as ${type} (\`frontmatter\` in docs.config.ts)`,
          ),
        );
      continue;
    }
    if (KNOWN_KEYS.includes(key)) continue;
    const guess = nearest(key, known);
    const declaration = `\`frontmatter: { ${key}: '${typeOf(value)}' }\``;
    problems.push(
      new BuildError(
        `unknown frontmatter key "${key}"${guess ? `: did you mean "${guess}"?` : ''}`,
        { file, line: frontmatterLine(page, key) },
        guess
          ? `rename it to "${guess}", or declare it in docs.config.ts: ${declaration}`
          : `declare the team's own keys in docs.config.ts: ${declaration} (types: string, number, boolean, list, object, any)`,
      ),
    );
  }
  const derived = page.derived;
  if (!derived) return problems;
  const add = (message: string, line: number, fix: string) =>
    problems.push(new BuildError(message, { file, line }, fix));
  if (strict.title && derived.title)
    add('missing frontmatter "title"', 1, 'add a line `title: Page title` to the frontmatter');
  else if (strict.title && derived.heading)
    add(
      'a level 1 heading in the body: the page title is already the h1',
      derived.heading,
      'put the title in frontmatter `title:` and start sections with `##`',
    );
  if (strict.description && derived.description)
    add(
      'missing frontmatter "description"',
      1,
      'add a line `description: One sentence on what this page covers` (under 160 characters) to the frontmatter',
    );
  return problems;
}

function ofType(value: unknown, type: FrontmatterType): boolean {
  switch (type) {
    case 'any':
      return true;
    case 'list':
      return Array.isArray(value);
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    default:
      return typeof value === type;
  }
}

/** The declared type a value read from YAML fits: what the fix suggests for a key the team means to keep. */
function typeOf(value: unknown): FrontmatterType {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return typeof value as FrontmatterType;
  if (Array.isArray(value)) return 'list';
  if (value && typeof value === 'object' && !(value instanceof Date)) return 'object';
  return 'any';
}
