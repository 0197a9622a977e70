import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { z } from 'zod';
import { BuildError, BuildFailure } from '../model/errors.js';
import { sha1 } from '../incremental/hash.js';
import { bundleComponents, evaluateComponents } from '../markdown/mdx.js';
import { PART_NAMES } from './part-names.js';

/**
 * The theme options of `docs.config.ts`: what a team changes to make the site its own without a
 * fork (head tags, stylesheets, logo, social links, footer, banner, "Last updated") and the folder
 * of layout overrides. Validated here and resolved into `ResolvedConfig.theme`.
 */

/** A link of the footer: a route of the site ("/support/") or a URL. */
const themeLink = z.strictObject({ text: z.string().min(1), link: z.string().min(1) });

const headTag = z
  .strictObject({
    /** Only tags that may stand in any page's head: `title`, `base` and the rest are the generator's. */
    tag: z.enum(['meta', 'link', 'script']),
    /** Attributes; `true` writes the attribute alone (`async`), `false` leaves it out. */
    attrs: z
      .record(z.string().regex(/^[a-zA-Z][\w:-]*$/, 'an attribute name'), z.union([z.string(), z.boolean()]))
      .optional(),
    /** An inline script's code (hashed into the Content-Security-Policy). */
    content: z.string().optional(),
  })
  .refine((t) => t.content === undefined || t.tag === 'script', {
    message: 'only a script has content',
    path: ['content'],
  })
  .refine((t) => !/<\/script/i.test(t.content ?? ''), {
    message: 'an inline script cannot contain "</script"',
    path: ['content'],
  });

export const themeOptions = {
  /** Tags added to the head of every page, after the generator's: `{ tag: 'meta', attrs: { name: 'x', content: 'y' } }`. */
  head: z.array(headTag).optional(),
  /** Stylesheets of the project (relative to the root), bundled into one hashed file linked after the site's own. */
  customCss: z.array(z.string().min(1)).optional(),
  /** An image in the top bar beside (or instead of) the site title; `dark` is shown with the dark theme. Paths relative to the root. */
  logo: z
    .strictObject({
      src: z.string().min(1),
      dark: z.string().min(1).optional(),
      /** The image's text alternative when it replaces the title. @default the site title */
      alt: z.string().optional(),
      /** Show the logo alone, without the site title beside it. @default false */
      replacesTitle: z.boolean().optional(),
    })
    .optional(),
  /** Icon links in the top bar. `icon` is a Simple Icons slug ("github", "discord", "mastodon"); `label` defaults to the brand's name. */
  social: z
    .array(
      z.strictObject({
        icon: z.string().regex(/^[a-z0-9]+$/, 'a Simple Icons slug such as "github"'),
        link: z.string().url(),
        label: z.string().min(1).optional(),
      }),
    )
    .optional(),
  /** The footer of every page: a line of text and links. */
  footer: z.strictObject({ text: z.string().optional(), links: z.array(themeLink).optional() }).optional(),
  /**
   * An announcement above the top bar. A reader who dismisses it does not see it again until the
   * `id` changes (remembered in the browser's localStorage).
   */
  banner: z
    .strictObject({
      id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, "-" and "_", at most 64'),
      text: z.string().min(1),
      link: themeLink.optional(),
    })
    .optional(),
  /** "Last updated" on each page, from the date of the last git commit of its file. @default true */
  lastUpdated: z.boolean().optional(),
  /** The folder of layout overrides: `<folder>/Footer.tsx` replaces the footer (see README, Layout overrides). @default "theme" */
  themeDir: z.string().min(1).optional(),
};

type ThemeInput = { [K in keyof typeof themeOptions]?: z.infer<(typeof themeOptions)[K]> };
export type HeadTag = z.infer<typeof headTag>;
export type ThemeLink = z.infer<typeof themeLink>;

export interface ResolvedTheme {
  head: HeadTag[];
  /** Absolute paths. */
  customCss: string[];
  logo?: { src: string; dark?: string; alt?: string; replacesTitle: boolean };
  social: { icon: string; link: string; label?: string }[];
  footer?: { text?: string; links: ThemeLink[] };
  banner?: { id: string; text: string; link?: ThemeLink };
  lastUpdated: boolean;
  /** The folder of layout overrides (absolute), whether it exists or not. */
  themeDir: string;
  /** The override folder's components, bundled: the code every thread runs, and the parts it replaces. */
  overrides?: { dir: string; code: string; parts: string[]; hash: string };
}

