import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { BuildError, BuildFailure } from '../model/errors.js';
import { DEFAULT_LIMITS } from '../markdown/limits.js';
import { loadConfigComponents } from '../markdown/mdx.js';
import { resolveTheme } from '../theme/config.js';
import { localizedRedirects, resolveLocales } from '../i18n/locales.js';
import { resolveVersions, SIDEBAR_FILE, type ResolvedVersion } from '../versions/config.js';
import { siteViews } from '../versions/views.js';
import { applyConfigHooks } from '../plugins/index.js';
import type { MarkdownPluginEntry } from '../plugins/types.js';
import { builtinPlugins } from '../plugins/builtin.js';
import { GENERATOR_ROOT } from '../generator-root.js';
import { closest } from '../shared/spelling.js';
import { DeadlineExceeded, settleWithin } from '../build/deadline.js';
import { DEFAULT_API_KEY_VARIABLE } from '../content/openapi.js';
import {
  BASE_PATH,
  BASE_PATH_EXPECTED,
  sidebarSchema,
  userConfigSchema,
  type RedirectConfig,
  type ResolvedConfig,
  type StrictRules,
  type UserConfig,
} from './schema.js';

export type * from '../plugins/types.js';
export * from './schema.js';
export { BuildError } from '../model/errors.js';
export type { SecurityConfig } from '../markdown/security.js';

/** A snapshot's sidebar.json is the configuration's `sidebar` as it was: it must still have that shape. */
function checkSnapshotSidebars(versions: ResolvedVersion[], root: string): void {
  const problems: BuildError[] = [];
  for (const version of versions) {
    if (version.sidebar === undefined) continue;
    const parsed = sidebarSchema.safeParse(version.sidebar);
    if (parsed.success) continue;
    const issue = parsed.error.issues[0];
    problems.push(
      new BuildError(
        `${SIDEBAR_FILE} is not a sidebar: at ${issue.path.join('.') || '(top)'}: ${issue.message}`,
        { file: path.relative(root, path.join(version.contentDir, '..', SIDEBAR_FILE)) },
        'write it as the `sidebar` setting of docs.config.ts is written (a list of routes, links and groups), or take the snapshot again with `docs version <name>`',
      ),
    );
  }
  if (problems.length) throw new BuildFailure(problems);
}

/** The helpers a configuration imports live in src/config/define.ts (light to load); here for configs that import them from this module. */
export { defineConfig, definePlugin } from './define.js';

/** `strict` as written, each rule resolved. */
export function resolveStrict(
  strict: boolean | Partial<Omit<StrictRules, 'codeParse'> & { codeParse: boolean | string[] }> | undefined,
): StrictRules {
  if (typeof strict === 'boolean' || strict === undefined) {
    const on = strict === true;
    return { title: on, description: on, codeLanguage: on, codeGroupTitles: on, codeParse: on ? true : [] };
  }
  return {
    title: strict.title ?? false,
    description: strict.description ?? false,
    codeLanguage: strict.codeLanguage ?? false,
    codeGroupTitles: strict.codeGroupTitles ?? false,
    codeParse:
      strict.codeParse === true
        ? true
        : Array.isArray(strict.codeParse)
          ? strict.codeParse.map((l) => l.toLowerCase())
          : [],
  };
}

/** What the command line changes of the configuration. */
export interface ConfigOverrides {
  base?: string;
  outDir?: string;
  /** Leave the versions unresolved: `docs version` makes the snapshot the configuration may be waiting for. */
  withoutVersions?: boolean;
}

export const CONFIG_FILES = ['docs.config.ts', 'docs.config.mts', 'docs.config.js', 'docs.config.mjs'];

/** The keys an object of the schema takes at a path of the configuration ("theme" -> its options), for "did you mean". */
function keysAt(schema: z.ZodType, at: PropertyKey[]): string[] {
  const unwrap = (s: z.ZodType | undefined): z.ZodType | undefined => {
    for (let i = 0; s && i < 8; i++) {
      if (s instanceof z.ZodObject) return s;
      if (s instanceof z.ZodOptional || s instanceof z.ZodNullable || s instanceof z.ZodDefault)
        s = s.unwrap() as z.ZodType;
      else if (s instanceof z.ZodArray) s = s.element as z.ZodType;
      else if (s instanceof z.ZodPipe) s = s.in as z.ZodType;
      else return undefined;
    }
    return s;
  };
  let current = unwrap(schema);
  for (const part of at) {
    if (typeof part === 'number') continue; // an array's item: unwrap took the element already
    current = current instanceof z.ZodObject ? unwrap(current.shape[part as string] as z.ZodType) : undefined;
  }
  return current instanceof z.ZodObject ? Object.keys(current.shape) : [];
}

