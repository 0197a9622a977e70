import type { Root } from 'mdast';
import type { VFile } from 'vfile';
import { isHeading, walk } from './walk.js';

/**
 * The layout renders the page title as the page's one `h1`; with `strict.title` a level-1 heading in the body is an
 * error. By default a leading `# Heading` is the title (src/content/index.ts) and any other is allowed, as the peers allow it.
 */
export default function remarkNoH1(options: { strict?: boolean } = {}) {
  return (tree: Root, file: VFile) => {
    if (!options.strict) return;
    walk(tree, isHeading, (heading) => {
      if (heading.depth !== 1) return;
      const message = file.message('a level 1 heading in the body: the page title is already the h1', {
        place: heading.position,
        ruleId: 'no-h1',
      });
      message.note = 'put the title in frontmatter `title:` and start sections with `##`';
    });
  };
}
