import { resolveConfig, type UserConfig } from '../../src/config/index.js';
import { parseSource } from '../../src/content/index.js';
import { Problems } from '../../src/model/errors.js';
import { renderSlice } from '../../src/markdown/index.js';
import type { PageSource } from '../../src/model/page.js';

/** A page source as the content stage gives it, for modules that take sources (not their text). */
export function pageSource(relativePath: string, route: string): PageSource {
  return {
    file: `/c/${relativePath}`,
    relativePath,
    route,
    body: 'Text.',
    lineOffset: 3,
    frontmatter: { title: 'T', description: 'D' },
    hash: 'h',
  };
}

/** Renders one page (`guide/page.md`, body from file line 5) the way the build does, with a site configuration. */
export function render(body: string, user: UserConfig = {}) {
  const config = resolveConfig({ base: '/docs/', ...user }, '/tmp/site');
  const problems = new Problems();
  const source = parseSource(
    `---\ntitle: T\ndescription: D.\n---\n${body}`,
    'guide/page.md',
    '/tmp/site/content/guide/page.md',
    problems,
  );
  const [page] = renderSlice([source], config, problems);
  return { page, problems: problems.list, warnings: problems.warnings };
}
