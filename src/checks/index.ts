import { readOptional } from '../content/files.js';
import path from 'node:path';
import type { PassedCache } from '../incremental/cache.js';
import { checkRedirects, checkSidebar, listing } from './site.js';
import { checkThemeLinks } from '../theme/checks.js';
import { BuildError, Problems } from '../model/errors.js';
import type { Site } from '../model/site.js';
import type { PageRecord } from '../model/page.js';
import { CLI_MODEL, cliCommandProblems, parseCliModel, type CliModel } from './cli-commands.js';
import { codeBlockProblems } from './code-blocks.js';
import { checkFrontmatter } from './frontmatter.js';
import { checkDuplicateDescriptions } from './duplicates.js';
import { checkScriptFiles } from './security.js';
import { StoredLinkChecks } from './stored-links.js';
import { checkedWhenKept } from '../incremental/record-parts.js';
import { feedProblems } from '../outputs/feed.js';
import { callHook, configFileName, hookFailure, hookMs } from '../plugins/index.js';
import type { Check, Plugin } from '../plugins/types.js';

export type { Check } from '../plugins/types.js';

/**
 * The registry of checks: every check of a build, in one list (`checks`), the plugins' after ours.
 * Each runs after every page is parsed and before anything is written; its findings fail the
 * build, warn, or are not looked for, as its severity says. `build`, `check` and `dev` all run it.
 * Per-page results are kept by page record, so `dev` re-checks only the pages it re-parsed.
 */
export class ContentChecks {
  private readonly code = new WeakMap<PageRecord, Promise<BuildError[]>>();
  /** The code blocks' findings once known: `dev`'s next build takes them without a promise a page. */
  private readonly done = new WeakMap<PageRecord, BuildError[]>();
  private readonly cli = new WeakMap<PageRecord, { model: CliModel; problems: BuildError[] }>();
  private cliModel?: { raw: string; parsed: CliModel | BuildError };

  /** The links and orphans checks, kept from the last build (src/checks/stored-links.ts). */
  private readonly links: StoredLinkChecks;

  /**
   * `passed`: code blocks known to parse from earlier builds; `stored`: the links and orphans checks of the last build
   * (`build`'s, on disk). Without it they are kept in memory by this instance: `dev` keeps one for its process.
   */
  constructor(
    private readonly passed?: PassedCache,
    options: { stored?: StoredLinkChecks } = {},
  ) {
    this.links = options.stored ?? new StoredLinkChecks();
  }

  /** Ours: links and anchors, the sidebar, redirects, code blocks, CLI examples, taste, scripts, feeds (the OpenAPI model's comes from its plugin). */
  private builtin(site: Site): Check[] {
    const { checks } = site.config;
    return [
      { name: 'links', run: (s) => this.links.links(s) },
      { name: 'sidebar', run: listing(checkSidebar) },
      { name: 'redirects', run: listing(checkRedirects) },
      { name: 'theme links', run: listing(checkThemeLinks) },
      {
        name: 'code blocks',
        run: async (s) => {
          const languages = s.config.strict.codeParse;
          if (languages !== true && !languages.length) return [];
          const found = s.pages.map((page) => this.done.get(page) ?? this.codeProblems(page, languages));
          return (
            found.some((f) => f instanceof Promise) ? await Promise.all(found) : (found as BuildError[][])
          ).flat();
        },
      },
      { name: 'CLI commands', run: (s) => this.cliCommands(s) },
      { name: 'frontmatter', run: checkFrontmatter },
      { name: 'duplicate descriptions', severity: checks.duplicateDescriptions, run: checkDuplicateDescriptions },
      { name: 'orphans', severity: checks.orphans, run: (s) => this.links.orphans(s) },
      { name: 'script files', run: checkScriptFiles },
      { name: 'feeds', run: feedProblems },
    ];
  }

