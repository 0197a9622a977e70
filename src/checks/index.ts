import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { PassedCache } from '../cache.js';
import { checkSite } from '../check.js';
import { loadConfig, type Severity } from '../config.js';
import { loadContentFiles } from '../content.js';
import { BuildError, BuildFailure, formatWarnings, Problems } from '../errors.js';
import { renderMarkdown } from '../pages.js';
import { createSite, type Site } from '../site.js';
import type { PageRecord } from '../types.js';
import { CLI_MODEL, cliCommandProblems, parseCliModel, type CliModel } from './cli-commands.js';
import { codeBlockProblems } from './code-blocks.js';
import { checkDuplicateDescriptions } from './duplicates.js';
import { referencedOpenApiDocuments } from '../openapi.js';
import { checkOpenApi, OPENAPI_MODEL } from './openapi.js';
import { checkOrphans } from './orphans.js';
import { dropFallbackProblems, fallbackOf } from '../i18n/locales.js';
import { localeSites } from '../i18n/site.js';
import { checkScriptFiles } from './security.js';
import { feedProblems } from '../outputs/feed.js';

/**
 * The content checks beyond links and anchors: code blocks parse, CLI examples use real commands,
 * the OpenAPI document is valid, no two pages share a description, no page is unreachable, no
 * script file is published, feed pages are headed by dates.
 * `build`, `check` and `dev` all run them. Per-page results are kept by page record, so `dev`
 * re-checks only the pages it re-parsed.
 */
export class ContentChecks {
  private readonly code = new WeakMap<PageRecord, Promise<BuildError[]>>();
  private readonly cli = new WeakMap<PageRecord, { model: CliModel; problems: BuildError[] }>();
  private cliModel?: { raw: string; parsed: CliModel | BuildError };
  private openapi?: { raw: string; problems: Promise<BuildError[]> };

  /** `passed`: code blocks known to parse from earlier builds. */
  constructor(private readonly passed?: PassedCache) {}

  async run(site: Site, problems: Problems): Promise<void> {
    const { contentDir } = site.config;
    const [model, openapiProblems, codeProblems] = await Promise.all([
      this.loadCliModel(contentDir),
      // A document a page renders was validated when the page was loaded: not twice.
      referencedOpenApiDocuments(site.pages).has(OPENAPI_MODEL) ? [] : this.checkOpenApi(contentDir),
      Promise.all(site.pages.map((page) => this.codeProblems(page))),
    ]);
    problems.push(...codeProblems.flat(), ...openapiProblems);
    if (model instanceof BuildError) problems.push(model);
    else if (model) for (const page of site.pages) problems.push(...this.cliProblems(page, model));
    const { checks } = site.config;
    // A fallback page repeats its original's description; each locale has its own sidebar.
    report(problems, checks.duplicateDescriptions, () => checkDuplicateDescriptions({ ...site, pages: site.pages.filter((p) => !fallbackOf(p)) }));
    report(problems, checks.orphans, () => (site.config.locales ? [...localeSites(site).values()] : [site]).flatMap(checkOrphans));
    problems.push(...checkScriptFiles(site), ...feedProblems(site));
  }

  private codeProblems(page: PageRecord): Promise<BuildError[]> {
    let result = this.code.get(page);
    if (!result) this.code.set(page, (result = codeBlockProblems(page, this.passed)));
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

  private async checkOpenApi(contentDir: string): Promise<BuildError[]> {
    const file = path.join(contentDir, OPENAPI_MODEL);
    const raw = await readOptional(file);
    if (raw === null) return [];
    if (this.openapi?.raw !== raw) this.openapi = { raw, problems: checkOpenApi(file, raw) };
    return this.openapi.problems;
  }
}

/** A check of taste: its findings fail the build, warn, or are not looked for, as the configuration says. */
function report(problems: Problems, severity: Severity, check: () => BuildError[]): void {
  if (severity === 'error') problems.push(...check());
  else if (severity === 'warning') problems.warn(...check());
}

async function readOptional(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** One run of the content checks (the build's: code blocks that parsed before are not parsed again). */
export function runContentChecks(site: Site, problems: Problems, passed?: PassedCache): Promise<void> {
  return new ContentChecks(passed).run(site, problems);
}

/** `check`: every check of a build, nothing written. Prints problems grouped by file; returns the exit code. */
export async function checkContent(root: string, format: 'text' | 'json', write: (s: string) => void = (s) => process.stdout.write(s)): Promise<number> {
  const problems: BuildError[] = [];
  const warnings: BuildError[] = [];
  let pages = 0;
  try {
    const config = await loadConfig(root);
    const collected = new Problems();
    const { sources, staticFiles } = await loadContentFiles(config, collected);
    const records = await renderMarkdown(sources, config, collected, { html: false });
    pages = records.length;
    const site = createSite(config, records, staticFiles);
    checkSite(site, collected);
    await runContentChecks(site, collected);
    dropFallbackProblems(collected, sources);
    warnings.push(...collected.warnings);
    collected.throwIfAny();
  } catch (error) {
    if (error instanceof BuildFailure) problems.push(...error.problems);
    else if (error instanceof BuildError) problems.push(error);
    else throw error;
  }
  if (format === 'json') {
    const sorted = [...problems].sort((a, b) => a.place.file.localeCompare(b.place.file) || (a.place.line ?? 0) - (b.place.line ?? 0));
    write(`${JSON.stringify({ ok: problems.length === 0, pages, problems: sorted.map((p) => p.toJSON()), warnings: warnings.map((w) => w.toJSON()) }, null, 2)}\n`);
  } else if (problems.length) write(`${new BuildFailure(problems).format()}\n`);
  else write(`${warnings.length ? `${formatWarnings(warnings)}\n` : ''}checked ${pages} pages: no problems\n`);
  return problems.length ? 1 : 0;
}