/** Validates a user config, listing every problem at once: key path, what was expected, what was found. */
function validate(user: unknown, file: string): z.output<typeof userConfigSchema> {
  const parsed = userConfigSchema.safeParse(user);
  if (!parsed.success) {
    throw new BuildFailure(
      specificIssues(parsed.error.issues).map((issue) => {
        const key = issue.path.join('.') || '(root)';
        const message =
          issue.code === 'unrecognized_keys'
            ? `unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${[...issue.path, k].join('.')}"`).join(', ')}`
            : `"${key}": ${issue.message}`;
        const near =
          issue.code === 'unrecognized_keys'
            ? issue.keys.flatMap((k) => {
                const known = closest(k, keysAt(userConfigSchema, issue.path));
                return known ? [`"${[...issue.path, known].join('.')}"`] : [];
              })
            : [];
        const fix =
          issue.code !== 'unrecognized_keys'
            ? `set "${key}" to ${describeExpected(issue)}`
            : near.length
              ? `did you mean ${near.join(', ')}? Otherwise remove it`
              : 'remove it or check its spelling against the documented options';
        return new BuildError(message, { file }, fix);
      }),
    );
  }
  return parsed.data;
}

/** Resolves a user config: defaults applied, paths absolute, plugins' `config` hooks run. */
export function resolveConfig(
  user: unknown,
  root: string,
  overrides: ConfigOverrides & { configFile?: string } = {},
): ResolvedConfig {
  const file = overrides.configFile
    ? path.relative(root, overrides.configFile) || overrides.configFile
    : 'configuration';
  const first = validate(user ?? {}, file);
  // Plugins may extend the configuration: what they return is merged in and validated again.
  const written = (user ?? {}) as UserConfig;
  const extended = first.plugins?.length ? applyConfigHooks(written, written.plugins as Plugin[], file) : written;
  const c = extended === written ? first : validate(extended, file);
  const base = overrides.base ?? c.base ?? '/';
  if (!BASE_PATH.test(base)) {
    throw new BuildFailure([
      new BuildError(
        `base ${JSON.stringify(base)} is not ${BASE_PATH_EXPECTED}`,
        { file: overrides.base !== undefined ? '--base' : file },
        'for example /docs/ (it is written into every page, so it may hold no quotes, angle brackets, "//" or "..")',
      ),
    ]);
  }
  const contentDir = path.resolve(root, c.contentDir ?? 'content');
  const outDir = path.resolve(root, overrides.outDir ?? c.outDir ?? 'dist');
  // The writer replaces the output folder whole: it must not hold the project or its pages.
  const within = (inner: string, outer: string) => inner === outer || inner.startsWith(outer + path.sep);
  const clash = within(root, outDir)
    ? 'would replace the whole project'
    : within(contentDir, outDir)
      ? 'would replace the content folder'
      : within(outDir, contentDir)
        ? 'is inside the content folder'
        : '';
  if (clash) {
    const flag = overrides.outDir !== undefined;
    throw new BuildFailure([
      new BuildError(
        `the output folder ${path.relative(root, outDir) || '.'} ${clash}`,
        { file: flag ? '--out' : file },
        `${flag ? 'pass --out' : 'set "outDir" to'} a folder of its own, such as dist`,
      ),
    ]);
  }
  const rt = c.runtime ?? {};
  const locales = resolveLocales(c.locales, c.lang ?? 'en-US');
  const versions = overrides.withoutVersions
    ? undefined
    : resolveVersions(
        c.versions,
        root,
        contentDir,
        (locales ?? []).map((l) => l.key),
        file,
      );
  checkSnapshotSidebars(versions ?? [], root);
  return {
    root,
    contentDir,
    outDir,
    configFile: overrides.configFile,
    title: c.title ?? 'Documentation',
    description: c.description ?? '',
    base,
    lang: c.lang ?? 'en-US',
    ...(locales ? { locales } : {}),
    ...(versions ? { versions } : {}),
    siteUrl: c.siteUrl ?? c.product?.siteUrl,
    openapi: { apiKeyVariable: c.openapi?.apiKeyVariable ?? DEFAULT_API_KEY_VARIABLE },
    editLink: c.editLink ? { pattern: c.editLink.pattern, text: c.editLink.text ?? 'Edit this page' } : undefined,
    constants: c.constants ?? {},
    analytics: { containerId: c.analytics?.containerId },
    ...(c.feedback ? { feedback: resolveFeedback(c.feedback, c.analytics?.containerId, file) } : {}),
    socialCards: c.socialCards ?? false,
    runtime: {
      pageTimeoutMs: rt.pageTimeoutMs ?? 120000,
      scrollThrottleMs: rt.scrollThrottleMs ?? 300,
      activeHeadingOffsetPx: rt.activeHeadingOffsetPx ?? 10,
      progress: {
        minimum: rt.progress?.minimum ?? 0.08,
        speedMs: rt.progress?.speedMs ?? 200,
        trickleRate: rt.progress?.trickleRate ?? 0.02,
        trickleSpeedMs: rt.progress?.trickleSpeedMs ?? 800,
      },
    },
    markdown: {
      lineNumbers: c.markdown?.lineNumbers ?? false,
      highlighter: c.markdown?.highlighter ?? 'lowlight',
      remarkPlugins: (c.markdown?.remarkPlugins ?? []) as MarkdownPluginEntry[],
      rehypePlugins: (c.markdown?.rehypePlugins ?? []) as MarkdownPluginEntry[],
    },
    search: { synonyms: c.search?.synonyms ?? [] },
    strict: resolveStrict(c.strict),
    frontmatter: c.frontmatter ?? {},
    checks: {
      duplicateDescriptions: c.checks?.duplicateDescriptions ?? 'warning',
      orphans: c.checks?.orphans ?? 'warning',
      markdownPlugins: c.checks?.markdownPlugins ?? 'warning',
    },
    sidebar: Array.isArray(c.sidebar) ? { '/': c.sidebar } : c.sidebar,
    topNav: c.topNav ?? [],
    redirects: localizedRedirects(
      c.redirects ?? [],
      siteViews({ locales, versions, lang: c.lang ?? 'en-US' }),
      (view) => (view.version?.redirects as RedirectConfig[] | undefined) ?? c.redirects ?? [],
    ),
    limits: { ...DEFAULT_LIMITS, ...c.limits },
    security: {
      allowScripts: c.security?.allowScripts ?? false,
      allowedUrlSchemes: c.security?.allowedUrlSchemes ?? [],
      mdx: Array.isArray(c.security?.mdx)
        ? c.security.mdx.map((folder) => `${folder.replace(/^\.\//, '').replace(/\/+$/, '')}/`)
        : (c.security?.mdx ?? 'allow'),
    },
    mdx: {
      components: c.mdx?.components
        ? loadConfigComponents(path.resolve(root, c.mdx.components), root, file, c.limits?.mdxMs)
        : undefined,
    },
    theme: resolveTheme(c, root, file),
    // The plugins as written (validation copies objects): a plugin may keep state in itself.
    plugins: [...builtinPlugins(), ...(((extended as UserConfig).plugins ?? []) as Plugin[])],
  };
}

/** Where feedback goes: what is asked must be configured (an endpoint, an analytics container). */
function resolveFeedback(
  f: NonNullable<z.output<typeof userConfigSchema>['feedback']>,
  containerId: string | undefined,
  file: string,
): NonNullable<ResolvedConfig['feedback']> {
  const to = f.to ?? (f.endpoint ? 'endpoint' : 'analytics');
  const problems: BuildError[] = [];
  if (to !== 'analytics' && !f.endpoint)
    problems.push(
      new BuildError(
        `"feedback.to" is "${to}" but no "feedback.endpoint" is set`,
        { file },
        'set "feedback.endpoint" to the URL answers are POSTed to',
      ),
    );
  if (to !== 'endpoint' && !containerId)
    problems.push(
      new BuildError(
        `"feedback.to" is "${to}" but no analytics container is configured`,
        { file },
        'set "analytics.containerId", or send feedback to an endpoint: `feedback: { endpoint: "https://..." }`',
      ),
    );
  if (problems.length) throw new BuildFailure(problems);
  return {
    analytics: to !== 'endpoint',
    ...(to !== 'analytics' ? { endpoint: f.endpoint } : {}),
    comment: f.comment ?? true,
  };
}

/**
 * A value that matches no branch of a union (a sidebar item that is neither a route, a link nor a
 * group) is reported by the branch it came closest to (the deepest path), so the message names the
 * key that is wrong ("sidebar.0.items.2.badge.variant") instead of "sidebar: Invalid input".
 */
function specificIssues(issues: z.core.$ZodIssue[]): z.core.$ZodIssue[] {
  return issues.flatMap((issue) => {
    if (issue.code !== 'invalid_union' || !issue.errors?.length) return [issue];
    const depth = (branch: z.core.$ZodIssue[]) =>
      Math.max(...branch.map((i) => i.path.length + (i.code === 'invalid_type' ? 0 : 1)));
    const closest = issue.errors.reduce((best, branch) => (depth(branch) > depth(best) ? branch : best));
    return specificIssues(
      closest.map((inner) => ({ ...inner, path: [...issue.path, ...inner.path] }) as z.core.$ZodIssue),
    );
  });
}

function describeExpected(issue: z.core.$ZodIssue): string {
  if (issue.code === 'custom') return issue.message;
  if (issue.code === 'invalid_type') return `a ${issue.expected}`;
  if (issue.code === 'invalid_format' || issue.code === 'invalid_value')
    return issue.message.replace(/^Invalid (input: )?/i, '').replace(/^expected /, '') || 'a valid value';
  return 'a valid value';
}

/** Why the config file could not be imported, at its line: a syntax error, or an import that resolves to nothing. */
function configLoadError(error: NodeJS.ErrnoException, root: string, configFile: string): BuildError {
  const file = path.relative(root, configFile);
  const missing = error.message.match(/Cannot find (?:module|package) '([^']+)'/)?.[1];
  if (missing && (error.code === 'ERR_MODULE_NOT_FOUND' || error.code === 'MODULE_NOT_FOUND')) {
    const text = readFileSync(configFile, 'utf8');
    const named = [...new Set([missing, path.basename(missing)])].map((m) => text.indexOf(m)).find((i) => i >= 0);
    const line = named === undefined ? undefined : text.slice(0, named).split('\n').length;
    return new BuildError(
      `cannot load the configuration: it imports ${missing}, which does not exist`,
      { file, ...(line ? { line } : {}) },
      'correct the path (relative to the config file) or install the package it names',
    );
  }
  if (error.code === 'ERR_PACKAGE_PATH_NOT_EXPORTED') return notExported(error, file, configFile);
  // esbuild names the place as "<file>:<line>:<column>: ERROR: ...".
  const at = error.message.split(`${configFile}:`)[1]?.match(/^(\d+):(\d+)/);
  return new BuildError(
    `cannot load the configuration: ${error.message}`,
    { file, ...(at ? { line: Number(at[1]), column: Number(at[2]) + 1 } : {}) },
    at
      ? 'fix the syntax error above; the file must `export default defineConfig({...})`'
      : 'the error came from running the file (or a module it imports): fix what it names; the file must `export default defineConfig({...})`',
  );
}

/** An import of a package's subpath it does not export (`pagewright/blog` from an older version): what it does. */
function notExported(error: NodeJS.ErrnoException, file: string, configFile: string): BuildError {
  const [, subpath, manifest] =
    error.message.match(/subpath '\.\/([^']+)' is not defined by "exports" in (\S+package\.json)/) ?? [];
  let name: string | undefined;
  let entries: string[] = [];
  try {
    const pkg = JSON.parse(readFileSync(manifest!, 'utf8')) as { name?: string; exports?: Record<string, unknown> };
    name = pkg.name;
    entries = Object.keys(pkg.exports ?? {})
      .filter((key) => key.startsWith('./') && !key.endsWith('.json'))
      .map((key) => `${pkg.name}/${key.slice(2)}`);
  } catch {
    // No manifest to read: the message alone.
  }
  const imported = name && subpath ? `${name}/${subpath}` : undefined;
  const text = readFileSync(configFile, 'utf8');
  const at = imported ? text.indexOf(`'${imported}'`) : -1;
  const quoted = at >= 0 ? at : imported ? text.indexOf(`"${imported}"`) : -1;
  return new BuildError(
    imported
      ? `cannot load the configuration: it imports ${imported}, which the installed ${name} does not export`
      : `cannot load the configuration: ${error.message}`,
    { file, ...(quoted >= 0 ? { line: text.slice(0, quoted).split('\n').length } : {}) },
    entries.length
      ? `import from one of ${entries.join(', ')}, or install a version of ${name} that has it`
      : 'import from an entry point the package exports',
  );
}

