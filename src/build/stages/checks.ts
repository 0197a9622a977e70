import type { BuildMode } from '../mode.js';
import type { Layout } from './layout.js';
import type { PagePlan } from './plan.js';
import type { ResolvedConfig } from '../../config/schema.js';
import { dropFallbackProblems } from '../../i18n/locales.js';
import type { Problems } from '../../model/errors.js';
import type { PageSource } from '../../model/page.js';
import type { Site } from '../../model/site.js';
import { nameVersionFiles } from '../../versions/paths.js';
import type { OutputManifest } from '../../write/index.js';

/**
 * The site of the pages' records, in the plan of their outlines: records show what their outlines show
 * (src/markdown/index.ts), so the outlines' sidebars stand. Site files made of every page's Markdown read the kept
 * pages' pieces from the previous output; not in memory (`dev`), which writes no such file with each save: there
 * the map was 8 ms of a save at 10,000 pages.
 */
export function recordSite(
  sources: PageSource[],
  layout: Layout,
  plan: PagePlan,
  mode: BuildMode,
  previous: OutputManifest | undefined,
): Site {
  const site = mode.layout.recordSite(
    layout.site,
    sources.map((s) => plan.records.get(s.route)!),
    layout.lastUpdated,
  );
  site.kept = mode.staged
    ? {
        dir: previous?.dir,
        siteFiles: previous?.siteFiles ?? new Map(),
        pages: new Map(
          sources
            .filter((s) => plan.kept.has(s.route))
            .map((s) => [plan.records.get(s.route)!, plan.entries.get(s.route)!.paths]),
        ),
      }
    : undefined;
  return site;
}

/** The checks' findings as the site shows them: a translated site's fallback pages have none, version files are named. */
export function placeProblems(config: ResolvedConfig, sources: PageSource[], problems: Problems): void {
  if (config.locales) dropFallbackProblems(problems, sources);
  nameVersionFiles(problems, config);
}