  async run(site: Site, problems: Problems): Promise<void> {
    const registry = [...this.builtin(site), ...pluginChecks(site)].filter(
      (check) => (check.severity ?? 'error') !== 'off',
    );
    const found = await Promise.all(registry.map((check) => check.run(site)));
    registry.forEach((check, i) =>
      check.severity === 'warning' ? problems.warn(...found[i]) : problems.push(...found[i]),
    );
  }

  private async cliCommands(site: Site): Promise<BuildError[]> {
    const model = await this.loadCliModel(site.config.contentDir);
    if (model instanceof BuildError) return [model];
    return model ? site.pages.flatMap((page) => this.cliProblems(page, model)) : [];
  }

  private codeProblems(page: PageRecord, languages: true | readonly string[]): Promise<BuildError[]> | BuildError[] {
    // Kept by the Markdown cache: its blocks passed when it was stored, and their verdict depends on nothing else.
    if (checkedWhenKept(page)) return [];
    let result = this.code.get(page);
    if (!result) {
      this.code.set(page, (result = codeBlockProblems(page, this.passed, languages)));
      void result.then((found) => this.done.set(page, found)).catch(() => undefined);
    }
    return result;
  }

  private cliProblems(page: PageRecord, model: CliModel): BuildError[] {
    const cached = this.cli.get(page);
    if (cached?.model === model) return cached.problems;
    const problems = cliCommandProblems(page, model);
    this.cli.set(page, { model, problems });
    return problems;
  }

  /** The CLI model, re-parsed only when its text changed; null when there is none (check skipped). */
  private async loadCliModel(contentDir: string): Promise<CliModel | BuildError | null> {
    const raw = await readOptional(path.join(contentDir, CLI_MODEL));
    if (raw === null) return null;
    if (this.cliModel?.raw !== raw) this.cliModel = { raw, parsed: parseCliModel(raw) };
    return this.cliModel.parsed;
  }
}

/** The checks the plugins' `checks` hooks return, in plugin order. */
function pluginChecks(site: Site): Check[] {
  const { config } = site;
  const file = configFileName(config);
  return (config.plugins ?? []).flatMap((plugin) => {
    if (!plugin.checks) return [];
    const checks = callHook(plugin, 'checks', file, () => plugin.checks!({ config }), hookMs(config));
    return listed(plugin, checks, file).map((check) => pluginCheck(plugin, check, site));
  });
}

/** What a `checks` hook returned, as a list (anything else is the plugin's mistake, named). */
function listed(plugin: Plugin, checks: unknown, file: string): Check[] {
  if (checks === undefined) return [];
  if (!Array.isArray(checks))
    throw hookFailure(plugin.name, 'checks', new Error(`it returned ${typeof checks}, not a list`), file);
  return checks as Check[];
}

/** A plugin's check in the registry: what it throws (or rejects with) is reported with the plugin's name. */
function pluginCheck(plugin: Plugin, check: Check, site: Site): Check {
  const file = configFileName(site.config);
  if (!check || typeof check.name !== 'string' || typeof check.run !== 'function')
    throw hookFailure(plugin.name, 'checks', new Error('a check needs a `name` and a `run(site)` function'), file);
  return {
    ...check,
    run: async (s) => {
      const found: unknown = await callHook(plugin, 'checks', file, () => check.run(s), hookMs(s.config));
      if (found != null && !Array.isArray(found))
        throw hookFailure(
          plugin.name,
          'checks',
          new Error(
            `its check "${check.name}" returned ${typeof found}, not a list of problems (BuildError[], [] for none)`,
          ),
          file,
        );
      return ((found ?? []) as unknown[]).map((f) =>
        f instanceof BuildError
          ? f
          : new BuildError(
              `plugin "${plugin.name}", check "${check.name}": ${String((f as { message?: string })?.message ?? f)}`,
              { file },
            ),
      );
    },
  };
}

/** One run of the content checks (the build's: code blocks that parsed before are not parsed again). */
export function runContentChecks(site: Site, problems: Problems, passed?: PassedCache): Promise<void> {
  return new ContentChecks(passed).run(site, problems);
}