/**
 * A testability hook (DOCS_REUSE_PLAIN_CONFIGS=1, set by vitest.config.ts): each tsImport registers tsx's
 * loader hooks once more, and Node keeps every registration for the life of the process, so each later
 * import of any module passes through them all; measured, after 600 loads of a configuration a small
 * site's build took three times the CPU, and a test worker loads hundreds. With the hook, a configuration
 * that is plain data (no function: no plugin's state to share) and imports nothing but the generator's
 * own files or packages is imported once for each text of it; a load finding the same text gets a copy.
 */
const reusedConfigs = process.env.DOCS_REUSE_PLAIN_CONFIGS
  ? new Map<string, { text: string; user: unknown }>()
  : undefined;

/** A file's text, or undefined where it cannot be read (tsImport then reports why). */
function textOf(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

function keepForReuse(configFile: string, text: string, user: unknown): void {
  const own = path.join(GENERATOR_ROOT, 'src');
  const specifiers = [...text.matchAll(/\b(?:from|import)\s*['"]([^'"]+)['"]/g)].map((m) => m[1]);
  const projectFree =
    !/\b(?:require|import)\s*\(|\bprocess\b|\bfs\b|readFile/.test(text) &&
    specifiers.every((s) => !s.startsWith('.') && (!path.isAbsolute(s) || s.startsWith(own + path.sep)));
  try {
    if (projectFree) reusedConfigs!.set(configFile, { text, user: structuredClone(user) });
    else reusedConfigs!.delete(configFile);
  } catch {
    reusedConfigs!.delete(configFile); // functions in it: not plain data
  }
}

/**
 * How long loading the configuration may take: the configuration cannot set its own limit (it is not
 * loaded yet), so an environment variable can raise it. @default limits.hookMs's default
 */
const CONFIG_MS_VARIABLE = 'DOCS_CONFIG_LOAD_MS';
function configLoadMs(): number {
  const ms = Number(process.env[CONFIG_MS_VARIABLE]);
  return Number.isInteger(ms) && ms > 0 ? ms : DEFAULT_LIMITS.hookMs;
}

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  value !== null && typeof value === 'object' && typeof (value as { then?: unknown }).then === 'function';

/** Finds and imports the root's config file (TypeScript is compiled by the tsx loader); none is fine. */
export async function loadConfig(givenRoot: string, overrides: ConfigOverrides = {}): Promise<ResolvedConfig> {
  // Absolute from here on: the stores keep files by absolute path, so a relative root (`docs build .`) would find none.
  const root = path.resolve(givenRoot);
  const configFile = CONFIG_FILES.map((name) => path.join(root, name)).find((f) => existsSync(f));
  let user: unknown = {};
  if (configFile) {
    try {
      const text = reusedConfigs && textOf(configFile);
      const reused = text !== undefined ? reusedConfigs?.get(configFile) : undefined;
      if (reused && reused.text === text) user = structuredClone(reused.user);
      else {
        // tsx's tsImport loads the file (and what it imports) afresh each time, so `dev` sees edits
        // to the config; a `?t=` query does not defeat tsx's module cache. Imported here, not at start:
        // a root without a config (a folder of Markdown) does not pay for loading tsx.
        const { tsImport } = await import('tsx/esm/api');
        // A configuration whose top-level `await` never settles (or whose default export is such a
        // promise) would hang the build, or end it with exit 13 and no word: raced against a timer.
        const ms = configLoadMs();
        const what = 'loading the configuration';
        const mod = await settleWithin(ms, what, tsImport(pathToFileURL(configFile).href, import.meta.url));
        // A config outside an ES-module package is compiled to CommonJS: its export sits one level down.
        user = mod.default?.__esModule ? mod.default.default : mod.default;
        if (isThenable(user)) user = await settleWithin(ms, what, user);
        if (text !== undefined) keepForReuse(configFile, text, user);
      }
    } catch (error) {
      if (error instanceof DeadlineExceeded)
        throw new BuildFailure([
          new BuildError(
            `the configuration did not finish loading within ${error.ms} ms (a top-level \`await\` or an exported promise that never settles?)`,
            { file: path.relative(root, configFile) },
            `make it finish: \`export default defineConfig({ ... })\`; if loading it rightly takes longer, set ${CONFIG_MS_VARIABLE} (milliseconds) in the environment`,
          ),
        ]);
      throw new BuildFailure([configLoadError(error as NodeJS.ErrnoException, root, configFile)]);
    }
    if (user === null || (user !== undefined && (typeof user !== 'object' || Array.isArray(user)))) {
      throw new BuildFailure([
        new BuildError(
          `the configuration's default export is ${user === null ? 'null' : Array.isArray(user) ? 'a list' : `a ${typeof user}`}, not an object of settings`,
          { file: path.relative(root, configFile) },
          'write `export default defineConfig({ ... })` (an empty object `{}` for no settings)',
        ),
      ]);
    }
    if (user === undefined) {
      throw new BuildFailure([
        new BuildError(
          'the configuration file has no default export',
          { file: path.relative(root, configFile) },
          'write `export default defineConfig({ ... })`',
        ),
      ]);
    }
  }
  return resolveConfig(user, root, { ...overrides, configFile });
}
