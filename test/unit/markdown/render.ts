import { resolveConfig } from '../../../src/config/index.js';
import { parseSource } from '../../../src/content/index.js';
import { Problems } from '../../../src/model/errors.js';
import { renderSlice } from '../../../src/markdown/index.js';

/** Renders one page's Markdown (as content/guide/page.md of a site at `root`); problems as printed. */
export function render(body: string, root = '/tmp/no-site') {
  const config = resolveConfig({ base: '/docs/' }, root);
  const problems = new Problems();
  const source = parseSource(
    `---\ntitle: T\ndescription: D.\n---\n${body}`,
    'guide/page.md',
    `${root}/content/guide/page.md`,
    problems,
  );
  const [page] = renderSlice([source], config, problems);
  return { page, problems: problems.list.map(String) };
}