/** Checks that the files the theme names exist and bundles the overrides: a problem fails the build before anything is rendered. */
export function resolveTheme(c: ThemeInput, root: string, configFile: string): ResolvedTheme {
  const problems: BuildError[] = [];
  const file = (key: string, relative: string): string => {
    const absolute = path.resolve(root, relative);
    if (!existsSync(absolute))
      problems.push(
        new BuildError(
          `"${key}": ${relative} does not exist`,
          { file: configFile },
          'give a path relative to the project root',
        ),
      );
    return absolute;
  };
  const customCss = (c.customCss ?? []).map((f, i) => file(`customCss.${i}`, f));
  const logo = c.logo && {
    src: file('logo.src', c.logo.src),
    dark: c.logo.dark && file('logo.dark', c.logo.dark),
    alt: c.logo.alt,
    replacesTitle: c.logo.replacesTitle ?? false,
  };
  for (const [i, s] of (c.social ?? []).entries())
    if (!iconFile(s.icon))
      problems.push(
        new BuildError(
          `"social.${i}.icon": no icon named "${s.icon}"`,
          { file: configFile },
          'use a slug of simpleicons.org, such as "github", "discord" or "mastodon"',
        ),
      );
  const themeDir = path.resolve(root, c.themeDir ?? 'theme');
  const overrides = loadOverrides(themeDir, root, problems);
  if (problems.length) throw new BuildFailure(problems);
  return {
    head: c.head ?? [],
    customCss,
    logo,
    social: c.social ?? [],
    footer: c.footer && { text: c.footer.text, links: c.footer.links ?? [] },
    banner: c.banner,
    lastUpdated: c.lastUpdated ?? true,
    themeDir,
    overrides,
  };
}

const requireHere = createRequire(import.meta.url);

/** The SVG file of a Simple Icons slug, or undefined. */
export function iconFile(slug: string): string | undefined {
  try {
    return requireHere.resolve(`simple-icons/icons/${slug}.svg`);
  } catch {
    return undefined;
  }
}

/** `<dir>/Footer.tsx` and the like: each file's default export replaces the part of its name. Files starting with `_` are helpers. */
function loadOverrides(dir: string, root: string, problems: BuildError[]): ResolvedTheme['overrides'] {
  if (!existsSync(dir)) return undefined;
  const files = readdirSync(dir).filter(
    (f) => /\.(tsx|jsx|ts|js)$/.test(f) && !f.startsWith('_') && !f.endsWith('.d.ts'),
  );
  const relative = (f: string) => path.relative(root, path.join(dir, f));
  const parts: string[] = [];
  for (const f of files) {
    const name = f.replace(/\.\w+$/, '');
    if ((PART_NAMES as readonly string[]).includes(name)) parts.push(name);
    else
      problems.push(
        new BuildError(
          `${relative(f)} is not a part of the layout`,
          { file: relative(f) },
          `name the file after the part it replaces: ${PART_NAMES.join(', ')} (helpers start with "_")`,
        ),
      );
  }
  if (!parts.length) return undefined;
  const entry = parts
    .map(
      (name) =>
        `export { default as ${name} } from ${JSON.stringify(
          path.join(
            dir,
            files.find((f) => f.replace(/\.\w+$/, '') === name)!,
          ),
        )};`,
    )
    .join('\n');
  const bundled = bundleComponents(entry, dir, '<layout overrides>');
  if ('errors' in bundled) {
    for (const e of bundled.errors)
      problems.push(
        new BuildError(
          `cannot compile a layout override: ${e.text}`,
          {
            file: e.location?.file ?? path.relative(root, dir),
            line: e.location?.line,
            column: e.location ? e.location.column + 1 : undefined,
          },
          'each override exports its component as the default export: `export default function Footer(props) { ... }`',
        ),
      );
    return undefined;
  }
  try {
    const found = evaluateComponents(bundled.code);
    for (const name of parts)
      if (!found[name])
        problems.push(
          new BuildError(
            `${relative(files.find((f) => f.startsWith(`${name}.`))!)} has no default export that is a component`,
            { file: relative(files.find((f) => f.startsWith(`${name}.`))!) },
            `write \`export default function ${name}(props) { ... }\``,
          ),
        );
  } catch (error) {
    problems.push(
      new BuildError(
        `cannot load the layout overrides: ${(error as Error).message}`,
        { file: path.relative(root, dir) },
        'an override must run in Node.js at build time (no browser globals at the top level)',
      ),
    );
  }
  return { dir, code: bundled.code, parts, hash: sha1(bundled.code) };
}
